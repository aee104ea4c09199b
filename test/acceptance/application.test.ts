// appmgmt_application with real terraform, in the manner of terraform-provider-random's acceptance steps:
// create (with an instance of it in the same stack), change the manifest (a new version; the instance
// follows), a bad manifest failing the plan, import + verify, destroy (forgotten with a warning; the
// application stays in the service, its instance is destroyed). Each step checks the service side.
import { DEMO, DEMO_MANIFESTS } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { applyPlan, planAndReview } from "../helpers/review";
import { PROVIDER_HCL } from "../helpers/terraform";

const APPLICATION = `
resource "appmgmt_application" "shop" {
  organization_id = "${DEMO.organizationId}"
  name            = "shop"
  manifest        = file("\${path.module}/shop.yaml")
}
`;

const STACK = `${PROVIDER_HCL}${APPLICATION}
resource "appmgmt_instance" "shop" {
  application_id   = appmgmt_application.shop.id
  manifest_version = appmgmt_application.shop.manifest_version
  manifest         = appmgmt_application.shop.manifest
  instance_name    = "shop-1"
  parameters       = { "input.app-fork" = "release-7" }
}
`;

describe("appmgmt_application", () => {
  const ctx = useTerraformAgainstSimulator();

  test("create, change the manifest, refuse a bad one at plan, import and verify, destroy", async () => {
    const { tf, svc } = ctx;
    // create: the application with manifest version 1, and an instance launched from it
    tf.writeFile("shop.yaml", DEMO_MANIFESTS.webshop[1]);
    tf.writeMain(STACK);
    await tf.init();
    await tf.apply();
    const app = (await tf.resource("appmgmt_application.shop"))!.values;
    expect(app).toMatchObject({ organization_id: DEMO.organizationId, name: "shop", manifest_version: 1 });
    const appId = app.id as string;
    expect(await svc.client.listApplications(DEMO.organizationId)).toContainEqual({
      id: appId,
      name: "shop",
    });
    const instanceId = (await tf.resource("appmgmt_instance.shop"))!.values.id as string;
    expect(await svc.client.getInstance(instanceId)).toMatchObject({ application: appId, version: 1 });

    // change: the manifest uploaded as version 2; the instance is reconfigured to it in the same apply
    tf.writeFile("shop.yaml", DEMO_MANIFESTS.webshop[2]);
    expect(await tf.plannedChanges()).toEqual([
      { address: "appmgmt_application.shop", action: "update" },
      { address: "appmgmt_instance.shop", action: "update" },
    ]);
    // the review says what the new manifest changes
    const reviewed = await planAndReview(tf, "--format", "text");
    expect(reviewed.markdown).toContain(
      "Applications:\n  shop (appmgmt_application.shop): replace its manifest: uploaded as the next manifest version\n",
    );
    expect(reviewed.markdown).toContain('    adds parameter input.replicas (default "1")');
    await applyPlan(tf);
    expect((await tf.resource("appmgmt_application.shop"))!.values.manifest_version).toBe(2);
    const reconfigured = await svc.client.getInstance(instanceId);
    expect(reconfigured).toMatchObject({ application: appId, version: 2, status: "Running" });
    expect(reconfigured.parameters["input.replicas"]).toBe("1");
    // Launching version 1 still works on the service: versions are kept.
    await expect(svc.client.launch(appId, { version: 1, destroyInterval: -1 })).resolves.toHaveProperty("id");

    // a bad manifest fails the plan on `manifest`, with the parser's message; nothing is uploaded
    const uploadsBefore = svc.sim.stats.requestCount;
    tf.writeFile(
      "shop.yaml",
      "application:\n  interfaces:\n    input:\n      size: bind(nowhere#input.size)\n",
    );
    const bad = await tf.plan({ check: false });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("Invalid application manifest");
    expect(bad.stderr).toContain("nowhere");
    expect(bad.stderr).toMatch(/with appmgmt_application\.shop,[\s\S]*manifest/);
    expect(
      svc.sim.stats
        .requestsSince(uploadsBefore)
        .filter((r) => r.method === "PUT" && r.path.endsWith("/manifest")),
    ).toEqual([]);
    tf.writeFile("shop.yaml", DEMO_MANIFESTS.webshop[2]);

    // import + verify: a fresh workspace imports the application by id and gets the same attributes,
    // except the manifest, which the API cannot return (the import warns; the next apply uploads it)
    const other = ctx.workspace();
    other.writeFile("shop.yaml", DEMO_MANIFESTS.webshop[2]);
    other.writeMain(`${PROVIDER_HCL}${APPLICATION}`);
    await other.init();
    const imported = await other.import("appmgmt_application.shop", appId);
    expect(imported.stdout + imported.stderr).toContain("imported without its manifest");
    const importedValues = (await other.resource("appmgmt_application.shop"))!.values;
    const { manifest: _m, manifest_version: _v, ...verified } = app;
    expect(importedValues).toMatchObject(verified);
    expect(await other.plannedChanges()).toEqual([{ address: "appmgmt_application.shop", action: "update" }]);
    await other.apply();
    expect((await other.resource("appmgmt_application.shop"))!.values.manifest_version).toBe(3);

    // destroy: the instance is destroyed, the application only forgotten (the API cannot delete it)
    const destroyed = await tf.destroy();
    expect(destroyed.stdout + destroyed.stderr).toContain("removed from the state only");
    expect((await svc.client.getInstance(instanceId)).status).toBe("Destroyed");
    expect(await svc.client.listApplications(DEMO.organizationId)).toContainEqual({
      id: appId,
      name: "shop",
    });
    expect(await tf.state()).toEqual([]);
  });
});
