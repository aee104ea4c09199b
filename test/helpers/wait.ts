// Waiting on a condition another process brings about (terraform acting on the simulator), by polling it:
// the condition itself is the synchronisation, the interval only bounds how soon it is noticed.
export async function pollUntil<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  opts: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, opts.intervalMs ?? 20));
  }
}
