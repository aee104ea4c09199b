// States written by earlier releases (issue 38): each fixture in test/fixtures/state-upgrade is the terraform
// state an earlier commit's provider wrote with real terraform, against the simulator whose state is saved
// beside them (test/fixtures/state-upgrade/make.js writes them). With this provider the plan of the same
// configuration shows no changes, and a refresh stores the state in this schema's version, compactly.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { DEMO, startSimulator } from "../../src/simulator";
import { installTestProvider, type TestProvider } from "../helpers/provider";
import { TEST_TIMING } from "../helpers/simulator";
import { PROVIDER_HCL, TerraformWorkspace } from "../helpers/terraform";

const FIXTURES = path.join(__dirname, "..", "fixtures", "state-upgrade");
const REVS = fs
  .readdirSync(FIXTURES)
  .filter((f) => f.endsWith(".tfstate"))
  .map((f) => f.slice(0, -".tfstate".length));

interface StateFile {
  resources: {
    instances: {
      schema_version: number;
      attributes: Record<string, unknown>;
      sensitive_attributes?: unknown[];
    }[];
  }[];
}

describe("a state written by an earlier release", () => {
  let server: Awaited<ReturnType<typeof startSimulator>>;
  let provider: TestProvider;
  let tf: TerraformWorkspace;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-state-upgrade-"));

  beforeAll(async () => {
    // the simulator writes its state back: a copy of the fixture
    const statePath = path.join(tmp, "simulator.json");
    fs.copyFileSync(path.join(FIXTURES, "simulator.json"), statePath);
    [server, provider] = await Promise.all([
      startSimulator({ statePath, host: "127.0.0.1", port: 0, timing: TEST_TIMING }),
      installTestProvider(),
    ]);
    tf = TerraformWorkspace.create({
      provider,
      env: { APPMGMT_BASE_URL: server.url, APPMGMT_REFRESH_TOKEN: DEMO.refreshToken },
    });
    tf.writeMain(PROVIDER_HCL);
    await tf.init();
  });

  afterAll(async () => {
    tf?.remove();
    provider?.remove();
    await server?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test("the fixtures cover every earlier schema shape", () => {
    expect(REVS.length).toBeGreaterThanOrEqual(3);
  });

  test.each(REVS)("of %s plans no changes, and a refresh stores it compactly in version 1", async (rev) => {
    const read = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8");
    tf.writeMain(`${PROVIDER_HCL}\n${read(`${rev}.tf`)}`);
    tf.writeFile("terraform.tfstate", read(`${rev}.tfstate`));
    const old = JSON.parse(read(`${rev}.tfstate`)) as StateFile;
    expect(old.resources[0].instances[0].schema_version).toBe(0);

    const plan = await tf.plan();
    expect({ code: plan.code, out: plan.stdout }).toMatchObject({ code: 0 });

    const refresh = await tf.run(["apply", "-refresh-only", "-auto-approve", "-no-color", "-input=false"]);
    expect({ code: refresh.code, err: refresh.stderr }).toEqual({ code: 0, err: "" });
    const now = JSON.parse(fs.readFileSync(path.join(tf.dir, "terraform.tfstate"), "utf8")) as StateFile;
    const [instance] = now.resources[0].instances;
    expect(instance.schema_version).toBe(1);
    expect(instance.sensitive_attributes ?? []).toEqual([]);
    expect(instance.attributes).not.toHaveProperty("sensitive_return_value_map");
    // a submodule's configured values are left out of its effective ones; effective_parameters stays whole
    const effective = instance.attributes.effective_submodules as Record<string, { parameters: object }>;
    expect(effective.db.parameters).not.toHaveProperty(["input.engine"]);
    expect(instance.attributes.effective_parameters).toHaveProperty(["input.app-fork"]);
    expect((await tf.plan()).code).toBe(0);
  });

  test("where a read mark would save no read, an instance is stored with no private state", async () => {
    fs.rmSync(path.join(tf.dir, "terraform.tfstate"), { force: true });
    tf.writeMain(`${PROVIDER_HCL}
resource "appmgmt_instance" "no_submodule" {
  application_id = "${DEMO.postgresApplicationId}"
  instance_name  = "no-submodule"
  parameters     = { "input.engine" = "postgres-16" }
}
resource "appmgmt_instance" "every_submodule_managed" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "all-managed"
  submodules     = { db = { parameters = { "input.engine" = "postgres-16" } } }
}
`);
    await tf.apply();
    await tf.run(["apply", "-refresh-only", "-auto-approve", "-no-color", "-input=false"]);
    const now = JSON.parse(fs.readFileSync(path.join(tf.dir, "terraform.tfstate"), "utf8")) as StateFile;
    const instances = now.resources.flatMap((r) => r.instances);
    expect(instances.map((i) => i.attributes.status)).toEqual(["Running", "Running"]);
    for (const i of instances) expect(i).not.toHaveProperty("private");
    expect((await tf.plan()).code).toBe(0);
    await tf.destroy();
  });
});
