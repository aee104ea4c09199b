// appmgmt_environment with real terraform against the simulator: no create without clone_from, create by
// clone (properties, types, markers, policies put on the clone), reformatted policies planning nothing, update
// in place, out-of-band drift put back, rename planned as a replacement, import with generated configuration
// planning no change, the data source, and destroy (refused while an instance runs in it, then forgotten with
// a warning: the API cannot delete an environment). Each step checks the service side.
import fs from "node:fs";
import path from "node:path";
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { applyPlan, planAndReview, planWithAndReview } from "../helpers/review";
import { describeRun, PROVIDER_HCL } from "../helpers/terraform";

const POLICIES = "policies:\n  - action: launch\n    parameter: destroy-after\n    value: 4h\n";
const REFORMATTED = 'policies:\n- {action: launch, parameter: destroy-after, value: "4h"}\n';
const CHANGED_POLICIES =
  "policies:\n  - action: launch\n    parameter: destroy-after\n    value: 8h\n" +
  "  - action: launch\n    parameter: size\n    value: small\n";

/** The lines of a Markdown review's Environments list. */
const environmentsSection = (md: string) =>
  md.split("Environments:\n\n")[1].split("\n\n")[0].trimEnd().split("\n");

function sandbox(opts: { name?: string; cloneFrom?: boolean; properties?: string; markers?: string } = {}) {
  return `${PROVIDER_HCL}
resource "appmgmt_environment" "sandbox" {
  organization_id = "${DEMO.organizationId}"
  name            = "${opts.name ?? "sandbox-pr-7"}"
  ${opts.cloneFrom === false ? "" : `clone_from = "${DEMO.defaultEnvironmentId}"`}
  properties      = ${opts.properties ?? '{ "db-host" = "db.internal", replicas = "2" }'}
  property_types  = { replicas = "int" }
  markers         = ${opts.markers ?? '["sandbox", "team-a"]'}
  policies        = file("\${path.module}/policies.yaml")
}

data "appmgmt_environment" "by_name" {
  organization_id = "${DEMO.organizationId}"
  name            = appmgmt_environment.sandbox.name
}
`;
}

