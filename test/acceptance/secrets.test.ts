// Secrets (issue 29) through the real terraform binary, every command under TF_LOG=trace: write-only
// `secret_parameters` (the instance's and a submodule's) reach the service at launch, at a version bump
// and with a reconfigure for another change, and never the state file, `terraform show`, the plan or
// apply output or the trace; a new value with the same version plans nothing; a refresh with the service
// reporting the secret back, an import and the appmgmt_instance data source keep it out, and so does
// appmgmt_instance_workflow's write-only secret_parameters; the ephemeral
// appmgmt_instance_return_values feeds one instance's return value into another's secret_parameters
// without storing it.
import * as fs from "node:fs";
import * as path from "node:path";
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { planAndReview } from "../helpers/review";
import { PROVIDER_HCL, TerraformWorkspace, type TerraformRun } from "../helpers/terraform";

const MAIN_SECRET = "main-s3cret-7f3a91";
const SUB_SECRET = "sub-s3cret-c0ffee";
const NEW_SECRET = "rotated-s3cret-44b2";

/**
 * The secrets come in as ephemeral variables (from a .auto.tfvars file here, a vault or TF_VAR_* in a
 * pipeline): a literal would be part of the configuration, which `terraform show -json` of a plan prints.
 */
function shop(opts: { version: number; replicas: string }): string {
  return `
variable "main_secret" {
  type      = string
  ephemeral = true
}

variable "sub_secret" {
  type      = string
  ephemeral = true
}

resource "appmgmt_instance" "shop" {
  application_id            = "${DEMO.webshopApplicationId}"
  instance_name             = "secret-shop"
  parameters                = { "input.replicas" = "${opts.replicas}" }
  secret_parameters         = { "input.app-fork" = var.main_secret }
  secret_parameters_version = ${opts.version}
  submodules = {
    db = { secret_parameters = { "input.engine" = var.sub_secret } }
  }
}
`;
}

/** An application whose parameter is a secret by its name only (the service does not mark secrets). */
const ADMIN_MANIFEST = `application:
  configuration:
    input.admin-password: ""
    input.greeting: hello
  interfaces:
    input:
      admin-password: configuration(string)
      greeting: configuration(string)
  workflows:
    rotate:
      parameters:
        new-password: configuration(string)
`;

/** The secrets' values for the next commands. */
const secretsFile = (ws: TerraformWorkspace, main: string) =>
  ws.writeFile("secrets.auto.tfvars", `main_secret = "${main}"\nsub_secret  = "${SUB_SECRET}"\n`);

