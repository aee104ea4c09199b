// The instance's state as it is stored (issue 38): the submodules' effective values without what the configuration
// sets, read whole; `effective_parameters` whole (configurations read it); a version 0 state upgraded to that form;
// a newer version refused.
import { isUnknown, UNKNOWN, type ValueObject } from "../../../src/terraform-model";
import {
  decodeInstance,
  encodeEffectiveSubmodules,
  encodeInstance,
} from "../../../src/provider/instance/model";
import { INSTANCE_SCHEMA_VERSION } from "../../../src/provider/instance/schema";
import { APP, configuredProvider, instance, obj, stateOf, status } from "./fakes";

const config = instance({
  application_id: APP,
  instance_name: "shop",
  parameters: { "input.app-fork": "main", "input.db-size": "large" },
  submodules: {
    db: { revision_id: null, manifest_version: null, parameters: { "input.engine": "postgres-16" } },
  },
});
const reported = status({
  parameters: { "input.app-fork": "main", "input.db-size": "large", "input.replicas": "1" },
  submodules: {
    db: {
      manifestVersion: 1,
      revision: null,
      parameters: { "input.size": "large", "input.engine": "postgres-16" },
    },
  },
});
/** A state as every release before issue 38 wrote it (schema version 0): effective values whole. */
const v0 = stateOf(config, reported);

describe("the stored instance state", () => {
  it("leaves out the submodules' effective values the configuration sets, and the model reads them whole", () => {
    const stored = encodeInstance(decodeInstance(v0));
    expect(stored.effective_parameters).toEqual(reported.parameters);
    expect(stored.effective_submodules).toEqual({ db: { parameters: { "input.size": "large" } } });
    expect(decodeInstance(stored).effectiveParameters).toEqual(reported.parameters);
    expect(decodeInstance(stored).effectiveSubmodules).toEqual({ db: reported.submodules.db.parameters });
  });

  it("keeps every key own, `__proto__` included, and the configured keys first when read whole", () => {
    /** A map holding "__proto__" as an own entry (a literal would set the prototype instead). */
    const withProto = (value: string, rest: Record<string, string>): Record<string, string> =>
      Object.defineProperty({ ...rest }, "__proto__", {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    const configured = instance({
      ...config,
      submodules: {
        db: {
          ...obj(obj(config.submodules).db),
          parameters: withProto("p", { "input.engine": "postgres-16" }),
        },
      },
    });
    const db = withProto("p", { "input.size": "large", "input.engine": "postgres-16" });
    const state = stateOf(
      configured,
      status({ ...reported, submodules: { db: { ...reported.submodules.db, parameters: db } } }),
    );
    const stored = encodeInstance(decodeInstance(state));
    // both configured values are left out of the stored map
    expect(obj(stored.effective_submodules).db).toEqual({ parameters: { "input.size": "large" } });
    const whole = decodeInstance(stored).effectiveSubmodules as Record<string, Record<string, string>>;
    expect(Object.hasOwn(whole.db, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(whole.db)).toBe(Object.prototype);
    expect(Object.keys(whole.db)).toEqual(["input.engine", "__proto__", "input.size"]);
    expect(whole.db["__proto__"]).toBe("p");
  });

  it("keeps a value the service holds apart from the configured one (drift shows)", () => {
    const drifted = { ...v0, effective_parameters: { ...reported.parameters, "input.app-fork": "hotfix" } };
    const stored = encodeInstance(decodeInstance(drifted));
    expect(stored.effective_parameters).toEqual({ ...reported.parameters, "input.app-fork": "hotfix" });
    expect(decodeInstance(stored).effectiveParameters).toMatchObject({ "input.app-fork": "hotfix" });
  });

  it("plans a submodule's effective values unknown while its configured values are (their stored keys are not known)", () => {
    const planned = decodeInstance({
      ...v0,
      submodules: { db: { ...obj(obj(v0.submodules).db), parameters: UNKNOWN } },
    });
    const out = encodeEffectiveSubmodules(decodeInstance(v0).effectiveSubmodules, planned.submodules);
    expect(isUnknown(obj(obj(out).db).parameters)).toBe(true);
  });

  it("stores a kept effective value against the planned configuration, not the prior one", () => {
    const prior = decodeInstance(encodeInstance(decodeInstance(v0)));
    // the configuration stops listing the submodule's input.engine, and the plan keeps the prior effective values
    const planned = decodeInstance({
      ...v0,
      submodules: { db: { ...obj(obj(v0.submodules).db), parameters: {} } },
    });
    expect(encodeEffectiveSubmodules(prior.effectiveSubmodules, planned.submodules)).toEqual({
      db: { parameters: reported.submodules.db.parameters },
    });
  });
});

describe("UpgradeResourceState of appmgmt_instance", () => {
  const upgrade = async (version: number, rawState: ValueObject) => {
    const h = await configuredProvider({});
    return h.provider.upgradeResourceState({ typeName: "appmgmt_instance", version, rawState });
  };

  it("stores a version 0 state's submodule effective values compactly and keeps every other value as stored", async () => {
    expect(INSTANCE_SCHEMA_VERSION).toBe(1);
    const res = await upgrade(0, v0);
    expect(res.diagnostics).toEqual([]);
    const up = obj(res.upgradedState);
    expect(up).toEqual({
      ...v0,
      effective_submodules: { db: { parameters: { "input.size": "large" } } },
    });
    expect(decodeInstance(up)).toEqual(decodeInstance(v0));
  });

  it("keeps a state of this version as it is", async () => {
    const current = encodeInstance(decodeInstance(v0));
    const res = await upgrade(1, current);
    expect(res).toEqual({ upgradedState: current, diagnostics: [] });
  });

  it("refuses a state a newer provider wrote, saying which versions", async () => {
    const res = await upgrade(7, v0);
    expect(res.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        summary: "appmgmt_instance: state written by a newer provider",
        detail: expect.stringContaining("schema version 7; this provider writes version 1"),
      }),
    ]);
  });
});
