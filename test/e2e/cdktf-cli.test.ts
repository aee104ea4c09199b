// Test apps through the real cdktf CLI and terraform, against the simulator over loopback: each step is
// checked on the service side, not only in terraform's output. The shipped examples run from the packed
// package in examples.test.ts.
import * as fs from "node:fs";
import * as path from "node:path";
import { DEMO } from "../../src/simulator";
import { CdkCliSession } from "../helpers/cdk-cli";

let session: CdkCliSession;

beforeAll(async () => {
  session = await CdkCliSession.start();
});

afterAll(async () => {
  await session?.close();
});

const newProject = (name: string, appFile: string) => session.newProject(name, appFile);
const cdktf = (dir: string, args: string[], extra?: Record<string, string>) => session.run(dir, args, extra);
const cdktfOk = (dir: string, args: string[], extra?: Record<string, string>) =>
  session.runOk(dir, args, extra);
const instanceNamed = (environmentId: string, name: string) => session.instanceNamed(environmentId, name);

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