describe("secret parameters and ephemeral return values", () => {
  const ctx = useTerraformAgainstSimulator();
  let tf: TerraformWorkspace;
  /** Everything terraform printed, and the trace, across the whole file. */
  const seen: string[] = [];
  let traceBytes = 0;

  beforeAll(() => {
    tf = TerraformWorkspace.create({ provider: ctx.provider, env: { ...ctx.svc.env, TF_LOG: "trace" } });
  });
  afterAll(() => tf?.remove());

  const record = (run: TerraformRun) => {
    seen.push(run.stdout, run.stderr);
    traceBytes += Buffer.byteLength(run.stderr);
    return run;
  };
  const stateFile = () => fs.readFileSync(path.join(tf.dir, "terraform.tfstate"), "utf8");
  /** The state file, `terraform show` and its JSON form, and every output so far hold none of `secrets`. */
  async function expectNowhere(...secrets: string[]) {
    const show = record(await tf.run(["show", "-no-color"]));
    const showJson = record(await tf.run(["show", "-json"]));
    expect(show.code).toBe(0);
    for (const text of [stateFile(), showJson.stdout, ...seen])
      for (const secret of secrets) expect(text).not.toContain(secret);
  }
  const shopId = async () => (await tf.resource("appmgmt_instance.shop"))?.values.id as string;

  test("launch sends the secrets; none is in the state, show, output or trace", async () => {
    tf.writeMain(PROVIDER_HCL + shop({ version: 1, replicas: "1" }));
    secretsFile(tf, MAIN_SECRET);
    record(await tf.init());
    const apply = record(await tf.apply());
    expect(apply.stderr).toMatch(/provider\.terraform-provider-appmgmt/); // the trace holds the provider's logs
    const id = await shopId();
    const s = await ctx.svc.client.getInstance(id);
    expect(s.parameters["input.app-fork"]).toBe(MAIN_SECRET);
    expect(s.submodules.db.parameters["input.engine"]).toBe(SUB_SECRET);
    const state = (await tf.resource("appmgmt_instance.shop"))!.values;
    expect(state.secret_parameters).toBeNull();
    expect(state.secret_parameter_names).toEqual(["input.app-fork", "db/input.engine"]);
    // the service reports the secret back: it is not in effective_parameters
    expect(state.effective_parameters).toEqual({ "input.db-size": "small", "input.replicas": "1" });
    await expectNowhere(MAIN_SECRET, SUB_SECRET);
  });

  test("a new value with the same version plans nothing; a refresh keeps reported secrets out", async () => {
    tf.writeMain(PROVIDER_HCL + shop({ version: 1, replicas: "1" }));
    secretsFile(tf, NEW_SECRET);
    const plan = record(await tf.plan());
    expect(plan.code).toBe(0);
    record(await tf.run(["apply", "-refresh-only", "-auto-approve", "-no-color", "-input=false"]));
    expect((await ctx.svc.client.getInstance(await shopId())).parameters["input.app-fork"]).toBe(MAIN_SECRET);
    await expectNowhere(MAIN_SECRET, SUB_SECRET, NEW_SECRET);
  });

  test("a version bump reconfigures in place with the new value", async () => {
    const id = await shopId();
    tf.writeMain(PROVIDER_HCL + shop({ version: 2, replicas: "1" }));
    // the review says the secrets are sent again, and a --fail-on secret gate stops the pipeline
    const reviewed = await planAndReview(tf, "--fail-on", "secret");
    record(reviewed.plan);
    seen.push(reviewed.markdown, reviewed.stderr, fs.readFileSync(path.join(tf.dir, "plan.json"), "utf8"));
    expect(reviewed.markdown).toContain("secret parameters sent again (version 1 → 2)");
    expect(reviewed.code).toBe(3);
    expect(reviewed.stderr).toMatch(/secret: .*appmgmt_instance\.shop.*sent again/);
    const plan = record(await tf.plan());
    expect(plan.stdout).toMatch(/~ secret_parameters_version\s+= 1 -> 2/);
    expect(plan.stdout).toMatch(/0 to add, 1 to change, 0 to destroy/);
    record(await tf.apply());
    expect(await shopId()).toBe(id);
    const s = await ctx.svc.client.getInstance(id);
    expect(s.parameters["input.app-fork"]).toBe(NEW_SECRET);
    expect(s.submodules.db.parameters["input.engine"]).toBe(SUB_SECRET);
    await expectNowhere(MAIN_SECRET, SUB_SECRET, NEW_SECRET);
  });

  test("a reconfigure for another change sends the secrets too (the service resets what it does not list)", async () => {
    tf.writeMain(PROVIDER_HCL + shop({ version: 2, replicas: "3" }));
    record(await tf.apply());
    const s = await ctx.svc.client.getInstance(await shopId());
    expect(s.parameters).toMatchObject({ "input.replicas": "3", "input.app-fork": NEW_SECRET });
    expect(s.submodules.db.parameters["input.engine"]).toBe(SUB_SECRET);
    await expectNowhere(MAIN_SECRET, SUB_SECRET, NEW_SECRET);
  });

  test("the data source leaves out secret-looking and given names; a workflow's secret_parameters are stored nowhere", async () => {
    const ADMIN_SECRET = "admin-s3cret-d4t4";
    // launched outside terraform: nothing but the name says "input.admin-password" is a secret
    const { client } = ctx.svc;
    const { id: app } = await client.createApplication(DEMO.organizationId, { name: "with-password" });
    await client.uploadManifest(app, ADMIN_MANIFEST);
    const { id: outside } = await client.launch(app, {
      instanceName: "secret-outside",
      parameters: { "input.admin-password": ADMIN_SECRET },
    });
    tf.writeMain(
      PROVIDER_HCL +
        shop({ version: 2, replicas: "3" }) +
        `
data "appmgmt_instance" "shop" {
  id           = appmgmt_instance.shop.id
  secret_names = ["input.app-fork", "db/input.engine"]
}

resource "appmgmt_instance_workflow" "rotate" {
  instance_id       = "${outside}"
  workflow          = "rotate"
  secret_parameters = { "new-password" = var.main_secret }
}

data "appmgmt_instance" "outside" {
  id         = "${outside}"
  depends_on = [appmgmt_instance_workflow.rotate]
}
`,
    );
    record(await tf.apply());
    const shopData = (await tf.resource("data.appmgmt_instance.shop"))!.values;
    expect(shopData.secret_parameter_names).toEqual(["input.app-fork", "db/input.engine"]);
    expect(shopData.parameters).toEqual({ "input.db-size": "small", "input.replicas": "3" });
    expect(shopData.submodules).toMatchObject({ db: { parameters: { "input.size": "small" } } });
    const outsideData = (await tf.resource("data.appmgmt_instance.outside"))!.values;
    expect(outsideData.secret_parameter_names).toEqual(["input.admin-password"]);
    expect(outsideData.parameters).toEqual({ "input.greeting": "hello" });
    // the workflow got its write-only secret; the service returns it (the simulator echoes parameters),
    // and neither the workflow's return_values nor the data source's hold it
    const onService = await client.getInstance(outside);
    expect(onService.returnValues["rotate.new-password"]).toBe(NEW_SECRET);
    const rotate = (await tf.resource("appmgmt_instance_workflow.rotate"))!.values;
    expect(rotate.secret_parameters).toBeNull();
    expect(rotate.return_values).toMatchObject({ "rotate.result": "Succeeded" });
    expect(outsideData.return_values).toMatchObject({ "rotate.result": "Succeeded" });
    await expectNowhere(NEW_SECRET, SUB_SECRET, ADMIN_SECRET);
  });

  test("an import keeps the secret names it is given out of the state and names them", async () => {
    const id = await shopId();
    const other = TerraformWorkspace.create({
      provider: ctx.provider,
      env: { ...ctx.svc.env, TF_LOG: "trace" },
    });
    try {
      other.writeMain(PROVIDER_HCL + shop({ version: 2, replicas: "3" }));
      secretsFile(other, NEW_SECRET);
      await other.init();
      const imported = record(
        await other.import("appmgmt_instance.shop", `${id}?secrets=input.app-fork,db/input.engine`),
      );
      expect(imported.stdout + imported.stderr).toMatch(
        /has secret parameters: configure them in secret_parameters/,
      );
      const state = (await other.resource("appmgmt_instance.shop"))!.values;
      expect(state.secret_parameter_names).toEqual(["input.app-fork", "db/input.engine"]);
      expect(state.parameters).toEqual({ "input.db-size": "small", "input.replicas": "3" });
      const text = fs.readFileSync(path.join(other.dir, "terraform.tfstate"), "utf8");
      for (const t of [text, ...seen]) {
        expect(t).not.toContain(NEW_SECRET);
        expect(t).not.toContain(SUB_SECRET);
      }
    } finally {
      other.remove();
    }
  });

  test("an ephemeral return value feeds another instance's secret_parameters and is stored nowhere", async () => {
    tf.writeMain(
      PROVIDER_HCL +
        shop({ version: 2, replicas: "3" }) +
        `
resource "appmgmt_instance" "source" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "eph-source"
}

ephemeral "appmgmt_instance_return_values" "source" {
  instance_id = appmgmt_instance.source.id
}

resource "appmgmt_instance" "consumer" {
  application_id            = "${DEMO.webshopApplicationId}"
  instance_name             = "eph-consumer"
  secret_parameters         = { "input.app-fork" = ephemeral.appmgmt_instance_return_values.source.values["url"] }
  secret_parameters_version = 1
}
`,
    );
    record(await tf.apply());
    const url = "https://eph-source.apps.example.test";
    const consumer = (await tf.resource("appmgmt_instance.consumer"))!.values;
    expect((await ctx.svc.client.getInstance(consumer.id as string)).parameters["input.app-fork"]).toBe(url);
    expect(consumer.secret_parameter_names).toEqual(["input.app-fork"]);
    // the source's own return_values hold the url (not a secret there); the consumer's state does not
    expect(JSON.stringify(consumer)).not.toContain(url);
    await expectNowhere(NEW_SECRET, SUB_SECRET);
    record(await tf.destroy());
    expect(traceBytes).toBeGreaterThan(100_000);
    process.stdout.write(`secrets.test.ts: grepped ${traceBytes} bytes of TF_LOG=trace output\n`);
  });
});
