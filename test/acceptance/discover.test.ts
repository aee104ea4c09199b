// `appmgmt discover` adopting an estate launched outside terraform (issue 27 item 1): the import blocks it
// writes, through `terraform plan -generate-config-out` and `terraform apply`, import every live top-level
// instance and change nothing on the service; the next plan has no changes. The estate: instances with a
// free submodule value, a name terraform cannot use as is, two instances of one name, one in staging and
// one destroyed.
import * as fs from "node:fs";
import * as path from "node:path";
import { waitForInstance } from "../../src/client";
import type { LaunchRequest } from "../../src/client/types";
import { DEMO, DEMO_MANIFESTS } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { runDiscover } from "../helpers/discover";
import { describeRun, PROVIDER_HCL } from "../helpers/terraform";

describe("appmgmt discover", () => {
  const ctx = useTerraformAgainstSimulator();
  const ids: Record<string, string> = {};
  let requestsBeforeAdoption = 0;

  const discover = (...args: string[]) => runDiscover(ctx.svc.url, args);

  async function launch(key: string, request: LaunchRequest): Promise<void> {
    const { id } = await ctx.svc.client.launch(DEMO.webshopApplicationId, request);
    await waitForInstance(ctx.svc.client, id, { until: (s) => s.status === "Running", timeoutMs: 10_000 });
    ids[key] = id;
  }

  beforeAll(async () => {
    await Promise.all([
      launch("shop", {
        instanceName: "shop",
        parameters: { "input.db-size": "medium", "input.app-fork": "feature-1" },
        submodules: { db: { parameters: { "input.engine": "postgres-16" } } },
      }),
      launch("legacy", { instanceName: "Legacy.Shop", version: 1 }),
      launch("twinA", { instanceName: "twin" }),
      launch("twinB", { instanceName: "twin" }),
      launch("staged", { instanceName: "staged", environmentId: DEMO.stagingEnvironmentId }),
      launch("gone", { instanceName: "gone" }),
    ]);
    await ctx.svc.client.destroy(ids.gone);
    await waitForInstance(ctx.svc.client, ids.gone, {
      until: (s) => s.status === "Destroyed",
      timeoutMs: 10_000,
    });
  });

  test("import blocks for the environment's live instances, named from the instance names, the same every run", async () => {
    const run = await discover("--environment", DEMO.defaultEnvironmentId);
    expect({ code: run.code, stderr: run.stderr }).toEqual({
      code: 0,
      stderr:
        `environment ${DEMO.defaultEnvironmentId}: 5 instances listed, 1 destroyed or destroying left out, ` +
        "0 filtered out, 4 to adopt\n",
    });
    const blocks = [...run.stdout.matchAll(/import \{\n {2}to = (\S+)\n {2}id = "(\w+)"\n\}/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(blocks).toEqual([
      ["appmgmt_instance.legacy_shop", ids.legacy],
      ["appmgmt_instance.shop", ids.shop],
      ...[ids.twinA, ids.twinB].sort().map((id) => [`appmgmt_instance.twin_${id.slice(-6)}`, id]),
    ]);
    expect((await discover("--environment", DEMO.defaultEnvironmentId)).stdout).toBe(run.stdout);
  });

  test("generate-config-out then apply imports them all, changes nothing, and the next plan is empty", async () => {
    const ws = ctx.workspace();
    const out = path.join(ws.dir, "adopt.tf");
    const run = await discover("--environment", DEMO.defaultEnvironmentId, "--out", out);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`wrote 4 instances to ${out}`);
    ws.writeMain(PROVIDER_HCL);
    await ws.init();
    requestsBeforeAdoption = ctx.svc.sim.stats.requestCount;
    const generate = await ws.run(["plan", "-no-color", "-input=false", "-generate-config-out=generated.tf"]);
    expect({ code: generate.code, run: describeRun(generate) }).toMatchObject({ code: 0 });
    expect(generate.stdout).toContain("Plan: 4 to import, 0 to add, 0 to change, 0 to destroy.");
    const generated = fs.readFileSync(path.join(ws.dir, "generated.tf"), "utf8");
    expect(generated).toMatch(/"input\.engine"\s*=\s*"postgres-16"/);
    expect(generated).toMatch(/"input\.app-fork"\s*=\s*"feature-1"/);

    const apply = await ws.apply();
    expect(apply.stdout).toContain("Apply complete! Resources: 4 imported, 0 added, 0 changed, 0 destroyed.");
    const replan = await ws.plan();
    expect({ code: replan.code, stdout: replan.stdout }).toMatchObject({
      code: 0,
      stdout: expect.stringContaining("No changes"),
    });
    // Adopting is reading only: no launch, reconfigure, workflow or destroy reached the service.
    const writes = ctx.svc.sim.stats
      .requestsSince(requestsBeforeAdoption)
      .filter((r) => r.method !== "GET" && !r.path.startsWith("/refreshToken"));
    expect(writes).toEqual([]);

    // A manifest for one adopted instance later: the binding rules now check it, and since its values are
    // what the instance runs, the apply records the manifest and sends nothing.
    ws.writeFile("webshop.yaml", DEMO_MANIFESTS.webshop[2]);
    const withManifest = generated.replace(
      /(resource "appmgmt_instance" "shop" \{[^]*?manifest\s*=\s*)null/,
      '$1file("webshop.yaml")',
    );
    expect(withManifest).not.toBe(generated);
    ws.writeFile("generated.tf", withManifest);
    const manifestPlan = await ws.plan();
    expect(manifestPlan.stdout).toContain("Plan: 0 to add, 1 to change, 0 to destroy.");
    expect(manifestPlan.stdout + manifestPlan.stderr).not.toContain("Warning");
    await ws.apply();
    expect((await ws.plan()).code).toBe(0);
    const bound = withManifest.replace(/("input\.engine"\s*=\s*"postgres-16")/, '$1\n"input.size" = "large"');
    ws.writeFile("generated.tf", bound);
    const refused = await ws.plan({ check: false });
    expect(refused.code).toBe(1);
    expect(refused.stderr.replace(/\s+/g, " ")).toContain(
      "submodules.db.parameters['input.size']: input.size of submodule db is bound to parameters['input.db-size']",
    );
    ws.writeFile("generated.tf", withManifest);

    const state = await ws.state();
    expect(state.map((r) => r.values.id).sort()).toEqual([ids.shop, ids.legacy, ids.twinA, ids.twinB].sort());
  });

  test("--organization reads every environment; --application and --name-prefix filter", async () => {
    const all = await discover("--organization", DEMO.organizationId, "--name-prefix", "s");
    expect(all.code).toBe(0);
    expect(all.stderr.split("\n").filter(Boolean)).toEqual([
      `environment ${DEMO.defaultEnvironmentId} (default): 5 instances listed, 1 destroyed or destroying ` +
        "left out, 3 filtered out, 1 to adopt",
      `environment ${DEMO.stagingEnvironmentId} (staging): 1 instances listed, 0 destroyed or destroying ` +
        "left out, 0 filtered out, 1 to adopt",
    ]);
    expect([...all.stdout.matchAll(/id = "(\w+)"/g)].map((m) => m[1])).toEqual([ids.shop, ids.staged]);

    const none = await discover(
      "--environment",
      DEMO.defaultEnvironmentId,
      "--application",
      DEMO.postgresApplicationId,
    );
    expect(none.code).toBe(0);
    expect(none.stdout).not.toContain("import {");
    expect(none.stdout).toContain("Nothing to adopt.");
  });

  test("an unknown environment is an error naming it and what to check", async () => {
    const unknown = "5f0000000000000000000eff";
    const run = await discover("--environment", unknown);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(
      `appmgmt discover: environment ${unknown} does not exist, or these credentials cannot see it: check the id`,
    );
  });
});
