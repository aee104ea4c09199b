// What examples/sandboxes (HCL and TypeScript alike) leaves on the service for a branch: the clone of staging
// with the branch's properties, markers and the example's policies, and the webshop running in it. Both the
// acceptance test of the HCL and the cdktf CLI e2e of the TypeScript check it here.
import * as fs from "node:fs";
import * as path from "node:path";
import { DEMO } from "../../src/simulator";
import type { TestSimulator } from "./simulator";

export const SANDBOXES_EXAMPLE = path.join(__dirname, "..", "..", "examples", "sandboxes");

/** Checks the branch's sandbox on the service; resolves its environment's and instance's ids. */
export async function expectSandboxOf(
  svc: TestSimulator,
  branch: string,
): Promise<{ environmentId: string; instanceId: string }> {
  const { client } = svc;
  const env = (await client.listEnvironments(DEMO.organizationId)).find(
    (e) => e.name === `sandbox-${branch}`,
  );
  expect(env).toMatchObject({ default: false, online: true });
  const environmentId = env!.id;
  expect(
    svc.sim.stats.requests.filter((r) => r.method === "POST" && r.path.endsWith("/clone")).map((r) => r.path),
  ).toContain(`/api/1/environments/${DEMO.stagingEnvironmentId}/clone`);
  expect(await client.environments.getProperties(environmentId)).toEqual([
    { name: "branch", type: "string", value: branch },
    { name: "db-host", type: "string", value: `db.${branch}.internal` },
    { name: "replicas", type: "int", value: "1" },
  ]);
  expect((await client.environments.getMarkers(environmentId)).sort()).toEqual([
    `branch-${branch}`,
    "sandbox",
  ]);
  expect(await client.environments.getPolicies(environmentId)).toBe(
    fs.readFileSync(path.join(SANDBOXES_EXAMPLE, "policies.yaml"), "utf8"),
  );
  // A sandbox applied again after its destroy still lists the destroyed webshop of before.
  const [instance, ...others] = (await client.listInstances(environmentId)).filter(
    (i) => i.status !== "Destroyed",
  );
  expect(others).toEqual([]);
  expect(await client.getInstance(instance.id)).toMatchObject({
    name: `webshop-${branch}`,
    application: DEMO.webshopApplicationId,
    environment: environmentId,
    status: "Running",
    parameters: { "input.app-fork": branch },
  });
  return { environmentId, instanceId: instance.id };
}
