// A launch whose answer was lost and whose lookup failed: create keeps it in the state (tainted, no id, a
// pending-launch mark), and the next refresh or delete resolves the mark instead of launching the name again.
import { isUnknown, type Value } from "../../../src/terraform-model";
import { decodePrivate, encodePrivate } from "../../../src/provider/instance/private";
import { APP, ENV, ID, configuredProvider, createPlan, err, instance, obj, status } from "./fakes";

type Harness = Awaited<ReturnType<typeof configuredProvider>>;

const OLDER = "6a00000000000000000000ee";
const config = instance({
  application_id: APP,
  instance_name: "shop",
  parameters: { "input.app-fork": "dev" },
});
const pending = { applicationId: APP, name: "shop", before: [OLDER] };
const mark = encodePrivate({ pendingLaunch: pending });
/** The state a failed lookup leaves: the configuration, no id. */
const pendingState = { ...config, id: null };

const hasUnknown = (v: Value): boolean =>
  isUnknown(v) ||
  (v !== null && typeof v === "object" && Object.values(v).some((x) => hasUnknown(x as Value)));

const read = (h: Harness, currentState: Value, priv: Buffer) =>
  h.provider.readResource({ typeName: "appmgmt_instance", currentState, private: priv });
const destroy = (h: Harness, priorState: Value, priv: Buffer) =>
  h.provider.applyResourceChange({
    typeName: "appmgmt_instance",
    priorState,
    plannedState: null,
    config: null,
    plannedPrivate: priv,
  });

describe("a lost launch answer whose lookup fails", () => {
  it("gives an error and a tainted state with the configuration, no id and the pending-launch mark", async () => {
    let launched = false;
    const h = await configuredProvider({
      launch: [
        () => {
          launched = true;
          throw err.outcomeUnknown();
        },
      ],
      instances: () => {
        if (launched) throw err.unavailable();
        return [status({ id: OLDER, name: "shop" })];
      },
    });
    const res = await h.provider.applyResourceChange({
      typeName: "appmgmt_instance",
      priorState: null,
      plannedState: createPlan(config),
      config,
      plannedPrivate: Buffer.alloc(0),
    });
    expect(h.client.callsOf("launch")).toHaveLength(1);
    expect(res.diagnostics).toHaveLength(1);
    expect(res.diagnostics[0].severity).toBe("error");
    expect(res.diagnostics[0].detail).toContain('looking up instance "shop" failed');
    expect(res.diagnostics[0].detail).toContain("tainted");
    expect(res.newState).not.toBeNull();
    expect(hasUnknown(res.newState)).toBe(false);
    expect(obj(res.newState)).toMatchObject({
      id: null,
      application_id: APP,
      instance_name: "shop",
      parameters: { "input.app-fork": "dev" },
    });
    // what the next process needs: the ids known before the launch (the ledger is per process)
    expect(decodePrivate(res.private)).toEqual({ pendingLaunch: pending });
  });
});

describe("the next refresh of a pending launch", () => {
  it("found exactly one: fills in the id and the read, and clears the mark", async () => {
    const h = await configuredProvider({
      instances: [status({ id: OLDER, name: "shop" }), status({ name: "shop" })],
      statuses: [status({ parameters: { "input.app-fork": "dev" } })],
    });
    const res = await read(h, pendingState, mark);
    expect(res.diagnostics).toEqual([]);
    expect(obj(res.newState)).toMatchObject({ id: ID, environment_id: ENV, status: "Running" });
    expect(decodePrivate(res.private)).toEqual({});
    expect(h.client.callsOf("launch")).toEqual([]);
  });

  it("none found (only the older same-name instance): the launch never happened, removed from the state", async () => {
    const h = await configuredProvider({ instances: [status({ id: OLDER, name: "shop" })] });
    const res = await read(h, pendingState, mark);
    expect(res.newState).toBeNull();
    expect(res.diagnostics[0].severity).toBe("warning");
    expect(res.diagnostics[0].detail).toContain("this plan launches it");
  });

  it("still failing: keeps the state and the mark, with an error", async () => {
    const h = await configuredProvider({
      instances: () => {
        throw err.unavailable();
      },
    });
    const res = await read(h, pendingState, mark);
    expect(res.newState).toEqual(pendingState);
    expect(decodePrivate(res.private)).toEqual({ pendingLaunch: pending });
    expect(res.diagnostics[0].severity).toBe("error");
    expect(res.diagnostics[0].detail).toContain("nothing is launched until the lookup succeeds");
  });
});

describe("a destroy of a pending launch (no refresh first)", () => {
  it("still failing: keeps the state and the mark, with an error (never forgets a possibly-live instance)", async () => {
    const h = await configuredProvider({
      instances: () => {
        throw err.unavailable();
      },
    });
    const res = await destroy(h, pendingState, mark);
    expect(res.newState).toEqual(pendingState);
    expect(decodePrivate(res.private)).toEqual({ pendingLaunch: pending });
    expect(res.diagnostics[0].severity).toBe("error");
  });

  it("found: destroys that instance", async () => {
    const h = await configuredProvider({
      instances: [status({ name: "shop" })],
      destroy: [{ id: ID }],
      statuses: [status(), status({ status: "Destroyed" })],
    });
    const res = await destroy(h, pendingState, mark);
    expect(res).toEqual({ newState: null, diagnostics: [] });
    expect(h.client.callsOf("destroy")).toEqual([{ method: "destroy", args: [ID] }]);
  });

  it("none found: nothing to destroy", async () => {
    const h = await configuredProvider({ instances: [] });
    const res = await destroy(h, pendingState, mark);
    expect(res).toEqual({ newState: null, diagnostics: [] });
    expect(h.client.callsOf("destroy")).toEqual([]);
  });
});