describe("appmgmt_environment", () => {
  const ctx = useTerraformAgainstSimulator();

  test("no clone_from: the plan fails saying to clone one or import", async () => {
    const { tf } = ctx;
    tf.writeFile("policies.yaml", POLICIES);
    tf.writeMain(sandbox({ cloneFrom: false }));
    await tf.init();
    const plan = await tf.plan({ check: false });
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain("An environment is created by cloning one");
    const said = plan.stderr.replace(/\s+/g, " ");
    expect(said).toContain("Set clone_from to the id of the environment to clone");
    expect(said).toContain("`terraform import appmgmt_environment.<name> <environment id>`");
  });

  test("clone, reformat, update in place, drift put back, rename, import, destroy", async () => {
    const { tf, svc } = ctx;
    svc.sim.environments.setOnlineDelay(300);
    const envs = svc.client.environments;
    // The data source reads again whenever the resource changes: only the resource's changes count here.
    const managedChanges = async () => (await tf.plannedChanges()).filter((c) => c.action !== "read");
    tf.writeFile("policies.yaml", POLICIES);
    tf.writeMain(sandbox());
    // the review names the environment cloned (clone_from_name, planned by the provider) and what the clone sets
    const created = await planAndReview(tf, "--format", "text");
    expect(created.markdown).toContain(
      "Environments:\n  sandbox-pr-7 (appmgmt_environment.sandbox): create by cloning default " +
        `(${DEMO.defaultEnvironmentId})\n` +
        '    property db-host: "db.internal"\n    property replicas: "2" (int)\n    marker sandbox\n' +
        "    marker team-a\n    policy action=launch, parameter=destroy-after, value 4h\n",
    );
    await applyPlan(tf);
    const state = (await tf.resource("appmgmt_environment.sandbox"))!.values;
    const id = state.id as string;
    expect(state).toMatchObject({
      name: "sandbox-pr-7",
      clone_from_name: "default",
      default: false,
      properties: { "db-host": "db.internal", replicas: "2" },
      property_types: { replicas: "int" },
      markers: ["sandbox", "team-a"],
      policies: POLICIES,
    });
    expect((await svc.client.listEnvironments(DEMO.organizationId)).find((e) => e.id === id)).toMatchObject({
      name: "sandbox-pr-7",
      online: true,
    });
    expect(await envs.getProperties(id)).toEqual([
      { name: "db-host", type: "string", value: "db.internal" },
      { name: "replicas", type: "int", value: "2" },
    ]);
    expect(await envs.getMarkers(id)).toEqual(["sandbox", "team-a"]);
    // on the wire, in the documented wrapped shapes (the provider's puts were accepted in them)
    const wire = async (what: string) => {
      const auth = Buffer.from(`${DEMO.email}:${DEMO.password}`).toString("base64");
      const res = await fetch(`${svc.url}/api/1/environments/${id}/${what}`, {
        headers: { authorization: `Basic ${auth}` },
      });
      return res.json() as Promise<unknown>;
    };
    expect(await wire("markers")).toEqual({ markers: [{ name: "sandbox" }, { name: "team-a" }] });
    expect(await wire("properties")).toEqual({
      properties: [
        { name: "db-host", type: "string", value: "db.internal" },
        { name: "replicas", type: "int", value: "2" },
      ],
    });
    expect(await envs.getPolicies(id)).toBe(POLICIES);
    expect((await tf.resource("data.appmgmt_environment.by_name"))!.values).toMatchObject({
      id,
      markers: ["sandbox", "team-a"],
      property_types: { replicas: "int" },
    });

    // the same policies written differently: no change
    tf.writeFile("policies.yaml", REFORMATTED);
    expect(await managedChanges()).toEqual([]);

    // update in place: one property changed, one marker removed, the policies changed; nothing replaced
    tf.writeMain(
      sandbox({ properties: '{ "db-host" = "db2.internal", replicas = "2" }', markers: '["sandbox"]' }),
    );
    tf.writeFile("policies.yaml", CHANGED_POLICIES);
    expect(await managedChanges()).toEqual([{ address: "appmgmt_environment.sandbox", action: "update" }]);
    const changed = await planAndReview(tf);
    expect(changed.summary).toBe(
      "0 to launch, 0 to reconfigure (0 values reset to defaults), 0 to replace, 0 to destroy, 1 environment change",
    );
    expect(environmentsSection(changed.markdown)).toEqual([
      "- sandbox-pr-7 (appmgmt\\_environment.sandbox): update in place",
      '  - property db-host changed: "db.internal" → "db2.internal"',
      "  - marker team-a removed",
      "  - policy changed: action=launch, parameter=destroy-after: value 4h → 8h",
      "  - policy added: action=launch, parameter=size, value small",
    ]);
    await applyPlan(tf);
    expect(await envs.getPolicies(id)).toBe(CHANGED_POLICIES);
    expect(await envs.getProperties(id)).toContainEqual({
      name: "db-host",
      type: "string",
      value: "db2.internal",
    });
    expect(await envs.getMarkers(id)).toEqual(["sandbox"]);

    // out-of-band drift shows in the plan and the apply puts it back
    await envs.putMarkers(id, ["sandbox", "rogue"]);
    await envs.putProperties(id, [{ name: "db-host", type: "string", value: "db2.internal" }]);
    const drift = await tf.plan();
    expect(drift.code).toBe(2);
    expect(drift.stdout).toMatch(/- "rogue"/);
    expect(drift.stdout).toMatch(/\+ "replicas"\s+= "2"/);
    await tf.apply();
    expect(await envs.getMarkers(id)).toEqual(["sandbox"]);
    expect(await envs.getProperties(id)).toContainEqual({ name: "replicas", type: "int", value: "2" });
    expect((await tf.plan()).code).toBe(0);

    // a rename replaces: the plan says so
    tf.writeMain(
      sandbox({
        name: "sandbox-pr-8",
        properties: '{ "db-host" = "db2.internal", replicas = "2" }',
        markers: '["sandbox"]',
      }),
    );
    const rename = await tf.plan();
    expect(rename.stdout).toMatch(/name\s+= "sandbox-pr-7" -> "sandbox-pr-8" # forces replacement/);

    // import with generated configuration: the generated file plans no change
    const ws = ctx.workspace();
    ws.writeMain(`${PROVIDER_HCL}
import {
  to = appmgmt_environment.adopted
  id = "${id}"
}
`);
    await ws.init();
    const generate = await ws.run(["plan", "-no-color", "-input=false", "-generate-config-out=generated.tf"]);
    expect({ code: generate.code, run: describeRun(generate) }).toMatchObject({ code: 0 });
    expect(generate.stdout).toContain("1 to import, 0 to add, 0 to change, 0 to destroy");
    const generated = fs.readFileSync(path.join(ws.dir, "generated.tf"), "utf8");
    expect(generated).toMatch(/replicas\s*=\s*"int"/);
    await ws.apply();
    expect((await ws.plan()).code).toBe(0);

    // destroy: refused while an instance runs in it, then forgotten with a warning
    const launched = await svc.client.launch(DEMO.webshopApplicationId, {
      environmentId: id,
      destroyInterval: -1,
    });
    const refused = await ws.destroy({ check: false });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("still has instances");
    expect(refused.stderr).toContain(launched.id);
    await svc.client.forceDelete(launched.id);
    const destroyed = await ws.destroy();
    expect(destroyed.stdout + destroyed.stderr).toContain("was removed from the state only");
    expect(destroyed.stdout + destroyed.stderr).toMatch(/Delete it by hand in\s+the\s+service's console/);
    expect((await svc.client.listEnvironments(DEMO.organizationId)).map((e) => e.id)).toContain(id);
  });

  test("plans with environment_id unknown and launches into the clone once it is ready (409s resent)", async () => {
    const { svc } = ctx;
    const tf = ctx.workspace();
    svc.sim.environments.setOnlineDelay(300);
    const stack = (owner: string) => `${PROVIDER_HCL}
resource "appmgmt_environment" "pr" {
  organization_id = "${DEMO.organizationId}"
  name            = "sandbox-pr-9"
  clone_from      = "${DEMO.stagingEnvironmentId}"
  properties      = { "db-host" = "db.pr-9" }
}

resource "appmgmt_instance" "shop" {
  application_id = "${DEMO.webshopApplicationId}"
  environment_id = appmgmt_environment.pr.id
  instance_name  = "shop-pr-9"
  user_data      = "owner: ${owner}"
}
`;
    tf.writeMain(stack("team-a"));
    await tf.init();
    const plan = await tf.plan();
    expect(plan.stdout).toMatch(/environment_id\s+= \(known after apply\)/);
    expect(plan.stdout).toMatch(/environment_name\s+= \(known after apply\)/);
    expect(plan.stdout).toContain("2 to add");
    await tf.apply();
    const envId = (await tf.resource("appmgmt_environment.pr"))!.values.id as string;
    const instanceId = (await tf.resource("appmgmt_instance.shop"))!.values.id as string;
    expect((await tf.resource("appmgmt_instance.shop"))!.values.environment_name).toBe("sandbox-pr-9");
    // once the environment exists, a new instance in it knows the name at plan
    tf.writeMain(`${stack("team-a")}
resource "appmgmt_instance" "more" {
  application_id = "${DEMO.webshopApplicationId}"
  environment_id = appmgmt_environment.pr.id
}
`);
    expect((await tf.plan()).stdout).toMatch(/\+ environment_name\s+= "sandbox-pr-9"/);
    expect(await svc.client.getInstance(instanceId)).toMatchObject({ environment: envId, status: "Running" });
    expect((await svc.client.listInstances(envId)).map((i) => i.id)).toEqual([instanceId]);
    expect((await svc.client.getInstance(instanceId)).userData).toBe("owner: team-a");

    // user_data changes in place, without a reconfigure
    tf.writeMain(stack("team-b"));
    const changes = await tf.plannedChanges();
    expect(changes).toEqual([{ address: "appmgmt_instance.shop", action: "update" }]);
    await tf.apply();
    const after = await svc.client.getInstance(instanceId);
    expect(after.userData).toBe("owner: team-b");
    expect(after.workflowHistory.map((w) => w.name)).toEqual(["launch"]);
    // changed elsewhere: drift in the plan
    await svc.client.putUserData(instanceId, "owner: nobody");
    const drift = await tf.plan();
    expect(drift.stdout).toMatch(/user_data\s+= "owner: nobody" -> "owner: team-b"/);
    // The review of the destroy: what the instance runs (its environment by name, its parameters), and the
    // environment forgotten. Terraform destroys the instance first (it depends on the environment).
    const review = await planWithAndReview(tf, ["-destroy"], "--format", "text");
    expect(review.markdown).toContain(
      "Environments:\n  sandbox-pr-9 (appmgmt_environment.pr): forget (removed from the state): it stays in the " +
        "service with its properties, markers and policies (the API cannot delete an environment)\n",
    );
    expect(review.markdown).toMatch(/shop-pr-9 \(appmgmt_instance\.shop\): destroy\n/);
    expect(review.markdown).toMatch(/environment_id\s+sandbox-pr-9\s+→ \(none\)/);
    expect(review.markdown).toMatch(/parameters\["input\.app-fork"\]\s+master\s+→ \(none\)/);
    const destroyed = await tf.run(["apply", "-input=false", "-no-color", "tfplan"]);
    expect(destroyed.stdout + destroyed.stderr).toContain("was removed from the state only");
    expect((await svc.client.getInstance(instanceId)).status).toBe("Destroyed");
  });
});
