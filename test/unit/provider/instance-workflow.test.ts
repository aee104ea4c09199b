// appmgmt_instance_workflow against the fake client: refused names and manifest checks at plan, replacement
// (a new run) on parameters/triggers, create runs and waits for the run in the workflow history, a failed
// run is an error with the service's message and a state (tainted), delete forgets.
import { UNKNOWN, type ValueObject } from "../../../src/terraform-model";
import { providerSchemas } from "../../../src/provider/catalog";
import type { WireWorkflowRun } from "../../../src/service/wire";
import { ID, configuredProvider, obj, status } from "./fakes";

type Harness = Awaited<ReturnType<typeof configuredProvider>>;

const MANIFEST = `application:
  interfaces:
    input:
      app-fork: configuration(string)
  workflows:
    backup:
      parameters:
        target: configuration(string)
        password: configuration(string)
`;
const SECRET = "wf-s3cret-81d0";

function run(values: ValueObject = {}): ValueObject {
  const nulls = providerSchemas.resources.appmgmt_instance_workflow.block.attributes.map((a) => [
    a.name,
    null,
  ]);
  return { ...Object.fromEntries(nulls), timeouts: null, instance_id: ID, workflow: "backup", ...values };
}

const plan = (h: Harness, prior: ValueObject | null, config: ValueObject) =>
  h.provider.planResourceChange({
    typeName: "appmgmt_instance_workflow",
    priorState: prior,
    proposedNewState: prior
      ? { ...config, id: prior.id, status: prior.status, return_values: prior.return_values }
      : config,
    config,
    priorPrivate: Buffer.alloc(0),
  });
/** `config` differs from the plan in write-only values (terraform plans them null). */
const create = (h: Harness, planned: ValueObject, config: ValueObject = planned) =>
  h.provider.applyResourceChange({
    typeName: "appmgmt_instance_workflow",
    priorState: null,
    plannedState: { ...planned, id: UNKNOWN, status: UNKNOWN, return_values: UNKNOWN },
    config,
    plannedPrivate: Buffer.alloc(0),
  });

const history = (...runs: [string, WireWorkflowRun["status"]][]): WireWorkflowRun[] =>
  runs.map(([name, s]) => ({ name, status: s, ownerId: "u", steps: [] }));

describe("appmgmt_instance_workflow plan", () => {
  it.each(["launch", "reconfigure", "destroy"])(
    "refuses %s on workflow, naming the instance resource",
    async (name) => {
      const h = await configuredProvider({});
      const res = await plan(h, null, run({ workflow: name }));
      expect(res.diagnostics).toEqual([
        expect.objectContaining({
          severity: "error",
          attribute: [{ attr: "workflow" }],
          detail: expect.stringContaining(`the appmgmt_instance resource runs ${name}`),
        }),
      ]);
    },
  );

  it("checks the workflow and its parameters against a known manifest, at their paths", async () => {
    const h = await configuredProvider({});
    const unknownWorkflow = await plan(h, null, run({ workflow: "bakup", manifest: MANIFEST }));
    expect(unknownWorkflow.diagnostics.map((d) => [d.attribute, d.detail])).toEqual([
      [[{ attr: "workflow" }], expect.stringContaining("did you mean 'backup'?")],
    ]);
    const badParameter = await plan(h, null, run({ manifest: MANIFEST, parameters: { tagret: "s3://x" } }));
    expect(badParameter.diagnostics.map((d) => d.attribute)).toEqual([
      [{ attr: "parameters" }, { key: "tagret" }],
    ]);
    const unknownManifest = await plan(h, null, run({ manifest: UNKNOWN, parameters: { tagret: "s3://x" } }));
    expect(unknownManifest.diagnostics).toEqual([]);
  });

  it("refuses a name in both maps, and checks secret names (never values) against the manifest", async () => {
    const h = await configuredProvider({});
    const both = await plan(
      h,
      null,
      run({ parameters: { password: "x" }, secret_parameters: { password: SECRET } }),
    );
    expect(both.diagnostics.map((d) => [d.attribute, d.summary])).toEqual([
      [
        [{ attr: "secret_parameters" }, { key: "password" }],
        '"password" is in both parameters and secret_parameters',
      ],
    ]);
    const misspelt = await plan(h, null, run({ manifest: MANIFEST, secret_parameters: { pasword: SECRET } }));
    expect(misspelt.diagnostics.map((d) => [d.attribute, d.detail])).toEqual([
      [[{ attr: "secret_parameters" }, { key: "pasword" }], expect.stringContaining("did you mean")],
    ]);
    const declared = await plan(
      h,
      null,
      run({ manifest: MANIFEST, secret_parameters: { password: SECRET } }),
    );
    expect(declared.diagnostics).toEqual([]);
  });

  it("runs again (replaces) when parameters or triggers change; timeouts change in place", async () => {
    const h = await configuredProvider({});
    const prior = run({ id: `${ID}/backup/1`, status: "Succeeded", return_values: {}, triggers: { v: "1" } });
    expect((await plan(h, prior, run({ triggers: { v: "2" } }))).requiresReplace).toEqual([
      [{ attr: "triggers" }],
    ]);
    expect(
      (await plan(h, prior, run({ triggers: { v: "1" }, parameters: { target: "b" } }))).requiresReplace,
    ).toEqual([[{ attr: "parameters" }]]);
    expect(
      (await plan(h, prior, run({ triggers: { v: "1" }, timeouts: { create: "1m" } }))).requiresReplace,
    ).toEqual([]);
  });
});

