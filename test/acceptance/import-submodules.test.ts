// Import keeps what the service runs (issue 7, items 1 and 3): an instance launched through the API with a
// non-default free submodule parameter is imported with generated configuration; re-planning shows no
// change, and changing one main parameter leaves every other value on the service as it was.
import * as fs from "node:fs";
import * as path from "node:path";
import { waitForInstance } from "../../src/client";
import type { LaunchRequest } from "../../src/client/types";
import { DEMO, DEMO_MANIFESTS } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { describeRun, PROVIDER_HCL } from "../helpers/terraform";

/** The summaries of terraform's warnings in a plan's output. */
function warningSummaries(output: string): string[] {
  return [...output.matchAll(/^Warning: (.*)$/gm)].map((m) => m[1]);
}

describe("import with generated configuration", () => {
  const ctx = useTerraformAgainstSimulator();

  async function launchThroughApi(request: LaunchRequest): Promise<string> {
    const { id } = await ctx.svc.client.launch(DEMO.webshopApplicationId, request);
    await waitForInstance(ctx.svc.client, id, { until: (s) => s.status === "Running", timeoutMs: 10_000 });
    return id;
  }

  test("generated config reproduces the instance; a one-parameter change keeps the db engine", async () => {
    const id = await launchThroughApi({
      instanceName: "legacy-shop",
      parameters: { "input.db-size": "medium" },
      submodules: { db: { parameters: { "input.engine": "postgres-16" } } },
    });
    const before = await ctx.svc.client.getInstance(id);
    expect(before.submodules.db.parameters).toEqual({
      "input.size": "medium",
      "input.engine": "postgres-16",
    });

    const ws = ctx.workspace();
    ws.writeMain(`${PROVIDER_HCL}
import {
  to = appmgmt_instance.legacy
  id = "${id}"
}
`);
    await ws.init();
    const generate = await ws.run(["plan", "-no-color", "-input=false", "-generate-config-out=generated.tf"]);
    expect({ code: generate.code, run: describeRun(generate) }).toMatchObject({ code: 0 });
    const generated = fs.readFileSync(path.join(ws.dir, "generated.tf"), "utf8");
    // the free submodule parameter is in the configuration, the bound one (input.size) is not
    expect(generated).toMatch(/"input\.engine"\s*=\s*"postgres-16"/);
    expect(generated).not.toContain("input.size");
    expect(generated).toMatch(/"input\.db-size"\s*=\s*"medium"/);

    await ws.apply();
    const replan = await ws.plan();
    expect({ code: replan.code, stdout: replan.stdout }).toMatchObject({ code: 0 });

    // change only app-fork
    const edited = generated.replace(/("input\.app-fork"\s*=\s*)"master"/, '$1"release-7"');
    expect(edited).not.toBe(generated);
    ws.writeFile("generated.tf", edited);
    // Without the manifest the plan cannot tell that db's input.size is bound: it says it may be reset,
    // or follow the main parameter of the same value, and only that.
    const change = await ws.plan();
    expect(change.code).toBe(2);
    expect(change.stdout).toContain("1 to change");
    expect(warningSummaries(change.stdout + change.stderr)).toEqual([
      "1 value not in the configuration may be reset to its default",
    ]);
    expect(change.stdout + change.stderr).toMatch(
      /submodules\["db"\]\.parameters\["input\.size"\] = "medium" \(if the manifest binds it to\s+parameters\["input\.db-size"\], it follows that instead\)/,
    );
    // With the manifest it can: no warning, and effective_parameters planned exactly.
    ws.writeFile("webshop.yaml", DEMO_MANIFESTS.webshop[2]);
    ws.writeFile("generated.tf", edited.replace(/manifest\s*=\s*null/, 'manifest = file("webshop.yaml")'));
    const exact = await ws.plan();
    expect(exact.code).toBe(2);
    expect(warningSummaries(exact.stdout + exact.stderr)).toEqual([]);
    expect(exact.stdout).toMatch(
      /effective_parameters\s+= \{\s*~ "input\.app-fork" = "master" -> "release-7"/,
    );
    await ws.apply();

    const after = await ctx.svc.client.getInstance(id);
    expect(after.status).toBe("Running");
    expect(after.parameters).toEqual({ ...before.parameters, "input.app-fork": "release-7" });
    expect(after.submodules).toEqual(before.submodules);
    expect(after.submodules.db.parameters["input.engine"]).toBe("postgres-16");
    expect((await ws.plan()).code).toBe(0);
  });

  test("terraform import accepts ENVIRONMENT_ID/INSTANCE_NAME; a bad id names both forms", async () => {
    const id = await launchThroughApi({ instanceName: "by-name", environmentId: DEMO.stagingEnvironmentId });
    const ws = ctx.workspace();
    ws.writeMain(`${PROVIDER_HCL}
resource "appmgmt_instance" "named" {
  application_id = "${DEMO.webshopApplicationId}"
}
`);
    await ws.init();
    const bad = await ws.import("appmgmt_instance.named", "by-name", { check: false });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("Invalid import id");
    expect(bad.stderr).toContain("ENVIRONMENT_ID/INSTANCE_NAME");
    expect(bad.stderr).toContain("24-character");

    const run = await ws.import("appmgmt_instance.named", `${DEMO.stagingEnvironmentId}/by-name`);
    expect(run.stdout).toContain("Import successful");
    expect((await ws.resource("appmgmt_instance.named"))?.values).toMatchObject({
      id,
      instance_name: "by-name",
      environment_id: DEMO.stagingEnvironmentId,
    });
  });
});
