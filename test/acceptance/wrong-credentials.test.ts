// Credentials of the wrong organization never orphan anything (issue 27 item 2), with real terraform: the
// simulator answers 404 for another organization's objects (its default, as the real service may), so a
// refresh with another organization's user must not read the instances as gone. Plan and apply fail naming
// the credentials and the organizations they see, the state keeps everything, nothing is launched, and the
// right credentials find no changes. An instance that really is gone (its environment lists it no more) is
// still removed from the state.
import { DEMO, DEMO_MANIFESTS } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { PROVIDER_HCL } from "../helpers/terraform";
import { OTHER, twoOrgSeed } from "../helpers/two-orgs";

const STACK = `${PROVIDER_HCL}
resource "appmgmt_instance" "a" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "keep-a"
}
resource "appmgmt_instance" "b" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "keep-b"
}
resource "appmgmt_application" "shop" {
  organization_id = "${DEMO.organizationId}"
  name            = "shop"
  manifest        = <<-EOT
${DEMO_MANIFESTS.postgres[1]}EOT
}
`;

const ADDRESSES = ["appmgmt_application.shop", "appmgmt_instance.a", "appmgmt_instance.b"];

describe("another organization's credentials", () => {
  const ctx = useTerraformAgainstSimulator({ seed: twoOrgSeed() });

  test("plan and apply fail naming the credentials; the state keeps every resource; nothing is launched", async () => {
    const { tf, svc } = ctx;
    tf.writeMain(STACK);
    await tf.init();
    await tf.apply();
    const before = await tf.state();
    expect(before.map((r) => r.address).sort()).toEqual(ADDRESSES);

    const wrong = tf.withEnv({ APPMGMT_REFRESH_TOKEN: OTHER.refreshToken });
    const mark = svc.sim.stats.requestCount;
    for (const run of [await wrong.plan({ check: false }), await wrong.apply({ check: false })]) {
      expect(run.code).toBe(1);
      const said = (run.stdout + run.stderr).replace(/\s+/g, " ");
      for (const what of ["Instance", "Application"])
        expect(said).toMatch(new RegExp(`${what} [0-9a-f]{24} is not visible to these credentials`));
      expect(said).toContain("a refresh token (refresh_token / APPMGMT_REFRESH_TOKEN)");
      expect(said).toContain(`which can see organization "Other Org" (${OTHER.organizationId})`);
      expect(said).toContain("The state keeps it as it was");
    }
    // the wrong user only read: no launch, reconfigure, destroy or delete reached the service
    const sent = svc.sim.stats.requestsSince(mark);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((r) => r.method !== "GET" && !r.path.startsWith("/refreshToken"))).toEqual([]);
    expect(
      svc.sim
        .instances()
        .map((s) => s.name)
        .sort(),
    ).toEqual(["keep-a", "keep-b"]);

    const after = await tf.state();
    expect(after.map((r) => [r.address, r.values.id])).toEqual(before.map((r) => [r.address, r.values.id]));
    expect((await tf.plan()).code).toBe(0);

    // gone for real: deleted in the service, its environment no longer lists it; removed, relaunched by plan
    const a = after.find((r) => r.address === "appmgmt_instance.a")!.values.id as string;
    await svc.client.forceDelete(a);
    expect(await tf.plannedChanges()).toEqual([{ address: "appmgmt_instance.a", action: "create" }]);
  });
});
