// The examples through the real cdktf CLI and terraform, against the simulator over loopback: each
// step is checked on the service side, not only in terraform's output.
import * as fs from "node:fs";
import * as path from "node:path";
import { lockHash } from "../../src/provider-package/provider-artifact";
import { DEMO } from "../../src/simulator";
import { CdkCliSession, cdktfProject } from "../helpers/cdk-cli";
import { expectSandboxOf } from "../helpers/sandbox-example";

let session: CdkCliSession;
let svc: CdkCliSession["svc"];

beforeAll(async () => {
  session = await CdkCliSession.start();
  svc = session.svc;
});

afterAll(async () => {
  await session?.close();
});

const newProject = (name: string, appFile: string) => session.newProject(name, appFile);
const cdktf = (dir: string, args: string[], extra?: Record<string, string>) => session.run(dir, args, extra);
const cdktfOk = (dir: string, args: string[], extra?: Record<string, string>) =>
  session.runOk(dir, args, extra);
const instanceNamed = (environmentId: string, name: string) => session.instanceNamed(environmentId, name);

describe("examples/quickstart with the cdktf CLI (steps run in order)", () => {
  let dir: string;
  let launchedId: string;
  beforeAll(() => {
    dir = newProject("quickstart", "examples/quickstart/main.ts");
  });

  test("deploy launches the instance the stack describes", async () => {
    await cdktfOk(dir, ["deploy", "--auto-approve"], {
      QUICKSTART_APP_FORK: "release-1",
    });
    const instance = await instanceNamed(DEMO.defaultEnvironmentId, "quickstart-webshop");
    launchedId = instance.id;
    expect(instance.status).toBe("Running");
    expect(instance.version).toBe(1);
    expect(instance.parameters).toEqual({ "input.app-fork": "release-1", "input.db-size": "medium" });
    // The bound submodule parameter follows its main parameter; the free one is as the stack set it.
    expect(instance.submodules.db.parameters).toEqual({
      "input.size": "medium",
      "input.engine": "postgres-16",
    });
  });

  test("diff after a parameter change shows an in-place update; deploy reconfigures the same instance", async () => {
    const diff = await cdktfOk(dir, ["diff"], { QUICKSTART_APP_FORK: "release-2" });
    expect(diff).toMatch(/appmgmt_instance\.webshop \(webshop\/Default\) will be updated in-place/);
    expect(diff).toMatch(/~ "input\.app-fork" = "release-1" -> "release-2"/);
    expect(diff).toMatch(/Plan: 0 to add, 1 to change, 0 to destroy/);
    expect((await svc.client.getInstance(launchedId)).parameters["input.app-fork"]).toBe("release-1");

    await cdktfOk(dir, ["deploy", "--auto-approve"], {
      QUICKSTART_APP_FORK: "release-2",
    });
    const instance = await svc.client.getInstance(launchedId);
    expect(instance.status).toBe("Running");
    expect(instance.parameters).toEqual({ "input.app-fork": "release-2", "input.db-size": "medium" });
    expect(instance.submodules.db.parameters["input.engine"]).toBe("postgres-16");
    const named = (await svc.client.listInstances(DEMO.defaultEnvironmentId)).filter(
      (i) => i.name === "quickstart-webshop",
    );
    expect(named.map((i) => i.id)).toEqual([launchedId]);
  });

  test("destroy destroys the instance on the service", async () => {
    await cdktfOk(dir, ["destroy", "--auto-approve"], {
      QUICKSTART_APP_FORK: "release-2",
    });
    expect((await svc.client.getInstance(launchedId)).status).toBe("Destroyed");
  });

  test("the whole deploy / diff / deploy / destroy sequence made exactly one token call", () => {
    // Each cdktf command starts several provider processes; they share the session token through the
    // file cache, and the simulator's token lifetime outlasts this test.
    expect(svc.sim.stats.tokenCalls).toBe(1);
  });
});

test("cdktf synth of an app breaking the binding rule fails with the construct path, the key and the fix", async () => {
  const dir = newProject("violating", "test/e2e/fixtures/violating-app.ts");
  const run = await cdktf(dir, ["synth"]);
  expect(run.code).not.toBe(0);
  expect(run.output).toContain(
    "[violating/webshop] submodules.db.parameters['input.size']: input.size of submodule db is bound to " +
      "parameters['input.db-size']",
  );
  expect(run.output).toContain("Fix: set parameters['input.db-size'] instead");
  expect(fs.existsSync(path.join(dir, "cdktf.out", "stacks", "violating", "cdk.tf.json"))).toBe(false);
});

/**
 * A clean copy of examples/multi-environment, run by its own cdktf.json: the example's files copied,
 * the repository folders it reaches (../../scripts, ../../src, ../quickstart, node_modules) linked.
 */
function cleanExampleCopy(): string {
  const copy = path.join(session.tmp, "checkout");
  const example = path.join(copy, "examples", "multi-environment");
  fs.mkdirSync(example, { recursive: true });
  for (const file of ["cdktf.json", "main.ts"])
    fs.copyFileSync(
      path.join(cdktfProject.ROOT, "examples", "multi-environment", file),
      path.join(example, file),
    );
  for (const linked of ["node_modules", "scripts", "src", path.join("examples", "quickstart")])
    fs.symlinkSync(path.join(cdktfProject.ROOT, linked), path.join(copy, linked));
  return example;
}

