import { spawn, type ChildProcess } from "node:child_process";
import type { Readable } from "node:stream";
import { createInterface } from "node:readline";

export interface StartedChild {
  child: ChildProcess;
  /** The first stdout line (the go-plugin handshake); rejects if stdout closes without one. */
  firstLine: Promise<string>;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  waitForStdout(pattern: RegExp): Promise<string>;
  waitForStderr(pattern: RegExp): Promise<string>;
}

/** Collects a stream's lines and lets callers wait for one matching a pattern. */
function lineWatcher(stream: Readable) {
  const lines: string[] = [];
  const waiters: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  const reader = createInterface({ input: stream });
  reader.on("line", (line) => {
    lines.push(line);
    for (const w of waiters.filter((w) => w.pattern.test(line))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(line);
    }
  });
  const closed = new Promise<void>((resolve) => reader.on("close", resolve));
  return {
    lines,
    closed,
    waitFor: (pattern: RegExp) =>
      new Promise<string>((resolve) => {
        const seen = lines.find((l) => pattern.test(l));
        if (seen !== undefined) resolve(seen);
        else waiters.push({ pattern, resolve });
      }),
  };
}

/** Starts a node script and exposes its output lines and its exit. */
export function startChild(script: string, args: string[], env: NodeJS.ProcessEnv): StartedChild {
  const child = spawn(process.execPath, [script, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  const out = lineWatcher(child.stdout!);
  const err = lineWatcher(child.stderr!);
  const stderr = () => err.lines.join("\n");
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  const firstLine = Promise.race([
    out.waitFor(/^/),
    out.closed
      .then(() => err.closed)
      .then(() => Promise.reject(new Error(`no stdout line; stderr: ${stderr()}`))),
  ]);
  firstLine.catch(() => undefined); // tests that expect no handshake await it themselves
  return { child, firstLine, stderr, exited, waitForStdout: out.waitFor, waitForStderr: err.waitFor };
}
