// `appmgmt sim` in its own process, built from the sources (esbuild bundle), for tests that look at the
// simulator from outside: its memory (RSS from /proc), its listening line, HTTPS flags.
//
//   const proc = await startSimProcess(["--tls-cert", cert, "--tls-key", key]);
//   proc.url, proc.firstLine, proc.rssMb(), await proc.stop()
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { build } from "esbuild";

const ROOT = resolve(__dirname, "../..");
const LISTENING = "appmgmt simulator listening on ";

let bundled: Promise<string> | undefined;

/** src/cli/main.ts bundled once per test file, kept in memory. */
function appmgmtBundle(): Promise<string> {
  bundled ??= (async () => {
    const result = await build({
      entryPoints: [join(ROOT, "src/cli/main.ts")],
      bundle: true,
      platform: "node",
      target: "node20",
      write: false,
      external: ["esbuild"],
      logLevel: "error",
    });
    return result.outputFiles[0].text;
  })();
  return bundled;
}

export interface SimProcess {
  url: string;
  firstLine: string;
  pid: number;
  /** Resident set size now, in MiB (Linux /proc). */
  rssMb(): number;
  stop(): Promise<void>;
}

/** Starts `appmgmt sim --port 0 ...args` and waits for its listening line. */
export async function startSimProcess(args: string[] = []): Promise<SimProcess> {
  // The script lives only until the process has loaded it (one file: nothing is required from it later).
  const dir = mkdtempSync(join(tmpdir(), "appmgmt-sim-process-"));
  const script = join(dir, "appmgmt.js");
  writeFileSync(script, await appmgmtBundle());
  const child = spawn(process.execPath, [script, "sim", "--port", "0", ...args], {
    env: { ...process.env, NODE_PATH: join(ROOT, "node_modules") },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const first = await Promise.race([lines.next(), exited.then(() => undefined)]);
  rmSync(dir, { recursive: true, force: true });
  const firstLine = first?.value as string | undefined;
  if (firstLine === undefined || !firstLine.startsWith(LISTENING)) {
    child.kill("SIGKILL");
    throw new Error(`appmgmt sim ${args.join(" ")} did not start: ${firstLine ?? ""}\n${stderr}`);
  }
  return {
    url: firstLine.slice(LISTENING.length),
    firstLine,
    pid: child.pid!,
    rssMb: () => rssMb(child),
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

function rssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS in /proc/${child.pid}/status`);
  return Number(kb) / 1024;
}
