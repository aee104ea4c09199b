// The rules' one adapter (issue 40 item 1): the same change read from terraform's decoded values (unknowns as the
// marker) and from a plan file's values (unknowns flagged in after_unknown) is the same input, each secret name
// listed with one placeholder on both sides of the change.
import { instanceChange, instanceInputs, markedUnknown, SECRET_PLACEHOLDER } from "../../../src/rules";
import { flagged } from "../../../src/review/plan-values";
import { isUnknown, sameValue, UNKNOWN } from "../../../src/util/unknown";

const prior = {
  parameters: { "input.app-fork": "master" },
  submodules: { db: { revision_id: null, manifest_version: 1, parameters: null } },
  secret_parameter_names: ["input.db-size", "db/input.engine"],
  secret_parameters_version: 1,
  effective_parameters: { "input.app-fork": "master" },
  effective_submodules: { db: { parameters: { "input.size": "small" } } },
};

describe("instanceInputs", () => {
  it("lists each secret of secret_parameter_names with the placeholder, in what is asked and what is reported", () => {
    const { desired, reported, secretNames } = instanceInputs(prior, () => false);
    expect(secretNames).toEqual(["input.db-size", "db/input.engine"]);
    expect(desired.parameters).toEqual({ "input.app-fork": "master", "input.db-size": SECRET_PLACEHOLDER });
    expect(desired.submodules).toEqual({
      db: { revisionId: undefined, manifestVersion: 1, parameters: { "input.engine": SECRET_PLACEHOLDER } },
    });
    expect(reported).toEqual({
      parameters: { "input.app-fork": "master", "input.db-size": SECRET_PLACEHOLDER },
      submodules: { db: { "input.size": "small", "input.engine": SECRET_PLACEHOLDER } },
    });
  });

  it("reads a compact state (issue 38: submodules' effective maps without the configured values) whole", () => {
    const compact = {
      ...prior,
      parameters: { "input.app-fork": "master", "input.port": "8080" },
      submodules: { db: { revision_id: null, manifest_version: 1, parameters: { "input.size": "small" } } },
      effective_parameters: { "input.app-fork": "master", "input.port": "9090", "input.colour": "blue" },
      effective_submodules: { db: { parameters: { "input.engine-version": "16" } } },
    };
    expect(instanceInputs(compact, () => false).reported).toEqual({
      parameters: {
        "input.app-fork": "master",
        "input.port": "9090",
        "input.colour": "blue",
        "input.db-size": SECRET_PLACEHOLDER,
      },
      submodules: {
        db: { "input.size": "small", "input.engine-version": "16", "input.engine": SECRET_PLACEHOLDER },
      },
    });
  });

  it("reads a plan file's unknowns (after_unknown) as decoded values' marker", () => {
    const decoded = {
      ...prior,
      parameters: { "input.app-fork": UNKNOWN },
      secret_parameters_version: UNKNOWN,
    };
    const planJson = { ...prior, parameters: { "input.app-fork": null }, secret_parameters_version: null };
    const mask = { parameters: { "input.app-fork": true }, secret_parameters_version: true };
    const fromValues = instanceInputs(decoded, markedUnknown(decoded));
    const fromPlan = instanceInputs(planJson, (path) => flagged(mask, [...path]));
    expect(fromPlan).toEqual(fromValues);
    expect(isUnknown((fromPlan.desired.parameters as Record<string, unknown>)["input.app-fork"])).toBe(true);
    expect(isUnknown(fromPlan.secretVersion)).toBe(true);
  });

  it("marks every listing unknown while the secret names are", () => {
    const { desired } = instanceInputs({ ...prior, secret_parameter_names: UNKNOWN }, markedUnknown({}));
    expect(isUnknown(desired.parameters)).toBe(true);
  });
});

describe("instanceChange", () => {
  const before = instanceInputs(prior, () => false);
  it("sends the secrets again for a new version or other names, not otherwise", () => {
    expect(instanceChange(before, before).secrets.sent).toBe(false);
    const bumped = instanceInputs({ ...prior, secret_parameters_version: 2 }, () => false);
    expect(instanceChange(bumped, before).secrets.sent).toBe(true);
    const fewer = instanceInputs({ ...prior, secret_parameter_names: ["input.db-size"] }, () => false);
    expect(instanceChange(fewer, before).secrets).toEqual({
      names: ["input.db-size"],
      held: ["input.db-size", "db/input.engine"],
      sent: true,
    });
  });

  it("keeps the known submodule defaults only while the secret names stay", () => {
    const record = { db: { version: 1, values: { "input.size": "small" } } };
    expect(instanceChange(before, before, record).now?.submoduleDefaults).toEqual(record);
    const fewer = instanceInputs({ ...prior, secret_parameter_names: ["input.db-size"] }, () => false);
    expect(instanceChange(fewer, before, record).now?.submoduleDefaults).toBeUndefined();
  });
});

describe("sameValue, the one equality that honours the marker", () => {
  it("equals nothing to an unknown, takes null, undefined and a missing key alike, and compares deeply", () => {
    expect(sameValue(UNKNOWN, UNKNOWN)).toBe(false);
    expect(sameValue({ a: UNKNOWN }, { a: UNKNOWN })).toBe(false);
    expect(sameValue({ a: null, b: undefined }, {})).toBe(true);
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue({ a: [1, { b: "x" }] }, { a: [1, { b: "x" }] })).toBe(true);
    expect(sameValue([1], { 0: 1 })).toBe(false);
    expect(sameValue({ a: "x" }, { a: "y" })).toBe(false);
  });
});