test("examples/multi-environment: diff and deploy as its header says, no lock step on the public registry", async () => {
  const dir = cleanExampleCopy();
  const diff = await cdktfOk(dir, ["diff", "webshop-default"]);
  expect(diff).toMatch(/Plan: 1 to add, 0 to change, 0 to destroy/);
  expect(diff).not.toContain("registry.terraform.io/appmgmt");
  // The lock the provider construct wrote at synth, kept by terraform init.
  const lock = fs.readFileSync(
    path.join(dir, "cdktf.out", "stacks", "webshop-default", ".terraform.lock.hcl"),
    "utf8",
  );
  expect(lock).toContain(lockHash());

  await cdktfOk(dir, ["deploy", "*", "--auto-approve"]);
  const production = await instanceNamed(DEMO.defaultEnvironmentId, "webshop-default");
  const staging = await instanceNamed(DEMO.stagingEnvironmentId, "webshop-staging");
  expect([production.status, staging.status]).toEqual(["Running", "Running"]);
  expect(production.parameters).toEqual({ "input.app-fork": "release-1", "input.db-size": "large" });
  expect(staging.parameters).toEqual({ "input.app-fork": "main", "input.db-size": "small" });

  await cdktfOk(dir, ["destroy", "*", "--auto-approve"]);
  expect((await svc.client.getInstance(production.id)).status).toBe("Destroyed");
  expect((await svc.client.getInstance(staging.id)).status).toBe("Destroyed");
});

describe("secrets through ApplicationInstance with the cdktf CLI", () => {
  const TOKEN = "tok-s3cret-5a7e01";
  const PASSWORD = "pw-s3cret-9c4d22";
  let dir: string;
  beforeAll(() => {
    dir = newProject("secrets", "test/e2e/fixtures/secret-app.ts");
  });

  /** Every file the project holds after the CLI ran (cdktf.out, states, terraform's data), providers aside. */
  const projectFiles = () =>
    (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter(
        (e) => e.isFile() && !path.join(e.parentPath, e.name).includes(`${path.sep}providers${path.sep}`),
      )
      .map((e) => path.join(e.parentPath, e.name));

  test("deploy from sensitive variables sends the secrets; cdktf.out, the state, the output and the trace hold none", async () => {
    const trace = path.join(session.tmp, "secrets-trace.log");
    const output = await cdktfOk(dir, ["deploy", "--auto-approve"], {
      TF_VAR_registry_token: TOKEN,
      TF_VAR_db_password: PASSWORD,
      TF_LOG: "trace",
      TF_LOG_PATH: trace,
    });
    const instance = await instanceNamed(DEMO.defaultEnvironmentId, "cdktf-secret-shop");
    expect(instance.status).toBe("Running");
    expect(instance.parameters).toEqual({ "input.app-fork": TOKEN, "input.db-size": "small" });
    expect(instance.submodules.db.parameters["input.engine"]).toBe(PASSWORD);

    const files = projectFiles();
    const state = files.filter((f) => /\.tfstate$/.test(f));
    expect(state.map((f) => path.basename(f))).toContain("terraform.secrets.tfstate");
    expect(fs.readFileSync(state[0], "utf8")).toContain(instance.id);
    const synthesized = path.join(dir, "cdktf.out", "stacks", "secrets", "cdk.tf.json");
    expect(JSON.parse(fs.readFileSync(synthesized, "utf8")).resource.appmgmt_instance.webshop).toMatchObject({
      secret_parameters: { "input.app-fork": "${var.registry_token}" },
      submodules: { db: { secret_parameters: { "input.engine": "${var.db_password}" } } },
    });
    expect(JSON.parse(fs.readFileSync(synthesized, "utf8")).variable.db_password.ephemeral).toBe(true);
    expect(fs.statSync(trace).size).toBeGreaterThan(100_000);
    for (const text of [output, ...[...files, trace].map((f) => fs.readFileSync(f, "utf8"))]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(PASSWORD);
    }
    expect(output).not.toContain("is a literal string");
  });

  test("synth of a literal secret warns once, naming the key", async () => {
    const output = await cdktfOk(dir, ["synth"], { SECRET_LITERAL: PASSWORD });
    const warnings = output.match(/submodules\.db\.secretParameters\['input\.engine'\] is a literal string/g);
    expect(warnings).toHaveLength(1);
    expect(output).toContain("Fix: pass the value of a TerraformVariable with sensitive: true");
    // What the warning is about: the literal is in the synthesized configuration.
    expect(
      fs.readFileSync(path.join(dir, "cdktf.out", "stacks", "secrets", "cdk.tf.json"), "utf8"),
    ).toContain(PASSWORD);
  });
});

test("examples/sandboxes/typescript: deploy clones staging into the branch's sandbox and launches into it; diff shows no changes", async () => {
  const dir = newProject("sandboxes", "examples/sandboxes/typescript/main.ts");
  const branch = { TF_VAR_branch: "feature-cdktf" };
  await cdktfOk(dir, ["deploy", "--auto-approve"], branch);
  await expectSandboxOf(svc, "feature-cdktf");
  const diff = await cdktfOk(dir, ["diff"], branch);
  expect(diff).toContain("No changes");
  expect(diff).not.toMatch(/Plan: \d+ to add/);
});
