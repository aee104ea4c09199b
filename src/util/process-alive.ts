// Whether a process still runs: the client's token-cache lock and the simulator's leftover temp files are
// both owned by a process that may have died. A utility, a leaf layer (it imports nothing of the project),
// so the client and the simulator share it without importing each other (ARCHITECTURE.md §1).

/** Signal 0 only tests for the process; EPERM means it runs, under another user. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
