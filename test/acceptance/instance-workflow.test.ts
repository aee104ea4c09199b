// appmgmt_instance_workflow with real terraform: an application whose manifest declares a workflow, an
// instance of it and a run of the workflow in one stack. Apply runs it (the service's history and return
// values show it), a change of triggers runs it again, a failed run is an error that taints the resource and
// the next apply runs it again, launch/destroy are refused at plan, import is refused, destroy forgets it.
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { BACKUP_WORKFLOW_MANIFEST } from "../helpers/simulator";
import { waitForInstance } from "../../src/client";
import { applyPlan, planAndReview, planWithAndReview } from "../helpers/review";
import { PROVIDER_HCL } from "../helpers/terraform";

const stack = (run: { workflow?: string; target?: string; trigger: string }) => `${PROVIDER_HCL}
resource "appmgmt_application" "shop" {
  organization_id = "${DEMO.organizationId}"
  name            = "shop-with-backup"
  manifest        = file("\${path.module}/shop.yaml")
}

resource "appmgmt_instance" "shop" {
  application_id   = appmgmt_application.shop.id
  manifest_version = appmgmt_application.shop.manifest_version
  manifest         = appmgmt_application.shop.manifest
  instance_name    = "shop-backed-up"
}

resource "appmgmt_instance_workflow" "backup" {
  instance_id = appmgmt_instance.shop.id
  workflow    = "${run.workflow ?? "backup"}"
  parameters  = { target = "${run.target ?? "s3://backups"}" }
  triggers    = { nightly = "${run.trigger}" }
  manifest    = appmgmt_instance.shop.manifest

  timeouts {
    create = "2m"
  }
}
`;