describe("appmgmt_instance_workflow apply", () => {
  it("runs the workflow with its parameters and waits until its run in the history ends", async () => {
    const h = await configuredProvider({
      runWorkflow: [{ id: ID }],
      statuses: [
        status({ workflowHistory: history(["launch", "Succeeded"]) }),
        status({
          status: "Executing",
          workflowHistory: history(["launch", "Succeeded"], ["backup", "Executing"]),
        }),
        status({
          workflowHistory: history(["launch", "Succeeded"], ["backup", "Succeeded"]),
          returnValues: { "backup.target": "s3://b" },
        }),
      ],
    });
    const started = Date.now();
    const res = await create(h, run({ parameters: { target: "s3://b" }, timeouts: { create: "5m" } }));
    expect(res.diagnostics).toEqual([]);
    expect(obj(res.newState)).toMatchObject({
      id: `${ID}/backup/1`,
      status: "Succeeded",
      return_values: { "backup.target": "s3://b" },
    });
    expect(h.client.callsOf("runWorkflow").map((c) => c.args)).toEqual([
      [ID, "backup", { target: "s3://b" }],
    ]);
    // The client resends a busy (409) run until this deadline: the create timeout.
    expect(h.client.optionsOf("runWorkflow")[0].deadline).toBeGreaterThanOrEqual(started + 5 * 60_000);
  });

  it("sends secret_parameters with the parameters and keeps a returned secret out of state and errors", async () => {
    const runs = (...r: [string, WireWorkflowRun["status"]][]) => history(["launch", "Succeeded"], ...r);
    const h = await configuredProvider({
      runWorkflow: [{ id: ID }, { id: ID }],
      statuses: [
        status({ workflowHistory: runs() }),
        status({
          workflowHistory: runs(["backup", "Succeeded"]),
          // the service may return what the workflow was given
          returnValues: { "backup.target": "s3://b", "backup.password": SECRET },
        }),
        status({ workflowHistory: runs(["backup", "Succeeded"]) }),
        status({
          status: "Failed",
          errorMessage: `password ${SECRET} rejected`,
          workflowHistory: runs(["backup", "Succeeded"], ["backup", "Failed"]),
        }),
      ],
    });
    const planned = run({ parameters: { target: "s3://b" } });
    const config = { ...planned, secret_parameters: { password: SECRET } };
    const res = await create(h, planned, config);
    expect(res.diagnostics).toEqual([]);
    expect(h.client.callsOf("runWorkflow")[0].args).toEqual([
      ID,
      "backup",
      { target: "s3://b", password: SECRET },
    ]);
    expect(obj(res.newState).return_values).toEqual({ "backup.target": "s3://b" });
    expect(JSON.stringify(res.newState)).not.toContain(SECRET);
    const failed = await create(h, planned, config);
    expect(failed.diagnostics).toHaveLength(1);
    expect(failed.diagnostics[0].detail).toContain("password [redacted] rejected");
    expect(JSON.stringify(failed)).not.toContain(SECRET);
  });

  it("reports a failed run with the service's message and keeps a state, so terraform taints it", async () => {
    const h = await configuredProvider({
      runWorkflow: [{ id: ID }],
      statuses: [
        status({ workflowHistory: history(["launch", "Succeeded"], ["backup", "Succeeded"]) }),
        status({
          status: "Failed",
          errorMessage: "backup target unreachable",
          workflowHistory: history(["launch", "Succeeded"], ["backup", "Succeeded"], ["backup", "Failed"]),
        }),
      ],
    });
    const res = await create(h, run());
    expect(obj(res.newState)).toMatchObject({ id: `${ID}/backup/2`, status: "Failed" });
    expect(res.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        summary: `Instance ${ID}: workflow backup ended Failed`,
        detail: expect.stringContaining("backup target unreachable. terraform records the run as tainted"),
      }),
    ]);
  });

  it("forgets on delete without a call, and refuses import", async () => {
    const h = await configuredProvider({});
    const res = await h.provider.applyResourceChange({
      typeName: "appmgmt_instance_workflow",
      priorState: run({ id: `${ID}/backup/1`, status: "Succeeded", return_values: {} }),
      plannedState: null,
      config: null,
      plannedPrivate: Buffer.alloc(0),
    });
    expect(res).toMatchObject({ newState: null, diagnostics: [] });
    expect(h.client.calls).toEqual([]);
    const imported = await h.provider.importResourceState({ typeName: "appmgmt_instance_workflow", id: "x" });
    expect(imported.diagnostics[0].summary).toBe("appmgmt_instance_workflow cannot be imported");
  });
});
