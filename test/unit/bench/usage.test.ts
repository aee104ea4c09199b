// `--help` on every bench script one runs: it prints the script's header comment (how to run it, its bars)
// and exits 0 without running anything, before `npm run build` too.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const BENCH = join(__dirname, "..", "..", "..", "bench");

/** The scripts one runs: their header says how (`node bench/<name>.js`); the others are their modules. */
const runnable = readdirSync(BENCH)
  .filter((f) => f.endsWith(".js") && readFileSync(join(BENCH, f), "utf8").includes(`node bench/${f}`))
  .sort();

test("every runnable bench script is found", () => {
  expect(runnable).toEqual([
    "apply-100.js",
    "faults-apply-50.js",
    "grpc-call-cost.js",
    "handler-calls.js",
    "import-root.js",
    "load.js",
    "plan-forecast.js",
    "provider-calls.js",
    "provider-executable.js",
    "provider-startup.js",
    "review-500.js",
    "soak.js",
    "state-bytes.js",
    "synth-1000.js",
    "vs-builtin.js",
    "wait-calls.js",
  ]);
});

test.each(runnable)("node bench/%s --help prints its header and runs nothing", (file) => {
  const firstHeaderLine = readFileSync(join(BENCH, file), "utf8")
    .split("\n")
    .find((l) => l.startsWith("//"))!
    .replace(/^\/\/ ?/, "");
  const run = spawnSync(process.execPath, [join(BENCH, file), "--help"], {
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  expect(run.stdout.startsWith(`${firstHeaderLine}\n`)).toBe(true);
  expect(run.stdout).toContain(`node bench/${file}`);
});

test("node bench/soak.js without --minutes says what it needs and runs nothing", () => {
  const run = spawnSync(process.execPath, [join(BENCH, "soak.js")], { encoding: "utf8", timeout: 30_000 });
  expect(run.status).toBe(1);
  expect(run.stderr).toBe("--minutes M is required: how long to keep starting cycles (0: one cycle)\n");
  expect(run.stdout).toBe("");
});
