// `appmgmt review` on real plans: terraform plans against the simulator (create, in-place update with
// resets, replacement, destroy, moved, import, forget, a cdktf stack), `terraform show -json` of each, and
// the review read back with a Markdown parser, its tables checked cell by cell. The CLI runs as a child
// process, as a pipeline runs it.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { App, TerraformStack } from "cdktf";
import { waitForInstance } from "../../src/client";
import { AppMgmtProvider, ApplicationInstance, ApplicationManifest } from "../../src/constructs";
import { DEMO, DEMO_MANIFESTS } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { parseMarkdown } from "../helpers/markdown";
import { APPMGMT_CLI, applyPlan, planAndReview, planWithAndReview, type Reviewed } from "../helpers/review";
import { PROVIDER_HCL } from "../helpers/terraform";

const CLI = APPMGMT_CLI;
const MANIFEST = DEMO_MANIFESTS.webshop[2];

function instanceHcl(name: string, body: string): string {
  return `
resource "appmgmt_instance" "${name}" {
  application_id = "${DEMO.webshopApplicationId}"
  manifest       = file("\${path.module}/webshop.yaml")
${body}
}
`;
}

const WEB_V1 = instanceHcl(
  "web",
  `  instance_name = "web"
  parameters = {
    "input.app-fork" = "release-1"
    "input.db-size"  = "medium"
  }
  submodules = { db = { parameters = { "input.engine" = "postgres-16" } } }`,
);
const API_V1 = instanceHcl("api", `  instance_name = "api"`);

