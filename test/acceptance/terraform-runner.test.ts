// The terraform runner of test/helpers: a missing binary fails the test with a message that says what to
// install, instead of skipping it; state() reads what `terraform show -json` prints.
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { PROVIDER_HCL, TerraformWorkspace } from "../helpers/terraform";

describe("terraform runner", () => {
  const saved = process.env.TERRAFORM_BINARY_NAME;
  afterEach(() => {
    if (saved === undefined) delete process.env.TERRAFORM_BINARY_NAME;
    else process.env.TERRAFORM_BINARY_NAME = saved;
  });

  test("a terraform binary that cannot be found fails with a message naming it", async () => {
    process.env.TERRAFORM_BINARY_NAME = "terraform-that-is-not-installed";
    const tf = TerraformWorkspace.create({ env: {} });
    try {
      await expect(tf.init()).rejects.toThrow(
        'terraform binary "terraform-that-is-not-installed" not found on PATH: acceptance tests need Terraform >= 1.11',
      );
    } finally {
      tf.remove();
    }
  });

  describe("against the simulator", () => {
    const ctx = useTerraformAgainstSimulator();

    test("state() lists the addresses, values and taint that `terraform show -json` prints", async () => {
      ctx.tf.writeMain(`${PROVIDER_HCL}
data "appmgmt_organizations" "all" {}

resource "appmgmt_instance" "counted" {
  count          = 2
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "counted-\${count.index}"
  parameters     = { "input.app-fork" = "release-2" }
  submodules     = { db = { parameters = { "input.engine" = "postgres-16" } } }
}

resource "appmgmt_instance" "each" {
  for_each       = toset(["x"])
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "each-\${each.key}"
}
`);
      await ctx.tf.init();
      expect(await ctx.tf.state()).toEqual([]);
      await ctx.tf.apply();
      expect((await ctx.tf.run(["taint", "appmgmt_instance.counted[1]"])).code).toBe(0);

      const show = JSON.parse((await ctx.tf.run(["show", "-json"])).stdout) as {
        values: {
          root_module: { resources: Array<{ address: string; values: unknown; tainted?: boolean }> };
        };
      };
      const shown = show.values.root_module.resources.map((r) => ({
        address: r.address,
        values: r.values,
        tainted: r.tainted === true,
      }));
      expect(shown.map((r) => r.address)).toEqual([
        "data.appmgmt_organizations.all",
        "appmgmt_instance.counted[0]",
        "appmgmt_instance.counted[1]",
        'appmgmt_instance.each["x"]',
      ]);
      expect(await ctx.tf.state()).toEqual(shown);
      expect((await ctx.tf.resource("appmgmt_instance.counted[1]"))?.tainted).toBe(true);
    });
  });
});
