// Plan-time checks through real terraform (issue 7): instance_name limits reported on instance_name before
// any launch (item 4), and keys named like Object members handled like any other key (item 5).
import { DEMO, DEMO_MANIFESTS } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { PROVIDER_HCL } from "../helpers/terraform";

const MEMBER_NAMES = ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"];

describe("plan-time checks", () => {
  const ctx = useTerraformAgainstSimulator();
  const launches = () =>
    ctx.svc.sim.stats.requests.filter((r) => r.method === "POST" && r.path.endsWith("/launch"));

  test.each([
    ["a space", "my shop", `has " " at position 3`],
    ["64 characters", "s".repeat(64), "has 64 characters"],
    ["an empty name", "", "is empty"],
  ])(
    "an instance_name with %s fails the plan on instance_name, before any launch",
    async (_what, name, why) => {
      const ws = ctx.workspace();
      ws.writeMain(`${PROVIDER_HCL}
resource "appmgmt_instance" "named" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "${name}"
}
`);
      await ws.init();
      const plan = await ws.plan({ check: false });
      expect(plan.code).toBe(1);
      expect(plan.stderr).toContain("Error: Invalid instance_name");
      // the attribute path makes terraform point at the instance_name line
      expect(plan.stderr).toMatch(
        /on main\.tf line \d+, in resource "appmgmt_instance" "named":\n\s*\d+:\s+instance_name\s+=/,
      );
      expect(plan.stderr.replace(/\s+/g, " ")).toContain(why);
      expect(launches()).toEqual([]);
    },
  );

  test("submodule and parameter keys named like Object members are ordinary keys", async () => {
    const ws = ctx.workspace();
    ws.writeFile("webshop.yaml", DEMO_MANIFESTS.webshop[2]);
    const resource = (manifest: boolean) => `${PROVIDER_HCL}
resource "appmgmt_instance" "odd" {
  application_id = "${DEMO.webshopApplicationId}"
  parameters     = { ${MEMBER_NAMES.map((n) => `"input.${n}" = "x"`).join(", ")} }
  submodules = {
${MEMBER_NAMES.map((n) => `    "${n}" = { parameters = { "input.${n}" = "y" } }`).join("\n")}
  }
${manifest ? '  manifest = file("webshop.yaml")\n' : ""}}
`;
    // without a manifest the names are well formed: the plan shows every key
    ws.writeMain(resource(false));
    await ws.init();
    const plain = await ws.plan();
    expect(plain.code).toBe(2);
    for (const n of MEMBER_NAMES) {
      expect(plain.stdout).toMatch(new RegExp(`\\+ "input\\.${n}"\\s+= "x"`));
      expect(plain.stdout).toMatch(
        new RegExp(`\\+ "${n}" = \\{\\s+\\+ parameters\\s+= \\{\\s+\\+ "input\\.${n}" = "y"`),
      );
    }
    // with the manifest each is reported as unknown, at its path
    ws.writeMain(resource(true));
    const checked = await ws.plan({ check: false });
    expect(checked.code).toBe(1);
    expect(checked.stderr).not.toContain("Provider error");
    expect(checked.stderr).not.toContain("Cannot convert undefined or null to object");
    for (const n of MEMBER_NAMES) {
      expect(checked.stderr).toContain(`parameter 'input.${n}' is not defined by the application manifest`);
      expect(checked.stderr).toContain(`submodule '${n}' is not defined by the application manifest`);
    }
    expect(launches()).toEqual([]);
  });
});
