// Reset warnings (issue 7, item 2; issue 20, items 7 and 8): values set on the service outside terraform,
// which the configuration never mentioned, are named by the plan when a reconfigure may reset them; without
// the manifest no reset is claimed (one warning lists them), with it the plan names each value it resets and
// shows the exact effective_parameters, and the service ends with exactly those values. `appmgmt review` on
// the same plan names the same values (one rule, src/rules). A reconfigure the manifest proves changes
// nothing is never sent.
import { waitForInstance } from "../../src/client";
import { DEMO, DEMO_MANIFESTS } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { applyPlan, planAndReview } from "../helpers/review";
import { statusReads as countStatusReads } from "../helpers/simulator";
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
  const statusReads = (id: string, since: number) => countStatusReads(ctx.svc.sim, id, since);

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
    // without the manifest the plan cannot know defaults: it claims no reset, and one warning names
    // every unlisted actual value with its value now (terraform wraps the text)
    const output = plan.stdout + plan.stderr;
    expect(warningSummaries(output)).toEqual([
      "4 values not in the configuration may be reset to their defaults",
    ]);
    expect(output).toMatch(/parameters\["input\.db-size"\]\s+=\s+"large"/);
    expect(output).toMatch(/parameters\["input\.replicas"\]\s+=\s+"1"/);
    expect(output).toMatch(/submodules\["db"\]\.parameters\["input\.engine"\]\s+=\s+"postgres-16"/);
    expect(output).toMatch(/set\s+`manifest`\s+to\s+make\s+the\s+plan\s+exact/);

    ctx.tf.writeMain(config("two", true));
    const exact = await ctx.tf.plan();
    // replicas is at its default: no reset; the engine's default is in the submodule's own manifest
    expect(warningSummaries(exact.stdout + exact.stderr)).toEqual([
      "1 value not in the configuration may be reset to its default",
      'parameters["input.db-size"] will be reset to its default',
    ]);
    // every reset is in the plan itself, not "known after apply"
    expect(exact.stdout).toMatch(/~ "input\.app-fork" = "one" -> "two"/);
    expect(exact.stdout).toMatch(/~ "input\.db-size"\s+= "large" -> "small"/);
    expect(exact.stdout).not.toMatch(/effective_parameters\s+=[^\n]*known after apply/);

    const db = (await ctx.svc.client.getInstance(id)).components[0].id;
    let since = ctx.svc.sim.stats.requestCount;
    await ctx.tf.apply();
    // db's settings are read twice: by the refresh (a workflow ran since the last apply read them) and once
    // when the reconfigure settles, whatever the number of polls (issue 26 item 6)
    expect(statusReads(db, since)).toBe(2);
    const after = await ctx.svc.client.getInstance(id);
    expect(after.parameters).toEqual({
      "input.app-fork": "two",
      "input.db-size": "small",
      "input.replicas": "1",
    });
    expect(after.submodules.db.parameters).toEqual({ "input.size": "small", "input.engine": "postgres-15" });
    // the state keeps the configured values apart (issue 38): merged, they are the service's
    const values = (await ctx.tf.resource(ADDRESS))?.values;
    expect({ ...(values?.parameters as object), ...(values?.effective_parameters as object) }).toEqual(
      after.parameters,
    );
    since = ctx.svc.sim.stats.requestCount;
    expect((await ctx.tf.plan()).code).toBe(0);
    // the configuration manages nothing in db and no workflow ran since the apply read it: not read again
    expect(statusReads(id, since)).toBe(1);
    expect(statusReads(db, since)).toBe(0);
    await ctx.tf.destroy();
  });

  test("a submodule value terraform left to its default: a reconfigure keeping db's version leaves it, or resets it for certain to that default (issue 39)", async () => {
    // the first test's workspace (its instance destroyed); init is quick there, and lets this test run alone
    ctx.tf.writeFile("webshop.yaml", DEMO_MANIFESTS.webshop[2]);
    ctx.tf.writeMain(config("one", true));
    await ctx.tf.init();
    await ctx.tf.apply();
    const id = (await ctx.tf.resource(ADDRESS))?.values.id as string;

    // only a main parameter changes: db's engine is at the default the launch left it to, under the version
    // the reconfigure keeps, so nothing is reset and nothing may be: the reset gate passes
    ctx.tf.writeMain(config("two", true));
    const quiet = await planAndReview(ctx.tf, "--fail-on", "reset,possible-reset");
    expect(warningSummaries(quiet.plan.stdout + quiet.plan.stderr)).toEqual([]);
    expect(quiet.stderr).toBe("");
    expect(quiet.code).toBe(0);
    // the plan says the engine stays (terraform hides an unchanged element); the bound size follows db-size
    expect(quiet.plan.stdout).not.toMatch(/"input\.engine"[^\n]*known after apply/);
    expect(quiet.plan.stdout).toMatch(
      /"input\.size"\s+= "small" -> \(known after apply\)\n\s+# \(1 unchanged element hidden\)/,
    );

    // the engine changed by hand: the reconfigure sets it back to that default, which the plan and the gate name
    await ctx.svc.client.reconfigure(id, {
      parameters: { "input.app-fork": "one" },
      submodules: { db: { parameters: { "input.engine": "postgres-16" } } },
    });
    await waitForInstance(ctx.svc.client, id, {
      until: (s) => s.status === "Running" && s.submodules.db.parameters["input.engine"] === "postgres-16",
      timeoutMs: 10_000,
    });
    const gated = await planAndReview(ctx.tf, "--fail-on", "reset");
    expect(warningSummaries(gated.plan.stdout + gated.plan.stderr)).toEqual([
      'submodules["db"].parameters["input.engine"] will be reset to its default',
    ]);
    expect(gated.plan.stdout).toMatch(/"input\.engine" = "postgres-16" -> "postgres-15"/);
    expect(gated.code).toBe(3);
    expect(gated.stderr).toBe(
      "appmgmt review: the plan breaks --fail-on reset:\n" +
        '  reset: reset-shop (appmgmt_instance.shop): resets submodules["db"].parameters["input.engine"] (postgres-16 → postgres-15)\n',
    );
    const [shop] = gated.instances;
    expect(shop.tables).toContainEqual([
      ["attribute", "now", "after the reconfigure"],
      ['submodules["db"].parameters["input.engine"]', "postgres-16", "postgres-15"],
    ]);
    // what the plan said is what the service does (terraform checks the planned value too)
    await applyPlan(ctx.tf);
    expect((await ctx.svc.client.getInstance(id)).submodules.db.parameters["input.engine"]).toBe(
      "postgres-15",
    );
    expect((await ctx.tf.plan()).code).toBe(0);
    await ctx.tf.destroy();
  });

  test("db's defaults from its appmgmt_application in the same configuration: an imported instance's first reconfigure keeps db's engine, or resets it for certain (issue 39)", async () => {
    const ws = ctx.workspace();
    // the child application and the parent that launches it as submodule db, both from this configuration
    ws.writeFile("db.yaml", DEMO_MANIFESTS.postgres[1]);
    ws.writeFile("shop.yaml", DEMO_MANIFESTS.webshop[1].replace(DEMO.postgresApplicationId, "$${db}"));
    const applications = `${PROVIDER_HCL}
resource "appmgmt_application" "db" {
  organization_id = "${DEMO.organizationId}"
  name            = "child-defaults-db"
  manifest        = file("db.yaml")
}
resource "appmgmt_application" "shop" {
  organization_id = "${DEMO.organizationId}"
  name            = "child-defaults-shop"
  manifest        = templatefile("shop.yaml", { db = appmgmt_application.db.id })
}
`;
    const shop = (appFork: string) => `${applications}
resource "appmgmt_instance" "shop" {
  application_id = appmgmt_application.shop.id
  instance_name  = "child-defaults"
  parameters     = { "input.app-fork" = "${appFork}" }
  manifest       = appmgmt_application.shop.manifest
  submodules     = { db = { manifest = appmgmt_application.db.manifest } }
}
`;
    ws.writeMain(applications);
    await ws.init();
    await ws.apply();
    const appId = (await ws.resource("appmgmt_application.shop"))?.values.id as string;
    // launched outside terraform with db's defaults, then imported: no record of which values are defaults
    const { id } = await ctx.svc.client.launch(appId, {
      instanceName: "child-defaults",
      parameters: { "input.app-fork": "one" },
    });
    await waitForInstance(ctx.svc.client, id, { until: (s) => s.status === "Running", timeoutMs: 10_000 });
    expect((await ctx.svc.client.getInstance(id)).submodules.db.parameters["input.engine"]).toBe(
      "postgres-15",
    );
    ws.writeMain(`${shop("one")}
import {
  to = appmgmt_instance.shop
  id = "${id}"
}
`);
    const imported = await ws.apply();
    expect(imported.stdout).toContain("Resources: 1 imported");
    // the manifests prove the configuration changes nothing (db's engine is at its default): nothing is sent
    expect((await ctx.svc.client.getInstance(id)).workflowHistory.map((r) => r.name)).toEqual(["launch"]);

    // only a main parameter changes: db's own manifest says the engine is at its default, so it stays
    ws.writeMain(shop("two"));
    const quiet = await planAndReview(ws, "--format", "text", "--fail-on", "reset,possible-reset");
    expect(warningSummaries(quiet.plan.stdout + quiet.plan.stderr)).toEqual([]);
    expect(quiet.stderr).toBe("");
    expect(quiet.code).toBe(0);
    expect(quiet.markdown).toContain("1 to reconfigure (0 values reset to defaults)");
    expect(quiet.markdown).not.toMatch(/may (be )?reset/);
    expect(quiet.markdown).toMatch(/parameters\["input\.app-fork"\]\s+one → two/);

    // the engine changed by hand: the plan and the gate name the default it goes back to
    await ctx.svc.client.reconfigure(id, {
      parameters: { "input.app-fork": "one" },
      submodules: { db: { parameters: { "input.engine": "postgres-16" } } },
    });
    await waitForInstance(ctx.svc.client, id, {
      until: (s) => s.status === "Running" && s.submodules.db.parameters["input.engine"] === "postgres-16",
      timeoutMs: 10_000,
    });
    const gated = await planAndReview(ws, "--format", "text", "--fail-on", "reset");
    expect(warningSummaries(gated.plan.stdout + gated.plan.stderr)).toEqual([
      'submodules["db"].parameters["input.engine"] will be reset to its default',
    ]);
    expect(gated.code).toBe(3);
    expect(gated.stderr).toContain(
      'reset: child-defaults (appmgmt_instance.shop): resets submodules["db"].parameters["input.engine"] (postgres-16 → postgres-15)',
    );
    expect(gated.markdown).toMatch(
      /submodules\["db"\]\.parameters\["input\.engine"\]\s+postgres-16 → postgres-15/,
    );
    await applyPlan(ws);
    const after = await ctx.svc.client.getInstance(id);
    expect(after.parameters["input.app-fork"]).toBe("two");
    expect(after.submodules.db.parameters["input.engine"]).toBe("postgres-15");
    expect((await ws.plan()).code).toBe(0);
    await ws.destroy();
  });

  /** The values the plan's warnings name: certain resets by their summary, possible ones by their list. */
  function warnedValues(output: string): { resets: string[]; possible: string[] } {
    const resets = [...output.matchAll(/^Warning: (.*) will be reset to its default$/gm)].map((m) => m[1]);
    // the list's lines are indented, which terraform keeps as they are when it wraps a warning
    const possible = [
      ...output.matchAll(/^\s+((?:submodules\["[^"]+"\]\.)?parameters\["[^"]+"\]) = "/gm),
    ].map((m) => m[1]);
    return { resets: resets.sort(), possible: possible.sort() };
  }

  /** The values `appmgmt review --format json` names for the instance. */
  function reviewedValues(json: string): { resets: string[]; possible: string[] } {
    const [instance] = (
      JSON.parse(json) as {
        instances: { resets: { attribute: string }[]; possibleResets: { attribute: string }[] }[];
      }
    ).instances;
    return {
      resets: instance.resets.map((r) => r.attribute).sort(),
      possible: instance.possibleResets.map((r) => r.attribute).sort(),
    };
  }

  test("the plan's warnings and appmgmt review name the same values (one rule)", async () => {
    const ws = ctx.workspace();
    ws.writeFile("webshop.yaml", DEMO_MANIFESTS.webshop[2]);
    const shop = (appFork: string, extra: string) => `${PROVIDER_HCL}
resource "appmgmt_instance" "shop" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "one-rule"
  parameters     = { "input.app-fork" = "${appFork}" }
${extra}}
`;
    ws.writeMain(
      shop("one", '  submodules = { db = { parameters = { "input.engine" = "postgres-16" } } }\n'),
    );
    await ws.init();
    await ws.apply();
    const id = (await ws.resource(ADDRESS))?.values.id as string;
    await ctx.svc.client.reconfigure(id, {
      parameters: { "input.app-fork": "one", "input.db-size": "large" },
      submodules: { db: { parameters: { "input.engine": "postgres-16" } } },
    });
    await waitForInstance(ctx.svc.client, id, {
      until: (s) => s.status === "Running" && s.parameters["input.db-size"] === "large",
      timeoutMs: 10_000,
    });

    // with the manifest: db-size is reset for certain, replicas is at its default (no reset), the
    // engine's default is the submodule's own (may be reset), the bound db.input.size follows db-size
    ws.writeMain(shop("two", '  manifest = file("webshop.yaml")\n'));
    const exact = await planAndReview(ws, "--format", "json");
    const named = {
      resets: ['parameters["input.db-size"]'],
      possible: ['submodules["db"].parameters["input.engine"]'],
    };
    expect(warnedValues(exact.plan.stdout + exact.plan.stderr)).toEqual(named);
    expect(reviewedValues(exact.markdown)).toEqual(named);

    // without it: no reset claimed; the review reads every submodule value from effective_submodules,
    // as the plan does, the bound db.input.size included (it may follow db-size)
    ws.writeMain(shop("two", ""));
    const unsure = await planAndReview(ws, "--format", "json");
    const all = {
      resets: [],
      possible: [
        'parameters["input.db-size"]',
        'parameters["input.replicas"]',
        'submodules["db"].parameters["input.engine"]',
        'submodules["db"].parameters["input.size"]',
      ],
    };
    expect(reviewedValues(unsure.markdown)).toEqual(all);
    expect(warnedValues(unsure.plan.stdout + unsure.plan.stderr)).toEqual(all);
    await ws.destroy();
  });

  test("two instances of an application uploading a new manifest: the plan and the review name the same values, from the known manifest", async () => {
    // issue 28 items 2-3: manifest known, manifest_version unknown (the new version is uploaded in this
    // apply); each instance's db engine was changed by hand and may be reset
    const ws = ctx.workspace();
    const stack = (appFork: string) => `${PROVIDER_HCL}
resource "appmgmt_application" "shop" {
  organization_id = "${DEMO.organizationId}"
  name            = "two-shops"
  manifest        = file("\${path.module}/shop.yaml")
}
resource "appmgmt_instance" "shop" {
  for_each         = toset(["a", "b"])
  application_id   = appmgmt_application.shop.id
  manifest_version = appmgmt_application.shop.manifest_version
  manifest         = appmgmt_application.shop.manifest
  instance_name    = "two-shops-\${each.key}"
  parameters       = { "input.app-fork" = "${appFork}" }
}
`;
    ws.writeFile("shop.yaml", DEMO_MANIFESTS.webshop[1]);
    ws.writeMain(stack("one"));
    await ws.init();
    await ws.apply();
    for (const key of ["a", "b"]) {
      const id = (await ws.resource(`appmgmt_instance.shop["${key}"]`))?.values.id as string;
      await ctx.svc.client.reconfigure(id, {
        parameters: { "input.app-fork": "one", "input.db-size": "large" },
        submodules: { db: { parameters: { "input.engine": "postgres-16" } } },
      });
      await waitForInstance(ctx.svc.client, id, {
        until: (s) => s.status === "Running" && s.submodules.db.parameters["input.engine"] === "postgres-16",
        timeoutMs: 10_000,
      });
    }

    ws.writeFile("shop.yaml", DEMO_MANIFESTS.webshop[2]);
    ws.writeMain(stack("two"));
    const reviewed = await planAndReview(ws, "--format", "json");
    const review = JSON.parse(reviewed.markdown) as {
      instances: {
        address: string;
        resets: { attribute: string }[];
        possibleResets: { attribute: string; because: string }[];
      }[];
    };
    const byReview = Object.fromEntries(
      review.instances.map((i) => [
        i.address,
        {
          resets: i.resets.map((r) => r.attribute).sort(),
          possible: i.possibleResets.map((r) => r.attribute).sort(),
        },
      ]),
    );
    // terraform's human output folds alike warnings into one; its JSON lines keep each with its address
    const planJson = await ws.run(["plan", "-json", "-input=false"]);
    const byPlan: Record<string, { resets: string[]; possible: string[] }> = {};
    for (const line of planJson.stdout.split("\n").filter((l) => l.startsWith("{"))) {
      const d = (
        JSON.parse(line) as {
          diagnostic?: { severity: string; summary: string; detail: string; address?: string };
        }
      ).diagnostic;
      if (d?.severity !== "warning" || d.address === undefined) continue;
      expect(d.detail).not.toContain("Without `manifest`");
      const found = warnedValues(`Warning: ${d.summary}\n${d.detail}`);
      const seen = (byPlan[d.address] ??= { resets: [], possible: [] });
      seen.resets.push(...found.resets);
      seen.possible.push(...found.possible);
    }
    const perInstance = {
      resets: ['parameters["input.db-size"]'],
      possible: ['submodules["db"].parameters["input.engine"]'],
    };
    expect(byReview).toEqual({
      'appmgmt_instance.shop["a"]': perInstance,
      'appmgmt_instance.shop["b"]': perInstance,
    });
    expect(byPlan).toEqual(byReview);
    expect(review.instances.flatMap((i) => i.possibleResets.map((r) => r.because))).toEqual([
      "submodule-default",
      "submodule-default",
    ]);
    await ws.destroy();
  });

  test("after an import, a configuration relying on defaults sends no reconfigure the manifest proves changes nothing", async () => {
    const { id } = await ctx.svc.client.launch(DEMO.webshopApplicationId, {
      instanceName: "defaults",
      parameters: { "input.app-fork": "release-1" },
    });
    await waitForInstance(ctx.svc.client, id, { until: (s) => s.status === "Running", timeoutMs: 10_000 });
    const ws = ctx.workspace();
    ws.writeFile("webshop.yaml", DEMO_MANIFESTS.webshop[2]);
    // db-size and replicas are left to their defaults; the free engine is listed as the import took it
    ws.writeMain(`${PROVIDER_HCL}
resource "appmgmt_instance" "shop" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "defaults"
  manifest       = file("webshop.yaml")
  parameters     = { "input.app-fork" = "release-1" }
  submodules     = { db = { parameters = { "input.engine" = "postgres-15" } } }
}
`);
    await ws.init();
    await ws.import(ADDRESS, id);
    const plan = await ws.plan();
    // terraform's copy of the configuration changes (the import listed every value) ...
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(/~ parameters\s+= \{/);
    expect(plan.stdout).not.toMatch(/known after apply/);
    expect(plan.stdout + plan.stderr).not.toMatch(/Warning/);
    // ... and the service is not called: nothing would change there
    const before = ctx.svc.sim.stats.requestCount;
    await ws.apply();
    const writes = ctx.svc.sim.stats.requestsSince(before).filter((r) => r.method !== "GET");
    expect(writes.map((r) => `${r.method} ${r.path}`).filter((w) => !w.includes("refreshToken"))).toEqual([]);
    expect((await ws.plan()).code).toBe(0);
    expect((await ctx.svc.client.getInstance(id)).parameters).toEqual({
      "input.app-fork": "release-1",
      "input.db-size": "small",
      "input.replicas": "1",
    });
    await ws.destroy();
  });
});
