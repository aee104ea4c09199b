// appmgmt_revisions with real terraform: a revision looked up by name feeds a launch (the service lists the
// instance under that revision), and a name that does not exist fails the plan, naming those that exist.
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { PROVIDER_HCL } from "../helpers/terraform";

const config = (name: string) => `${PROVIDER_HCL}
data "appmgmt_revisions" "all" {
  application_id = "${DEMO.webshopApplicationId}"
}

data "appmgmt_revisions" "named" {
  application_id = "${DEMO.webshopApplicationId}"
  name           = "${name}"
}

resource "appmgmt_instance" "from_revision" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "from-revision"
  revision_id    = data.appmgmt_revisions.named.revisions[0].id
}
`;

describe("appmgmt_revisions", () => {
  const ctx = useTerraformAgainstSimulator();

  test("a revision by name launches an instance from it; an unknown name fails the plan", async () => {
    ctx.tf.writeMain(config("stable"));
    await ctx.tf.init();
    await ctx.tf.apply();

    const all = await ctx.tf.resource("data.appmgmt_revisions.all");
    expect(all?.values.revisions).toEqual(
      (await ctx.svc.client.listRevisions(DEMO.webshopApplicationId)).map((r) => ({
        id: r.id,
        name: r.name,
      })),
    );
    expect((await ctx.tf.resource("data.appmgmt_revisions.named"))?.values.revisions).toEqual([
      { id: DEMO.stableRevisionId, name: "stable" },
    ]);
    const id = (await ctx.tf.resource("appmgmt_instance.from_revision"))?.values.id as string;
    // The service side: the instance was launched from the revision, with its stored values.
    expect(await ctx.svc.client.listRevisionInstances(DEMO.stableRevisionId)).toEqual([
      expect.objectContaining({ id, name: "from-revision", revision: DEMO.stableRevisionId }),
    ]);
    expect((await ctx.svc.client.getInstance(id)).parameters["input.app-fork"]).toBe("release-1");

    ctx.tf.writeMain(config("nightly"));
    const plan = await ctx.tf.plan({ check: false });
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('No revision named "nightly"');
    expect(plan.stderr).toContain('Its revisions are "stable"; set name to one of them.');
    expect(plan.stderr).toMatch(
      /on main\.tf line \d+, in data "appmgmt_revisions" "named":\s+\d+:\s+name\s+= "nightly"/,
    );
    // Nothing reached the service: the instance is as it was.
    expect((await ctx.svc.client.getInstance(id)).status).toBe("Running");

    ctx.tf.writeMain(config("stable"));
    await ctx.tf.destroy();
    expect((await ctx.svc.client.getInstance(id)).status).toBe("Destroyed");
  });
});
