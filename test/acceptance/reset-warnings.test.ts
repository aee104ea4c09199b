// Reset warnings (issue 7, item 2): values set on the service outside terraform, which the configuration
// never mentioned, are named by the plan when a reconfigure will reset them; with the manifest the plan shows
// the exact effective_parameters, and the service ends with exactly those values.
import { waitForInstance } from "../../src/client";
import { DEMO, DEMO_MANIFESTS } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { PROVIDER_HCL } from "../helpers/terraform";

const ADDRESS = "appmgmt_instance.shop";

function config(appFork: string, withManifest = false): string {
  return `${PROVIDER_HCL}
resource "appmgmt_instance" "shop" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "reset-shop"
  parameters     = { "input.app-fork" = "${appFork}" }
${withManifest ? '  manifest       = file("webshop.yaml")\n' : ""}}
`;
}

/** terraform's warning summaries in a plan's output, sorted (terraform orders them its own way). */
const warningSummaries = (output: string) =>
  [...output.matchAll(/^Warning: (.*)$/gm)].map((m) => m[1]).sort();

describe("reset warnings", () => {
  const ctx = useTerraformAgainstSimulator();

  test("values changed outside terraform are named before a reconfigure resets them", async () => {
    ctx.tf.writeFile("webshop.yaml", DEMO_MANIFESTS.webshop[2]);
    ctx.tf.writeMain(config("one"));
    await ctx.tf.init();
    await ctx.tf.apply();
    const id = (await ctx.tf.resource(ADDRESS))?.values.id as string;

    // someone changes db-size and the db engine through the API, keeping app-fork
    await ctx.svc.client.reconfigure(id, {
      parameters: { "input.app-fork": "one", "input.db-size": "large" },
      submodules: { db: { parameters: { "input.engine": "postgres-16" } } },
    });
    await waitForInstance(ctx.svc.client, id, {
      until: (s) => s.status === "Running" && s.submodules.db.parameters["input.engine"] === "postgres-16",
      timeoutMs: 10_000,
    });
    // nothing terraform manages changed: no drift
    expect((await ctx.tf.plan()).code).toBe(0);

    ctx.tf.writeMain(config("two"));
    const plan = await ctx.tf.plan();
    expect(plan.code).toBe(2);
    // without the manifest the plan cannot know defaults: every unlisted actual value is named
    expect(warningSummaries(plan.stdout + plan.stderr)).toEqual([
      'parameters["input.db-size"] will be reset to its default',
      'parameters["input.replicas"] will be reset to its default',
      'submodules["db"].parameters["input.engine"] will be reset to its default',
      'submodules["db"].parameters["input.size"] will be reset to its default unless the manifest binds it',
    ]);
    // each names the value to list to keep it (terraform wraps the text)
    expect(plan.stdout + plan.stderr).toMatch(/list it: "input\.db-size"\s+=\s+"large"/);
    expect(plan.stdout + plan.stderr).toMatch(/list it: "input\.engine"\s+=\s+"postgres-16"/);

    ctx.tf.writeMain(config("two", true));
    const exact = await ctx.tf.plan();
    expect(warningSummaries(exact.stdout + exact.stderr)).toEqual([
      'parameters["input.db-size"] will be reset to its default',
      'submodules["db"].parameters["input.engine"] will be reset to its default',
    ]);
    // every reset is in the plan itself, not "known after apply"
    expect(exact.stdout).toMatch(/~ "input\.app-fork" = "one" -> "two"/);
    expect(exact.stdout).toMatch(/~ "input\.db-size"\s+= "large" -> "small"/);
    expect(exact.stdout).not.toMatch(/effective_parameters\s+=[^\n]*known after apply/);

    await ctx.tf.apply();
    const after = await ctx.svc.client.getInstance(id);
    expect(after.parameters).toEqual({
      "input.app-fork": "two",
      "input.db-size": "small",
      "input.replicas": "1",
    });
    expect(after.submodules.db.parameters).toEqual({ "input.size": "small", "input.engine": "postgres-15" });
    expect((await ctx.tf.resource(ADDRESS))?.values.effective_parameters).toEqual(after.parameters);
    expect((await ctx.tf.plan()).code).toBe(0);
    await ctx.tf.destroy();
  });
});
