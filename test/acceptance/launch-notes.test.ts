// The `warnings` and `errors` a launch answer may carry besides the id (issue 27 item 5) become terraform
// warnings on that resource, with real terraform: the simulator's launchNotes control adds them to the
// answers of webshop's launches; the launch goes ahead and the apply succeeds, saying them.
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { PROVIDER_HCL } from "../helpers/terraform";

describe("a launch answer's warnings and errors", () => {
  const ctx = useTerraformAgainstSimulator();

  test("are warnings on the resource; the instance is launched and Running", async () => {
    const { tf, svc } = ctx;
    svc.sim.launchNotes.set(DEMO.webshopApplicationId, {
      warnings: ["environment quota at 90%"],
      errors: ["monitoring agent not installed"],
    });
    tf.writeMain(`${PROVIDER_HCL}
resource "appmgmt_instance" "shop" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "noted"
}
`);
    await tf.init();
    const run = await tf.apply();
    const said = (run.stdout + run.stderr).replace(/\s+/g, " ");
    const id = (await tf.resource("appmgmt_instance.shop"))!.values.id as string;
    expect(said).toContain(`Warning: Launch of instance ${id}: the service warns`);
    expect(said).toContain("with appmgmt_instance.shop");
    expect(said).toContain("environment quota at 90%");
    expect(said).toContain(`Warning: Launch of instance ${id}: the service reported an error`);
    expect(said).toContain("monitoring agent not installed (the launch was accepted");
    expect((await svc.client.getInstance(id)).status).toBe("Running");
  });
});