describe("appmgmt review on real terraform plans", () => {
  const ctx = useTerraformAgainstSimulator();
  const headings = (r: Reviewed) => r.instances.map((s) => s.heading);

  test("create: two launches, values known at plan time and terraform's placeholders", async () => {
    ctx.tf.writeFile("webshop.yaml", MANIFEST);
    ctx.tf.writeMain(`${PROVIDER_HCL}\ndata "appmgmt_organizations" "mine" {}\n${WEB_V1}${API_V1}`);
    await ctx.tf.init();
    const r = await planAndReview(ctx.tf);
    expect(r.code).toBe(0);
    expect(r.summary).toBe(
      "2 to launch, 0 to reconfigure (0 values reset to defaults), 0 to replace, 0 to destroy",
    );
    expect(r.markdown).toContain("Not listed: 1 data source read.");
    expect(headings(r)).toEqual(["api (appmgmt_instance.api): launch", "web (appmgmt_instance.web): launch"]);
    const [api, web] = r.instances;
    expect(api.paragraphs).toContain("Workflow: launch (Requested → Executing → Running)");
    expect(api.tables).toEqual([
      [
        ["attribute", "before", "after"],
        ["application_id", "(none)", DEMO.webshopApplicationId],
        ["instance_name", "(none)", "api"],
        ["environment_id", "(none)", "(known after apply)"],
        ["manifest_version", "(none)", "(known after apply)"],
      ],
    ]);
    expect(web.tables[0].slice(5)).toEqual([
      ['parameters["input.app-fork"]', "(none)", "release-1"],
      ['parameters["input.db-size"]', "(none)", "medium"],
      ['submodules["db"].parameters["input.engine"]', "(none)", "postgres-16"],
    ]);
    // the manifest heredoc is not in the review
    expect(r.markdown).not.toContain("configuration(string)");
    await applyPlan(ctx.tf);
  });

  test("in-place update with resets, and a replacement, gated by --fail-on", async () => {
    // set outside terraform: a reconfigure that does not list input.replicas sets it back to "1"
    const webId = (await ctx.tf.resource("appmgmt_instance.web"))!.values.id as string;
    await ctx.svc.client.reconfigure(webId, {
      parameters: { "input.app-fork": "release-1", "input.db-size": "medium", "input.replicas": "3" },
      submodules: { db: { parameters: { "input.engine": "postgres-16" } } },
    });
    await waitForInstance(ctx.svc.client, webId, {
      until: (s) => s.status === "Running" && s.parameters["input.replicas"] === "3",
      timeoutMs: 10_000,
    });
    const webV2 = instanceHcl(
      "web",
      `  instance_name = "web"
  parameters = { "input.app-fork" = "release-2" }`,
    );
    ctx.tf.writeMain(`${PROVIDER_HCL}${webV2}${API_V1.replace('"api"\n', '"api-v2"\n')}`);
    const r = await planAndReview(ctx.tf, "--fail-on", "reset");
    // replicas, set by hand, is also drift (the review's own section, tested below)
    expect(r.summary).toBe(
      "0 to launch, 1 to reconfigure (2 values reset to defaults, 1 may be reset), 1 to replace, 0 to destroy, " +
        "1 changed outside terraform",
    );
    expect(r.code).toBe(3);
    // the gate names the instance and the rule it breaks, on stderr and in the review
    // (certain resets, with the value each becomes; the engine that may be reset is possible-reset's)
    const verdict =
      'reset: web (appmgmt_instance.web): resets parameters["input.db-size"] (medium → small), ' +
      'parameters["input.replicas"] (3 → 1)';
    expect(r.stderr).toBe(`appmgmt review: the plan breaks --fail-on reset:\n  ${verdict}\n`);
    expect(parseMarkdown(r.markdown)[1].paragraphs).toEqual(
      expect.arrayContaining(["--fail-on reset: 1 violation (the review exits 3):", verdict]),
    );
    expect(headings(r)).toEqual([
      "api-v2 (appmgmt_instance.api): replace (instance_name forces it)",
      // the reconfigure resets replicas to its default, the value it had before it was set by hand
      "web (appmgmt_instance.web): reconfigure in place, reverting changes made outside terraform",
    ]);
    const [api, web] = r.instances;
    expect(api.paragraphs).toContain("Workflow: destroy of the old instance, then launch of the new one");
    expect(api.tables[0]).toEqual([
      ["attribute", "before", "after"],
      ["instance_name", "api", "api-v2"],
      // environments by name (environment_name, which the provider plans)
      ["environment_id", "default", "(known after apply)"],
      ["manifest_version", "2", "(known after apply)"],
    ]);
    expect(web.paragraphs).toContain(
      "Workflow: reconfigure (Executing → Running): one request carrying the complete configuration",
    );
    expect(web.tables).toEqual([
      [
        ["attribute", "before", "after"],
        ['parameters["input.app-fork"]', "release-1", "release-2"],
        ['parameters["input.db-size"]', "medium", "(none)"],
        ['submodules["db"].parameters["input.engine"]', "postgres-16", "(none)"],
      ],
      [
        ["attribute", "now", "after the reconfigure"],
        ['parameters["input.db-size"]', "medium", "small"],
        ['parameters["input.replicas"]', "3", "1"],
      ],
      // the webshop manifest does not hold the submodule's defaults: the review cannot claim a change
      [
        ["attribute", "now", "after the reconfigure"],
        [
          'submodules["db"].parameters["input.engine"]',
          "postgres-16",
          "unknown: its default is in the submodule's own manifest",
        ],
      ],
    ]);
    expect((await planAndReview(ctx.tf, "--fail-on", "destroy")).code).toBe(0);
    expect((await planAndReview(ctx.tf, "--fail-on", "replace")).code).toBe(3);

    await applyPlan(ctx.tf);
    // the review told the truth: the service now runs the defaults it named
    const after = await ctx.svc.client.getInstance(webId);
    expect(after.parameters).toEqual({
      "input.app-fork": "release-2",
      "input.db-size": "small",
      "input.replicas": "1",
    });
    expect(after.submodules.db.parameters["input.engine"]).toBe("postgres-15");
  });

  test("destroy, moved and import in one plan", async () => {
    const { id: legacyId } = await ctx.svc.client.launch(DEMO.webshopApplicationId, {
      instanceName: "legacy",
      parameters: { "input.app-fork": "old" },
    });
    await waitForInstance(ctx.svc.client, legacyId, {
      until: (s) => s.status === "Running",
      timeoutMs: 10_000,
    });
    const legacy = instanceHcl(
      "legacy",
      `  instance_name = "legacy"
  parameters = { "input.app-fork" = "old", "input.db-size" = "small", "input.replicas" = "1" }
  # an import takes the submodule settings too: listed here, nothing is reset
  submodules = { db = { manifest_version = 1, parameters = { "input.engine" = "postgres-15" } } }`,
    );
    ctx.tf.writeMain(`${PROVIDER_HCL}
moved {
  from = appmgmt_instance.api
  to   = appmgmt_instance.backend
}
import {
  to = appmgmt_instance.legacy
  id = "${legacyId}"
}
${API_V1.replace('"api"\n', '"api-v2"\n').replace('"api" {', '"backend" {')}${legacy}`);
    const r = await planAndReview(ctx.tf, "--fail-on", "replace,reset");
    expect([r.code, r.markdown]).toEqual([0, expect.any(String)]);
    expect(r.summary).toBe(
      "0 to launch, 0 to reconfigure (0 values reset to defaults), 0 to replace, 1 to destroy, 1 to import, 1 to move",
    );
    expect(headings(r)).toEqual([
      "web (appmgmt_instance.web): destroy (removed from the configuration)",
      // the imported state has no manifest text: only terraform's copy of it changes
      "legacy (appmgmt_instance.legacy): import, with update of terraform-only settings (manifest)",
      "api-v2 (appmgmt_instance.backend): move from appmgmt_instance.api",
    ]);
    const [web, imported, moved] = r.instances;
    expect(web.paragraphs).toContain("Workflow: destroy (Destroying → Destroyed)");
    expect(web.tables[0]).toEqual([
      ["attribute", "before", "after"],
      ["application_id", DEMO.webshopApplicationId, "(none)"],
      ["instance_name", "web", "(none)"],
      ["environment_id", "default", "(none)"],
      ["manifest_version", "2", "(none)"],
      // what it runs: every actual value, its submodule's too, not only those configured
      ['parameters["input.app-fork"]', "release-2", "(none)"],
      ['parameters["input.db-size"]', "small", "(none)"],
      ['parameters["input.replicas"]', "1", "(none)"],
      ['submodules["db"].parameters["input.engine"]', "postgres-15", "(none)"],
      ['submodules["db"].parameters["input.size"]', "small", "(none)"],
    ]);
    expect(imported.paragraphs).toEqual(
      expect.arrayContaining([`Imported id: ${legacyId}`, "Workflow: none: the instance is taken as it is"]),
    );
    expect(moved.paragraphs).toContain("Workflow: none: only the address in state changes");
    expect((await planAndReview(ctx.tf, "--fail-on", "destroy")).code).toBe(3);
    await applyPlan(ctx.tf);
  });

  test("forget: a removed block with destroy = false", async () => {
    const backendId = (await ctx.tf.resource("appmgmt_instance.backend"))!.values.id as string;
    ctx.tf.writeMain(`${PROVIDER_HCL}
removed {
  from = appmgmt_instance.backend
  lifecycle {
    destroy = false
  }
}
`);
    // legacy leaves the configuration too: destroyed
    const r = await planAndReview(ctx.tf, "--format", "markdown");
    expect(r.summary).toBe(
      "0 to launch, 0 to reconfigure (0 values reset to defaults), 0 to replace, 1 to destroy, 1 to forget",
    );
    expect(headings(r)).toEqual([
      "legacy (appmgmt_instance.legacy): destroy (removed from the configuration)",
      "api-v2 (appmgmt_instance.backend): forget (removed from state; the instance keeps running)",
    ]);
    await applyPlan(ctx.tf);
    expect((await ctx.svc.client.getInstance(backendId)).status).toBe("Running");
  });

  test("a cdktf stack: the plan of cdktf.out/stacks/<stack>", async () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-review-cdktf-"));
    try {
      const app = new App({ outdir });
      const stack = new TerraformStack(app, "review-stack");
      new AppMgmtProvider(stack, "appmgmt");
      new ApplicationInstance(stack, "shop", {
        application: DEMO.webshopApplicationId,
        instanceName: "cdktf-shop",
        manifest: ApplicationManifest.fromYaml(MANIFEST),
        parameters: { "input.db-size": "large" },
      });
      app.synth();
      const ws = ctx.workspace();
      const synthesized = fs.readFileSync(path.join(outdir, "stacks/review-stack/cdk.tf.json"), "utf8");
      ws.writeFile("cdk.tf.json", synthesized);
      await ws.init();
      const r = await planAndReview(ws, "--format", "markdown");
      expect(r.summary).toBe(
        "1 to launch, 0 to reconfigure (0 values reset to defaults), 0 to replace, 0 to destroy",
      );
      const address = Object.keys(JSON.parse(synthesized).resource.appmgmt_instance)[0];
      expect(headings(r)).toEqual([`cdktf-shop (appmgmt_instance.${address}): launch`]);
      expect(r.instances[0].tables[0]).toContainEqual(['parameters["input.db-size"]', "(none)", "large"]);

      const text = spawnSync(
        process.execPath,
        [CLI, "review", "--format", "text", path.join(ws.dir, "plan.json")],
        {
          encoding: "utf8",
        },
      );
      expect(text.stdout).toMatch(/parameters\["input.db-size"\] +\(none\) → large/);
      expect(text.stdout).not.toContain("\x1b[");
      const json = spawnSync(process.execPath, [CLI, "review", "--format", "json", "-"], {
        input: fs.readFileSync(path.join(ws.dir, "plan.json")),
        encoding: "utf8",
      });
      expect(JSON.parse(json.stdout)).toMatchObject({
        formatVersion: "1.3",
        summary: { launch: 1, dataSourcesRead: 0 },
      });
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });

  test("a for_each whose instances all change one value is one section, listed by name in natural order", async () => {
    const ws = ctx.workspace();
    ws.writeFile("webshop.yaml", MANIFEST);
    const fleet = (fork: string) => `${PROVIDER_HCL}
resource "appmgmt_instance" "fleet" {
  for_each       = toset(["2", "10", "1"])
  application_id = "${DEMO.webshopApplicationId}"
  manifest       = file("\${path.module}/webshop.yaml")
  instance_name  = "fleet-\${each.key}"
  parameters     = { "input.app-fork" = "${fork}" }
}
`;
    ws.writeMain(fleet("release-1"));
    await ws.init();
    const launched = await planAndReview(ws);
    // three launches differ only in who they are: one section naming each
    expect(headings(launched)).toEqual(["3 instances: launch"]);
    await applyPlan(ws);

    ws.writeMain(fleet("release-2"));
    const r = await planAndReview(ws);
    // db's engine stays at the default each launch left it to, under the version the reconfigure keeps (issue
    // 39): no value may be reset
    expect(r.summary).toBe(
      "0 to launch, 3 to reconfigure (0 values reset to defaults), 0 to replace, 0 to destroy",
    );
    expect(headings(r)).toEqual(["3 instances: reconfigure in place"]);
    const [section] = r.instances;
    expect(section.paragraphs.filter((p) => p.startsWith("fleet-"))).toEqual([
      'fleet-1 (appmgmt_instance.fleet["1"])',
      'fleet-2 (appmgmt_instance.fleet["2"])',
      'fleet-10 (appmgmt_instance.fleet["10"])',
    ]);
    expect(section.tables).toEqual([
      [
        ["attribute", "before", "after"],
        ['parameters["input.app-fork"]', "release-1", "release-2"],
      ],
    ]);
    await applyPlan(ws);
    await ws.destroy();
  });

  test("drift: a parameter changed out of band is named in a refresh-only plan's review, and the normal plan reverting it says so; --fail-on drift gates on it", async () => {
    const ws = ctx.workspace();
    ws.writeMain(`${PROVIDER_HCL}
resource "appmgmt_instance" "drifted" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "drifted"
  parameters     = { "input.app-fork" = "main" }
}
`);
    await ws.init();
    await ws.apply();
    const id = (await ws.resource("appmgmt_instance.drifted"))?.values.id as string;
    // out of band: app-fork (managed) and db-size (not managed) changed on the service
    await ctx.svc.client.reconfigure(id, {
      parameters: { "input.app-fork": "hotfix", "input.db-size": "large" },
    });
    await waitForInstance(ctx.svc.client, id, {
      until: (s) => s.status === "Running" && s.parameters["input.app-fork"] === "hotfix",
      timeoutMs: 10_000,
    });

    const refreshOnly = await planWithAndReview(
      ws,
      ["-refresh-only"],
      "--format",
      "json",
      "--fail-on",
      "drift",
    );
    expect(refreshOnly.plan.stdout).toContain("Objects have changed outside of Terraform");
    expect(refreshOnly.code).toBe(3);
    expect(refreshOnly.stderr).toContain('parameters["input.app-fork"]');
    const seen = JSON.parse(refreshOnly.markdown) as {
      summary: { drift: number; reconfigure: number };
      drift: { address: string; changes: { attribute: string; revertedByPlan: boolean }[] }[];
    };
    expect(seen.summary).toMatchObject({ drift: 1, reconfigure: 0 });
    expect(seen.drift[0].address).toBe("appmgmt_instance.drifted");
    expect(seen.drift[0].changes.map((c) => [c.attribute, c.revertedByPlan])).toEqual([
      ['parameters["input.app-fork"]', false],
      ['effective_parameters["input.db-size"]', false],
      // db's size is bound to db-size: it followed
      ['effective_submodules["db"].parameters["input.size"]', false],
    ]);

    const normal = await planWithAndReview(ws, []);
    expect(normal.summary).toContain("1 changed outside terraform");
    expect(headings(normal)).toEqual([
      "drifted (appmgmt_instance.drifted): reconfigure in place, reverting changes made outside terraform",
    ]);
    expect(normal.markdown).toContain(
      '| `parameters["input.app-fork"]` | `main` | `hotfix` | reverted by this plan |',
    );
    expect(normal.markdown).toContain(
      // no manifest: the plan cannot tell whether the reconfigure resets it, so it is not shown as kept
      '| `effective_parameters["input.db-size"]` | `small` | `large` | may be reset by this plan |',
    );
    await applyPlan(ws);
    await ws.destroy();
  });

  test("bad input exits 1 with a clear message", () => {
    const run = (input: string | undefined, ...args: string[]) =>
      spawnSync(process.execPath, [CLI, "review", ...args], { input, encoding: "utf8" });
    const missing = run(undefined, path.join(os.tmpdir(), "no-such-plan.json"));
    expect([missing.status, missing.stderr]).toEqual([1, expect.stringContaining("cannot read")]);
    const state = run('{"format_version":"1.0","terraform_version":"1.11.4","values":{}}', "-");
    expect([state.status, state.stderr]).toEqual([1, expect.stringContaining("looks like a state")]);
    const future = run('{"format_version":"2.0","planned_values":{}}');
    expect([future.status, future.stderr]).toEqual([1, expect.stringContaining('format_version "2.0"')]);
    const usage = run("{}", "--fail-on", "everything");
    expect([usage.status, usage.stderr]).toEqual([
      2,
      expect.stringContaining("--fail-on takes replace, destroy, reset"),
    ]);
  });
});
