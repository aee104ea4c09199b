// Which submodules a refresh reads (issue 26 item 6): the ones the configuration manages, and all of them only
// when the state's values may be out of date (after an import, without a mark of the last whole read, or when a
// workflow ran since it); the others keep the values the state holds.
import type { Value } from "../../../src/terraform-model";
import { decodeInstance } from "../../../src/provider/instance/model";
import { decodePrivate, encodePrivate } from "../../../src/provider/instance/private";
import { APP, configuredProvider, createPlan, instance, obj, stateOf, status } from "./fakes";

/** Two runs in the history; the scripted status reports db's engine as postgres-17 (the state: postgres-15). */
const RUNS = ["launch", "reconfigure"].map((name) => ({
  name,
  status: "Succeeded" as const,
  ownerId: "owner",
  steps: [],
}));
const now = status({
  workflowHistory: RUNS,
  submodules: {
    db: {
      manifestVersion: 1,
      revision: null,
      parameters: { "input.size": "small", "input.engine": "postgres-17" },
    },
  },
});

async function refresh(config: Value, mark: { historyAtFullRead?: number }) {
  const h = await configuredProvider({ statuses: [now] });
  const res = await h.provider.readResource({
    typeName: "appmgmt_instance",
    currentState: stateOf(instance({ application_id: APP, ...obj(config) })),
    private: encodePrivate(mark),
  });
  expect(res.diagnostics).toEqual([]);
  const [read] = h.client.callsOf("readSubmodules");
  return {
    paths: read.args[1],
    // the model: whole values (the state stores them without what the configuration sets)
    effective: decodeInstance(obj(res.newState)).effectiveSubmodules,
    mark: decodePrivate(res.private),
  };
}

const managingDb = {
  submodules: {
    db: { revision_id: null, manifest_version: null, parameters: { "input.engine": "postgres-15" } },
  },
};

describe("a refresh with no workflow run since the last whole read", () => {
  it("reads no submodule the configuration does not manage, and keeps their values from the state", async () => {
    const r = await refresh({}, { historyAtFullRead: 2 });
    expect(r.paths).toEqual(new Set());
    expect(r.effective).toEqual({
      db: { "input.size": "small", "input.engine": "postgres-15" },
    });
    expect(r.mark).toEqual({ historyAtFullRead: 2 });
  });

  it("reads a submodule the configuration manages, so drift in it shows", async () => {
    const r = await refresh(managingDb, { historyAtFullRead: 2 });
    expect(r.paths).toEqual(new Set(["db"]));
    expect(r.effective).toEqual({
      db: { "input.size": "small", "input.engine": "postgres-17" },
    });
  });
});

describe("a refresh reads every submodule", () => {
  it.each([
    ["a workflow ran since the last whole read", { historyAtFullRead: 1 }],
    ["the private state holds no whole read", {}],
  ])("when %s, and marks this read", async (_why, mark) => {
    const r = await refresh({}, mark);
    expect(r.paths).toBe("all");
    expect(r.effective).toEqual({ db: { "input.size": "small", "input.engine": "postgres-17" } });
    expect(r.mark).toEqual({ historyAtFullRead: 2 });
  });
});

describe("an apply", () => {
  it("marks the whole read that ended its wait, so the next refresh can skip unmanaged submodules", async () => {
    const h = await configuredProvider({
      launch: [{ id: now.id }],
      statuses: [status({ status: "Executing", workflowHistory: RUNS.slice(0, 1) }), now],
    });
    const config = instance({ application_id: APP });
    const res = await h.provider.applyResourceChange({
      typeName: "appmgmt_instance",
      priorState: null,
      plannedState: createPlan(config),
      config,
      plannedPrivate: Buffer.alloc(0),
    });
    expect(res.diagnostics).toEqual([]);
    expect(decodePrivate(res.private)).toEqual({ historyAtFullRead: 2 });
    // only the settled status was read whole
    expect(h.client.callsOf("readSubmodules")).toEqual([{ method: "readSubmodules", args: [now.id, "all"] }]);
    expect(obj(obj(res.newState).effective_submodules).db).toEqual({
      parameters: { "input.size": "small", "input.engine": "postgres-17" },
    });
  });

  it("cut short before the workflow settled, says nothing of the submodules it did not read", async () => {
    const h = await configuredProvider({
      launch: [{ id: now.id }],
      statuses: [status({ status: "Executing" })],
    });
    const config = instance({
      application_id: APP,
      timeouts: { create: "2s", update: null, delete: null },
    });
    const res = await h.provider.applyResourceChange({
      typeName: "appmgmt_instance",
      priorState: null,
      plannedState: createPlan(config),
      config,
      plannedPrivate: Buffer.alloc(0),
    });
    expect(res.diagnostics[0].summary).toContain("create did not complete");
    expect(h.client.callsOf("readSubmodules")).toEqual([]);
    // not {} (no submodules) nor the unread values: unknown to the state, so the next refresh reads them all
    expect(obj(res.newState).effective_submodules).toBeNull();
    expect(decodePrivate(res.private)).toEqual({});
  });
});

describe("no read mark where it would save no read (issue 38: bytes in every state)", () => {
  const plain = status({ workflowHistory: RUNS, submodules: {}, components: [] });

  it("after a refresh that read every submodule, when the configuration manages them all", async () => {
    const r = await refresh(managingDb, {});
    expect(r.paths).toBe("all");
    expect(r.mark).toEqual({});
  });

  it.each([
    ["has no submodule", plain, {}],
    ["manages every submodule", now, managingDb],
  ])(
    "after a refresh or an apply of an instance that %s: no private state at all",
    async (_what, s, config) => {
      const read = await configuredProvider({ statuses: [s] });
      const refreshed = await read.provider.readResource({
        typeName: "appmgmt_instance",
        currentState: stateOf(instance({ application_id: APP, ...obj(config) })),
        private: Buffer.alloc(0),
      });
      expect(refreshed.diagnostics).toEqual([]);
      expect(refreshed.private).toEqual(Buffer.alloc(0));

      const h = await configuredProvider({ launch: [{ id: s.id }], statuses: [s] });
      const applied = instance({ application_id: APP, ...obj(config) });
      const res = await h.provider.applyResourceChange({
        typeName: "appmgmt_instance",
        priorState: null,
        plannedState: createPlan(applied),
        config: applied,
        plannedPrivate: Buffer.alloc(0),
      });
      expect(res.diagnostics).toEqual([]);
      expect(res.private ?? Buffer.alloc(0)).toEqual(Buffer.alloc(0));
    },
  );
});
