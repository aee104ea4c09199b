// Nested submodules through the real cdktf CLI and terraform, against the simulator (issue 19, item 4):
// deploy launches the hierarchy with the value set under the path key "db/replica" on the grandchild
// instance, a changed value reconfigures the same instance in place, a bound nested parameter fails synth
// naming the construct path, the key and the fix, and destroy destroys the instance. Each step is checked
// on the service side.
import * as fs from "node:fs";
import * as path from "node:path";
import { DEMO } from "../../src/simulator";
import { CdkCliSession } from "../helpers/cdk-cli";
import { createNestedApps, grandchild, type NestedApps } from "../helpers/nested-apps";

describe("nested submodules with the cdktf CLI (steps run in order)", () => {
  let session: CdkCliSession;
  let apps: NestedApps;
  let dir: string;
  let stackId: string;
  let replicaId: string;
  const settings = (replica: Record<string, string>) => ({
    NESTED_APP_ID: apps.stackId,
    NESTED_MANIFEST: apps.stackManifest,
    ...replica,
  });
  const deploy = (args: string[], lag: string) => session.runOk(dir, args, settings({ REPLICA_LAG: lag }));

  beforeAll(async () => {
    session = await CdkCliSession.start();
    apps = await createNestedApps(session.svc.client, DEMO.organizationId);
    dir = session.newProject("nested", "test/e2e/fixtures/nested-app.ts");
  });

  afterAll(async () => {
    await session?.close();
  });

  test("deploy launches the hierarchy with the nested value on the grandchild instance", async () => {
    const output = await deploy(["deploy", "--auto-approve"], "2s");
    const stack = await session.instanceNamed(DEMO.defaultEnvironmentId, "cdktf-nested-stack");
    stackId = stack.id;
    expect(output).toContain(`stack_id = ${stackId}`);
    expect(stack).toMatchObject({ application: apps.stackId, status: "Running" });
    const replica = await grandchild(session.svc.client, stackId);
    replicaId = replica.id;
    expect(replica.application).toBe(apps.replicaId);
    expect(replica.parameters).toEqual({ "input.size": "small", "input.lag": "2s" });
  });

  test("a changed nested value reconfigures the same instance in place", async () => {
    const output = await deploy(["deploy", "--auto-approve"], "20s");
    expect(output).toContain("Resources: 0 added, 1 changed, 0 destroyed");
    expect(await session.instanceNamed(DEMO.defaultEnvironmentId, "cdktf-nested-stack")).toMatchObject({
      id: stackId,
      status: "Running",
    });
    const replica = await grandchild(session.svc.client, stackId);
    expect(replica.id).toBe(replicaId);
    expect(replica.parameters).toEqual({ "input.size": "small", "input.lag": "20s" });
  });

  test("synth of a bound nested parameter fails naming the construct path, the key and the fix", async () => {
    const bound = session.newProject("nested-bound", "test/e2e/fixtures/nested-app.ts");
    const run = await session.run(bound, ["synth"], settings({ REPLICA_LAG: "2s", REPLICA_SIZE: "large" }));
    expect(run.code).not.toBe(0);
    const output = run.output.replace(/\s+/g, " ");
    expect(output).toContain(
      "[nested/stack] submodules['db/replica'].parameters['input.size']: input.size of submodule " +
        "db/replica is bound to submodules.db.parameters['input.replica-size']",
    );
    expect(output).toContain("Fix: set submodules.db.parameters['input.replica-size'] instead");
    expect(fs.existsSync(path.join(bound, "cdktf.out", "stacks", "nested", "cdk.tf.json"))).toBe(false);
  });

  test("destroy destroys the instance", async () => {
    await deploy(["destroy", "--auto-approve"], "20s");
    expect((await session.svc.client.getInstance(stackId)).status).toBe("Destroyed");
  });
});
