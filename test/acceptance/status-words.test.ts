// Real terraform against a simulator answering in the older status words (docs/service-api.md, "Status
// words": `Active` for Running, `Launching` while a launch runs, `Error` for Failed): a launch, a reconfigure,
// a workflow run and a destroy all complete, and the state says Running; an `Error` fails the apply naming the
// word and the service's message; an `Unknown` as long as unreachable_timeout stops the wait as an outage does.
import { requiredProvidersSnippet } from "../../src/cli/install-provider";
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { BACKUP_WORKFLOW_MANIFEST } from "../helpers/simulator";

const stack = (fork: string, trigger: string) => `${requiredProvidersSnippet()}

provider "appmgmt" {
  unreachable_timeout = "1s"
}

resource "appmgmt_application" "shop" {
  organization_id = "${DEMO.organizationId}"
  name            = "shop-older-words"
  manifest        = file("\${path.module}/shop.yaml")
}

resource "appmgmt_instance" "shop" {
  application_id   = appmgmt_application.shop.id
  manifest_version = appmgmt_application.shop.manifest_version
  manifest         = appmgmt_application.shop.manifest
  instance_name    = "shop-older-words"
  parameters       = { "input.app-fork" = "${fork}" }
}

resource "appmgmt_instance_workflow" "backup" {
  instance_id = appmgmt_instance.shop.id
  workflow    = "backup"
  parameters  = { target = "s3://backups" }
  triggers    = { run = "${trigger}" }
  manifest    = appmgmt_instance.shop.manifest
}
`;

describe("the older status words", () => {
  const ctx = useTerraformAgainstSimulator();
  beforeAll(() => ctx.svc.sim.statusWords.use("older"));

  test("launch, reconfigure, a workflow run and destroy complete; Error and a long Unknown fail naming them", async () => {
    const { tf, svc } = ctx;
    tf.writeFile("shop.yaml", BACKUP_WORKFLOW_MANIFEST);
    tf.writeMain(stack("master", "1"));
    await tf.init();
    await tf.apply();
    const instance = (await tf.resource("appmgmt_instance.shop"))!.values;
    const id = instance.id as string;
    expect(instance.status).toBe("Running");
    expect((await svc.client.getInstanceStatus(id)).serviceStatus).toBe("Active");

    // a reconfigure and a second run of the workflow
    tf.writeMain(stack("feature-x", "2"));
    await tf.apply();
    const s = await svc.client.getInstance(id);
    expect(s.parameters["input.app-fork"]).toBe("feature-x");
    expect(s.workflowHistory.map((r) => `${r.name}:${r.status}`)).toEqual([
      "launch:Succeeded",
      "backup:Succeeded",
      "reconfigure:Succeeded",
      "backup:Succeeded",
    ]);
    expect((await tf.plan()).code).toBe(0);

    // Error: the reconfigure fails at once, naming the word and the service's message
    const appId = (await tf.resource("appmgmt_application.shop"))!.values.id as string;
    svc.sim.failApplication(appId, "step 'db' failed: disk full");
    tf.writeMain(stack("feature-y", "2"));
    const failed = await tf.apply({ check: false });
    svc.sim.failApplication(appId, null);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("update ended with status Error");
    expect(failed.stderr).toContain("step 'db' failed: disk full");

    // Unknown for longer than unreachable_timeout: the wait stops with the outage's words
    svc.sim.statusWords.reportUnknown(id);
    tf.writeMain(stack("feature-z", "2"));
    const unknown = await tf.apply({ check: false });
    svc.sim.statusWords.reportUnknown(id, false);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.replace(/\s+/g, " ")).toContain(
      'the service did not answer any status poll for 1s (unreachable_timeout 1s; last poll: the status read answered "Unknown")',
    );

    await tf.destroy();
    expect((await svc.client.getInstanceStatus(id)).status).toBe("Destroyed");
  });
});
