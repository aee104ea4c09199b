// `appmgmt sim` as users run it: a child process printing its first line and serving; plus the dispatcher's
// help and flag errors through main().
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { build } from "esbuild";
import { main } from "../../../src/cli/main";
import { parseSimArgs, SIM_USAGE } from "../../../src/cli/sim";
import { DEMO, demoSeed, startSimulator } from "../../../src/simulator";
import { stringify } from "yaml";
import { captureConsole } from "../../helpers/console";
import { call } from "./http";

const ROOT = resolve(__dirname, "../../..");

describe("appmgmt dispatcher", () => {
  it("--help lists the subcommands", async () => {
    const io = captureConsole();
    try {
      expect(await main(["--help"])).toBe(0);
      expect(io.out()).toMatch(/^\s+sim\s+run the simulator/m);
      expect(io.out()).toMatch(/^\s+install-provider\s+/m);
    } finally {
      io.restore();
    }
  });

  it("rejects an unknown command by name", async () => {
    const io = captureConsole();
    try {
      expect(await main(["deploy"])).toBe(2);
      expect(io.err()).toMatch(/unknown command "deploy"/);
    } finally {
      io.restore();
    }
  });

  it("sim --help explains every flag", async () => {
    const io = captureConsole();
    try {
      expect(await main(["sim", "--help"])).toBe(0);
      const help = io.out();
      for (const flag of [
        "--port",
        "--host",
        "--seed",
        "--state",
        "--launch-ms",
        "--reconfigure-ms",
        "--destroy-ms",
        "--jwt-lifetime",
        "--flood-max-tokens",
        "--flood-window-ms",
        "--flood-block-ms",
        "--fault-rate",
        "--fault-statuses",
        "--fault-latency-ms",
        "--fault-reset-rate",
        "--fault-seed",
        "--status-words",
      ])
        expect(help).toMatch(new RegExp(`^  ${flag} .*\\S`, "m"));
      expect(help).toBe(SIM_USAGE);
    } finally {
      io.restore();
    }
  });

  it("sim --status-words older answers in the older words", async () => {
    const opts = parseSimArgs(["--status-words", "older", "--launch-ms", "0"]);
    expect(opts.statusWords).toBe("older");
    const svc = await startSimulator({ ...opts, seed: demoSeed() });
    try {
      const launched = await call(
        svc.url,
        "POST",
        `/api/1/applications/${DEMO.webshopApplicationId}/launch`,
        {
          body: {},
        },
      );
      const status = await call(svc.url, "GET", `/api/1/instances/${(launched.body as { id: string }).id}`);
      expect((status.body as { status: string }).status).toBe("Active");
    } finally {
      await svc.close();
    }
  });

  it("sim names an unknown flag and a bad value", async () => {
    const io = captureConsole();
    try {
      expect(await main(["sim", "--prot", "8080"])).toBe(2);
      expect(io.err()).toMatch(/unknown flag --prot/);
      expect(await main(["sim", "--port", "http"])).toBe(2);
      expect(io.err()).toMatch(/--port must be a number between 0 and 65535, got "http"/);
      expect(await main(["sim", "--fault-statuses", "200"])).toBe(2);
      expect(io.err()).toMatch(/--fault-statuses must list 4xx\/5xx codes/);
      expect(await main(["sim", "--status-words", "ancient"])).toBe(2);
      expect(io.err()).toMatch(/--status-words must be current or older, got "ancient"/);
      expect(await main(["sim", "--port"])).toBe(2);
      expect(io.err()).toMatch(/--port <value>' argument missing/);
    } finally {
      io.restore();
    }
  });
});

describe("appmgmt sim as a child process", () => {
  let dir: string;
  let script: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "appmgmt-cli-"));
    script = join(dir, "appmgmt.js");
    await build({
      entryPoints: [join(ROOT, "src/cli/main.ts")],
      bundle: true,
      platform: "node",
      target: "node20",
      outfile: script,
      external: ["esbuild"],
      logLevel: "error",
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("rejects a bad seed file with the field path, exit code 2", async () => {
    const seed = join(dir, "bad-seed.yaml");
    writeFileSync(seed, "users: []\norganizations: [{id: nope}]\n");
    const io = captureConsole();
    try {
      expect(await main(["sim", "--seed", seed])).toBe(2);
      expect(io.err()).toMatch(/organizations\[0\]\.id: must be a 24-character lowercase hex id/);
    } finally {
      io.restore();
    }
  });

  it("says on its second line which data it serves: a saved --state file wins over --seed", async () => {
    const state = join(dir, "state.json");
    const seed = join(dir, "seed.yaml");
    writeFileSync(seed, stringify(demoSeed()));
    const io = captureConsole();
    try {
      for (const expected of ["data: seed file", "data: saved state"]) {
        const running = main(["sim", "--seed", seed, "--state", state]);
        while (!io.out().includes("stop with Ctrl-C")) await new Promise((r) => setTimeout(r, 5));
        process.emit("SIGTERM");
        expect(await running).toBe(0);
        expect(io.out()).toContain(`${expected}; state: ${state};`);
        io.clear();
      }
    } finally {
      io.restore();
    }
  });

  it.each(["SIGTERM", "SIGINT"] as const)(
    "prints `appmgmt simulator listening on http://HOST:PORT` first, serves the demo data, and stops on %s",
    async (signal) => {
      const child = spawn(process.execPath, [script, "sim", "--port", "0", "--launch-ms", "100"], {
        env: { ...process.env, NODE_PATH: join(ROOT, "node_modules"), CHECKPOINT_DISABLE: "1" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
      const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
      const first = (await lines.next()).value as string;
      expect(first).toMatch(/^appmgmt simulator listening on http:\/\/127\.0\.0\.1:\d+$/);
      const url = first.slice("appmgmt simulator listening on ".length);
      const orgs = await call(url, "GET", "/api/1/organizations");
      expect(orgs).toMatchObject({ status: 200, body: [{ name: "Demo Org" }] });
      child.kill(signal);
      expect(await exited).toBe(0);
    },
  );
});