describe("appmgmt_instance_workflow", () => {
  const ctx = useTerraformAgainstSimulator();

  test("runs, runs again on a trigger, fails and taints, is refused for destroy, and is forgotten", async () => {
    const { tf, svc } = ctx;
    const runsOf = async (id: string) =>
      (await svc.client.getInstance(id)).workflowHistory.map((r) => `${r.name}:${r.status}`);
    tf.writeFile("shop.yaml", BACKUP_WORKFLOW_MANIFEST);
    tf.writeMain(stack({ trigger: "1" }));
    await tf.init();
    // The review of the first plan says in words what the stack does beside the launch.
    const reviewed = await planAndReview(tf, "--format", "text");
    expect(reviewed.code).toBe(0);
    expect(reviewed.markdown).toContain(
      "Applications:\n  shop-with-backup (appmgmt_application.shop): create, and upload its manifest as version 1\n",
    );
    expect(reviewed.markdown).toContain("    adds workflow backup");
    expect(reviewed.markdown).toContain(
      "workflow backup on shop-backed-up (appmgmt_instance.shop), known after apply, parameters target=s3://backups " +
        "(appmgmt_instance_workflow.backup): run",
    );
    await applyPlan(tf);
    const instanceId = (await tf.resource("appmgmt_instance.shop"))!.values.id as string;
    const appId = (await tf.resource("appmgmt_application.shop"))!.values.id as string;
    expect(await runsOf(instanceId)).toEqual(["launch:Succeeded", "backup:Succeeded"]);
    expect((await tf.resource("appmgmt_instance_workflow.backup"))!.values).toMatchObject({
      id: `${instanceId}/backup/1`,
      status: "Succeeded",
      return_values: expect.objectContaining({ "backup.target": "s3://backups" }),
    });
    // Unchanged: nothing to do, nothing runs.
    expect(await tf.plannedChanges()).toEqual([]);

    // The run's return values are terraform's own doing: terraform's refresh reports them as changed outside
    // terraform, the review does not count them as drift, and --fail-on drift passes.
    const refreshed = await planWithAndReview(tf, ["-refresh-only"], "--fail-on", "drift");
    expect(refreshed.plan.stdout).toContain("Objects have changed outside of Terraform");
    expect(refreshed.plan.stdout).toMatch(/"backup\.target"\s+= "s3:\/\/backups"/);
    expect([refreshed.code, refreshed.summary]).toEqual([
      0,
      "0 to launch, 0 to reconfigure (0 values reset to defaults), 0 to replace, 0 to destroy",
    ]);
    expect(refreshed.markdown).toContain("`--fail-on drift`: passed.");
    // a real change made outside terraform still shows, without the return values
    await svc.client.reconfigure(instanceId, { parameters: { "input.app-fork": "hotfix" } });
    await waitForInstance(svc.client, instanceId, {
      until: (s) => s.status === "Running" && s.parameters["input.app-fork"] === "hotfix",
      timeoutMs: 10_000,
    });
    const drifted = await planWithAndReview(tf, ["-refresh-only"], "--format", "json", "--fail-on", "drift");
    expect(drifted.code).toBe(3);
    const review = JSON.parse(drifted.markdown) as { drift: { changes: { attribute: string }[] }[] };
    expect(review.drift.flatMap((d) => d.changes.map((c) => c.attribute))).toEqual([
      'effective_parameters["input.app-fork"]',
    ]);

    // a trigger change runs it again, with the new parameters too
    tf.writeMain(stack({ trigger: "2", target: "s3://elsewhere" }));
    expect(await tf.plannedChanges()).toEqual([
      { address: "appmgmt_instance_workflow.backup", action: "replace" },
    ]);
    const again = await planAndReview(tf, "--format", "text");
    expect(again.markdown).toContain(
      "workflow backup on shop-backed-up (appmgmt_instance.shop), parameters target=s3://elsewhere " +
        "(appmgmt_instance_workflow.backup): run again (parameters, triggers force it)",
    );
    await applyPlan(tf);
    expect(await runsOf(instanceId)).toEqual([
      "launch:Succeeded",
      "backup:Succeeded",
      "reconfigure:Succeeded",
      "backup:Succeeded",
    ]);
    expect((await svc.client.getInstance(instanceId)).returnValues["backup.target"]).toBe("s3://elsewhere");

    // a failed run: the service's message, and the resource tainted so the next apply runs it again
    svc.sim.failApplication(appId, "backup target unreachable");
    tf.writeMain(stack({ trigger: "3" }));
    const failed = await tf.apply({ check: false });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("backup target unreachable");
    expect((await tf.resource("appmgmt_instance_workflow.backup"))!.tainted).toBe(true);
    svc.sim.failApplication(appId, null);
    await tf.apply();
    expect((await tf.resource("appmgmt_instance_workflow.backup"))!.tainted).toBe(false);
    expect((await runsOf(instanceId)).slice(-2)).toEqual(["backup:Failed", "backup:Succeeded"]);

    // destroy by name is refused at plan, naming the resource that runs it; nothing reaches the service
    tf.writeMain(stack({ trigger: "3", workflow: "destroy" }));
    const refused = await tf.plan({ check: false });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("the appmgmt_instance resource runs destroy");
    expect(refused.stderr).toMatch(/with appmgmt_instance_workflow\.backup,[\s\S]*workflow\s+= "destroy"/);

    // import: a run is not an object of the service
    const other = ctx.workspace();
    other.writeFile("shop.yaml", BACKUP_WORKFLOW_MANIFEST);
    other.writeMain(stack({ trigger: "3" }));
    await other.init();
    const imported = await other.import("appmgmt_instance_workflow.backup", `${instanceId}/backup/1`, {
      check: false,
    });
    expect(imported.code).toBe(1);
    expect(imported.stderr).toContain("appmgmt_instance_workflow cannot be imported");

    // destroy: the run is forgotten (no workflow call), the instance destroyed
    tf.writeMain(stack({ trigger: "3" }));
    const before = svc.sim.stats.requestCount;
    await tf.destroy();
    expect(
      svc.sim.stats
        .requestsSince(before)
        .filter((r) => r.method === "POST")
        .map((r) => r.path.replace(/[0-9a-f]{24}/g, ":id")),
    ).toEqual(["/api/1/instances/:id/destroy"]);
    expect((await svc.client.getInstance(instanceId)).status).toBe("Destroyed");
    expect(await tf.state()).toEqual([]);
  });
});
