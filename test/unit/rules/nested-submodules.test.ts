// The binding rules at every level of a hierarchy (issue 19, item 4): path keys ("db/replica"), a bound
// nested parameter refused with the fix naming the binding pin's path, resets below the first level.
import { parseManifest } from "../../../src/manifest";
import {
  checkInstanceConfig,
  checkParameterNames,
  formatFinding,
  reconfigureResets,
} from "../../../src/rules";
import { NESTED_STATUS, stackManifest } from "../../helpers/nested-apps";

const manifest = parseManifest(stackManifest("5f00000000000000000000c1", "5f00000000000000000000c2"));

describe("rules for nested submodules", () => {
  it("accepts a free nested parameter under its path key", () => {
    expect(
      checkInstanceConfig(manifest, {
        parameters: { "input.db-engine": "postgres-16" },
        submodules: {
          db: { parameters: { "input.replica-size": "large" } },
          "db/replica": { parameters: { "input.lag": "1s" } },
        },
      }),
    ).toEqual([]);
  });

  it("refuses a nested parameter bound by the parent submodule's pin; the fix names that pin's path", () => {
    const findings = checkInstanceConfig(
      manifest,
      { submodules: { "db/replica": { parameters: { "input.size": "large" } } } },
      { operation: "launch" },
    );
    expect(findings.map(formatFinding)).toEqual([
      "submodules['db/replica'].parameters['input.size']: input.size of submodule db/replica is bound to " +
        "submodules.db.parameters['input.replica-size'], so it cannot be set under " +
        "submodules['db/replica'].parameters on launch. Fix: set submodules.db.parameters['input.replica-size'] instead",
    ]);
    expect(findings[0].path).toEqual(["submodules", "db/replica", "parameters", "input.size"]);
  });

  it("a nested secret bound by the parent's pin: the fix names the parent's secret map", () => {
    const findings = checkInstanceConfig(
      manifest,
      { submodules: { "db/replica": { parameters: { "input.size": "large" } } } },
      { isSecret: (name, submodule) => submodule === "db/replica" && name === "input.size" },
    );
    expect(findings.map(formatFinding)).toEqual([
      "submodules['db/replica'].secretParameters['input.size']: input.size of submodule db/replica is bound " +
        "to submodules.db.parameters['input.replica-size'], so it cannot be set under " +
        "submodules['db/replica'].secretParameters. Fix: set submodules.db.secretParameters['input.replica-size'] " +
        "instead (or submodules.db.parameters['input.replica-size'] if the value is not secret)",
    ]);
  });

  it("keeps the first level's message for a parameter bound by a main parameter", () => {
    const findings = checkInstanceConfig(manifest, {
      submodules: { db: { parameters: { "input.engine": "x" } } },
    });
    expect(findings.map((f) => f.fix)).toEqual(["set parameters['input.db-engine'] instead"]);
  });

  it("names the key and the submodules that exist for an unknown path", () => {
    const findings = checkInstanceConfig(manifest, { submodules: { "db/replca": { parameters: {} } } });
    expect(findings).toEqual([
      {
        path: ["submodules", "db/replca"],
        message: "submodule 'db/replca' is not defined by the application manifest",
        fix: "did you mean submodules['db/replica']?",
      },
    ]);
    expect(checkInstanceConfig(manifest, { submodules: { "cache/x": {} } }).map((f) => f.fix)).toEqual([
      "use one of: db, db/replica",
    ]);
  });

  it("refuses a key that is not a path of component names, with or without a manifest", () => {
    const expected = [
      {
        path: ["submodules", "db//replica"],
        message: "submodule key 'db//replica' is not a path of component names separated by '/'",
        fix: "write submodules['db/replica']",
      },
    ];
    const config = { submodules: { "db//replica": { parameters: { "input.lag": "1s" } } } };
    expect(checkInstanceConfig(manifest, config)).toEqual(expected);
    expect(checkParameterNames(config)).toEqual(expected);
  });

  it("a reconfigure that leaves out a nested value may reset it; a bound nested value follows its binder", () => {
    const plan = reconfigureResets(manifest, {
      current: NESTED_STATUS.parameters,
      currentSubmodules: {
        db: NESTED_STATUS.submodules.db.parameters,
        "db/replica": NESTED_STATUS.submodules["db/replica"].parameters,
      },
      after: {
        parameters: { "input.app-fork": "master", "input.db-engine": "postgres-15" },
        submodules: { db: { parameters: { "input.replica-size": "small" } } },
      },
      targetVersion: "same",
    });
    expect(plan.resets).toEqual([]);
    expect(plan.possible).toEqual([
      {
        path: ["submodules", "db/replica", "parameters", "input.lag"],
        current: "5s",
        because: "submodule-default",
      },
    ]);
  });
});
