// Shared state in PostgreSQL (terraform's `pg` backend) against a throw-away cluster: two applies of the
// same state at once — one holds the lock, the other fails with terraform's lock error, and one that
// passes -lock-timeout waits and then succeeds — and afterwards state and service agree: every instance
// once, nothing orphaned, nothing lost. Also examples/pg-backend, HCL and cdktf PgBackend.
import * as fs from "node:fs";
import * as path from "node:path";
import { App } from "cdktf";
import { SharedStateStack } from "../../examples/pg-backend/main";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { postgresBinDir, psql, startTestPostgres, type TestPostgres } from "../helpers/postgres";
import { describeRun, TerraformWorkspace } from "../helpers/terraform";
import { pollUntil } from "../helpers/wait";

const ROOT = path.join(__dirname, "../..");
const EXAMPLE = path.join(ROOT, "examples/pg-backend");
const NAMES = ["shop-a", "shop-b", "shop-c"];

describe("shared state in PostgreSQL", () => {
  // long launches: the first apply holds the lock for as long as the test needs
  const ctx = useTerraformAgainstSimulator({ timing: { launchMs: 15_000 } });
  let pg: TestPostgres;
  const workspaces: TerraformWorkspace[] = [];
  beforeAll(async () => {
    pg = await startTestPostgres();
  });
  afterAll(async () => {
    for (const ws of workspaces) ws.remove();
    await pg?.stop();
  });

  /** A workspace whose terraform finds the cluster through PG_CONN_STR, as a pipeline job does. */
  function pgWorkspace(): TerraformWorkspace {
    const ws = TerraformWorkspace.create({
      provider: ctx.provider,
      env: { ...ctx.svc.env, PG_CONN_STR: pg.connStr },
    });
    workspaces.push(ws);
    return ws;
  }

  /** A workspace with examples/pg-backend (the manifest beside it), pointed at the cluster. */
  async function exampleWorkspace(schema: string): Promise<TerraformWorkspace> {
    const ws = pgWorkspace();
    const hcl = fs
      .readFileSync(path.join(EXAMPLE, "main.tf"), "utf8")
      .replace('"terraform_remote_state"', `"${schema}"`)
      .replace("${path.module}/../hcl/webshop.yaml", "${path.module}/webshop.yaml");
    ws.writeMain(hcl);
    ws.writeFile("webshop.yaml", fs.readFileSync(path.join(ROOT, "examples/hcl/webshop.yaml"), "utf8"));
    const init = await ws.run(["init", "-input=false", "-no-color"]);
    if (init.code !== 0) throw new Error(describeRun(init));
    return ws;
  }

  test("two applies at once: one holds the lock, one fails on it, one waits for it; state and service agree", async () => {
    // one after the other: concurrent first inits race to create the schema (terraform's pg backend)
    const first = await exampleWorkspace("shared");
    const impatient = await exampleWorkspace("shared");
    const patient = await exampleWorkspace("shared");
    const applyArgs = ["apply", "-input=false", "-no-color", "-auto-approve"];
    const holder = first.start([...applyArgs, "-lock-timeout=0s"]).done;
    // the first apply holds the lock while its launches run
    await pollUntil(
      "the first apply's launches",
      () =>
        ctx.svc.sim.instances().filter((i) => NAMES.includes(i.name)).length === NAMES.length
          ? true
          : undefined,
      { timeoutMs: 60_000 },
    );
    const [refused, waited] = await Promise.all([
      impatient.run([...applyArgs, "-lock-timeout=0s"]),
      patient.run([...applyArgs, "-lock-timeout=5m"]),
    ]);
    const held = await holder;

    expect(held.code).toBe(0);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Error acquiring the state lock");
    expect(waited.code).toBe(0);
    // it waited for the lock, then found the instances the first apply made: nothing more to do
    expect(waited.stdout).toContain("No changes.");

    // nothing launched twice, nothing destroyed: the three instances of the first apply, all running
    expect(ctx.svc.sim.instances()).toHaveLength(NAMES.length);
    const running = ctx.svc.sim.instances().filter((i) => NAMES.includes(i.name) && i.status !== "Destroyed");
    expect(running.map((i) => i.name).sort()).toEqual(NAMES);
    expect(running.every((i) => i.status === "Running")).toBe(true);
    const state = await patient.state();
    expect(Object.fromEntries(state.map((r) => [r.values.instance_name, r.values.id]))).toEqual(
      Object.fromEntries(running.map((i) => [i.name, i.id])),
    );
    // one state row for the default workspace, in the cluster
    expect(psql(pg, "select name from shared.states")).toBe("default");
  }, 300_000);

  test("a machine without PostgreSQL fails these tests with a message naming what to install", () => {
    expect(() => postgresBinDir("", path.join(ctx.tf.dir, "no-postgresql"))).toThrow(
      /not found.*\.ci\/run installs Debian's `postgresql` package/s,
    );
    expect(fs.existsSync(path.join(postgresBinDir(), "initdb"))).toBe(true);
  });

  test("examples/pg-backend/main.ts: a cdktf stack with PgBackend takes conn_str from PG_CONN_STR", async () => {
    const outdir = fs.mkdtempSync(path.join(ctx.tf.dir, "cdktf-"));
    const app = new App({ outdir });
    new SharedStateStack(app, "shared-state", ["cdktf-shop"]);
    app.synth();
    const synthesized = fs.readFileSync(path.join(outdir, "stacks/shared-state/cdk.tf.json"), "utf8");
    expect(synthesized).not.toContain("127.0.0.1");
    const ws = pgWorkspace();
    ws.writeFile("cdk.tf.json", synthesized);
    const init = await ws.run(["init", "-input=false", "-no-color"]);
    if (init.code !== 0) throw new Error(describeRun(init));
    const apply = await ws.run(["apply", "-input=false", "-no-color", "-auto-approve"]);
    if (apply.code !== 0) throw new Error(describeRun(apply));
    const [instance] = await ws.state();
    expect((await ctx.svc.client.getInstance(instance.values.id as string)).name).toBe("cdktf-shop");
    expect(psql(pg, "select count(*) from terraform_remote_state.states")).toBe("1");
  });
});
