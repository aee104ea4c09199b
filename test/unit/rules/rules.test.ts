import { SCHEMA_NAMES, checkInstanceConfig, formatFinding, formatPath } from "../../../src/rules";
import { parseManifest } from "../../../src/manifest";
import type { Manifest } from "../../../src/manifest/types";
import { UNKNOWN } from "../../../src/util/unknown";
import { webshopManifest } from "./webshop-manifest";

const manifest = webshopManifest();

describe("checkInstanceConfig", () => {
  it("accepts a valid config: main parameters, the bound one through its main parameter, a free submodule parameter", () => {
    const config = {
      parameters: { "input.app-fork": "release-1", "input.db-size": "large" },
      manifestVersion: 2,
      submodules: { db: { manifestVersion: 1, parameters: { "input.engine": "postgres-16" } } },
    };
    expect(checkInstanceConfig(manifest, config, { operation: "launch", availableVersions: [1, 2] })).toEqual(
      [],
    );
    expect(
      checkInstanceConfig(manifest, config, { operation: "reconfigure", availableVersions: [1, 2] }),
    ).toEqual([]);
    expect(checkInstanceConfig(manifest, {})).toEqual([]);
  });

  it.each(["launch", "reconfigure"] as const)("rejects a bound submodule parameter on %s", (operation) => {
    const findings = checkInstanceConfig(
      manifest,
      { submodules: { db: { parameters: { "input.size": "large" } } } },
      { operation },
    );
    expect(findings).toEqual([
      {
        path: ["submodules", "db", "parameters", "input.size"],
        message: `input.size of submodule db is bound to parameters['input.db-size'], so it cannot be set under submodules.db.parameters on ${operation}`,
        fix: "set parameters['input.db-size'] instead",
      },
    ]);
  });

  it("names the secret map a bound submodule parameter was set in, and the secret binder as the fix", () => {
    const config = { submodules: { db: { parameters: { "input.size": "large" } } } };
    const isSecret = (name: string, submodule?: string) => submodule === "db" && name === "input.size";
    const named = (names?: typeof SCHEMA_NAMES) => checkInstanceConfig(manifest, config, { isSecret, names });
    expect(named()).toEqual([
      {
        path: ["submodules", "db", "secretParameters", "input.size"],
        message:
          "input.size of submodule db is bound to parameters['input.db-size'], so it cannot be set under " +
          "submodules.db.secretParameters",
        fix: "set secretParameters['input.db-size'] instead (or parameters['input.db-size'] if the value is not secret)",
      },
    ]);
    expect(named(SCHEMA_NAMES).map(formatFinding)).toEqual([
      "submodules.db.secret_parameters['input.size']: input.size of submodule db is bound to " +
        "parameters['input.db-size'], so it cannot be set under submodules.db.secret_parameters. Fix: set " +
        "secret_parameters['input.db-size'] instead (or parameters['input.db-size'] if the value is not secret)",
    ]);
  });

  it("finds the binding from the bindings list when the submodule entry does not record it", () => {
    const m: Manifest = webshopManifest();
    delete m.submodules.db.parameters["input.size"].boundBy;
    const [finding] = checkInstanceConfig(m, {
      submodules: { db: { parameters: { "input.size": "large" } } },
    });
    expect(finding.fix).toBe("set parameters['input.db-size'] instead");
    expect(finding.message).not.toMatch(/ on /);
  });

  it("rejects an unknown submodule, suggesting the closest one", () => {
    expect(
      checkInstanceConfig(manifest, { submodules: { dbb: { parameters: { "input.engine": "x" } } } }),
    ).toEqual([
      {
        path: ["submodules", "dbb"],
        message: "submodule 'dbb' is not defined by the application manifest",
        fix: "did you mean submodules.db?",
      },
    ]);
    const [far] = checkInstanceConfig(manifest, { submodules: { cache: {} } });
    expect(far.fix).toBe("use one of: db");
    const bare: Manifest = {
      parameters: {},
      submodules: {},
      bindings: [],
      components: {},
      pins: {},
      componentBindings: [],
    };
    expect(checkInstanceConfig(bare, { submodules: { db: {} } })[0].fix).toBe(
      "remove it: the application manifest defines no submodules",
    );
  });

  it("rejects an unknown main parameter, suggesting the closest known name", () => {
    expect(checkInstanceConfig(manifest, { parameters: { "input.app-frok": "x" } })).toEqual([
      {
        path: ["parameters", "input.app-frok"],
        message: "parameter 'input.app-frok' is not defined by the application manifest",
        fix: "did you mean parameters['input.app-fork']?",
      },
    ]);
    expect(checkInstanceConfig(manifest, { parameters: { "input.replicas": "2" } })[0].fix).toBe(
      "use one of: parameters['input.app-fork'], parameters['input.db-size']",
    );
  });

  it("rejects an unknown submodule parameter, suggesting the closest one of that submodule", () => {
    expect(
      checkInstanceConfig(manifest, { submodules: { db: { parameters: { "input.engin": "x" } } } }),
    ).toEqual([
      {
        path: ["submodules", "db", "parameters", "input.engin"],
        message: "parameter 'input.engin' is not defined by submodule db",
        fix: "did you mean submodules.db.parameters['input.engine']?",
      },
    ]);
  });

  it("rejects names not of the form <interface>.<pin>, suggesting the declared one; checks other interfaces' names", () => {
    const findings = checkInstanceConfig(manifest, {
      parameters: { "app-fork": "x", "output.url": "y", "input.": "z" },
      submodules: { db: { parameters: { engine: "postgres-16" } } },
    });
    expect(findings).toEqual([
      {
        path: ["parameters", "app-fork"],
        message: "parameter name 'app-fork' is not of the form '<interface>.<pin>'",
        fix: "write parameters['input.app-fork']",
      },
      {
        path: ["parameters", "input."],
        message: "parameter name 'input.' is not of the form '<interface>.<pin>'",
        fix: "name it '<interface>.<pin>' after a configuration pin of the manifest's interfaces (e.g. 'input.<pin>')",
      },
      {
        path: ["parameters", "output.url"],
        message: "parameter 'output.url' is not defined by the application manifest",
        fix: "use one of: parameters['input.app-fork'], parameters['input.db-size']",
      },
      {
        path: ["submodules", "db", "parameters", "engine"],
        message: "parameter name 'engine' is not of the form '<interface>.<pin>'",
        fix: "write submodules.db.parameters['input.engine']",
      },
    ]);
  });

  it("accepts declared pin names the <interface>.<pin> pattern leaves out (e.g. with a dot)", () => {
    const m = parseManifest(
      "application:\n  interfaces:\n    input:\n      app.fork: configuration(string)\n",
    );
    expect(checkInstanceConfig(m, { parameters: { "input.app.fork": "dev" } })).toEqual([]);
  });

  it("rejects non-string values in main and submodule parameters", () => {
    const findings = checkInstanceConfig(manifest, {
      parameters: { "input.app-fork": 3, "input.db-size": null },
      submodules: { db: { parameters: { "input.engine": { v: 1 } } } },
    });
    expect(findings).toEqual([
      {
        path: ["parameters", "input.app-fork"],
        message: "the value of parameters['input.app-fork'] must be a string, got number 3",
        fix: 'write it as a string: "3"',
      },
      {
        path: ["parameters", "input.db-size"],
        message: "the value of parameters['input.db-size'] must be a string, got null",
        fix: "give it a string value, or remove the key",
      },
      {
        path: ["submodules", "db", "parameters", "input.engine"],
        message: "the value of submodules.db.parameters['input.engine'] must be a string, got object",
        fix: "give it a string value, or remove the key",
      },
    ]);
  });

  it("skips values not yet known (the one unknown marker), the parameter map's too", () => {
    const config = {
      parameters: { "input.app-fork": UNKNOWN },
      manifestVersion: UNKNOWN as unknown as number,
    };
    expect(checkInstanceConfig(manifest, config, { availableVersions: [1] })).toEqual([]);
    const unknownMap = { parameters: UNKNOWN as unknown as Record<string, unknown> };
    expect(checkInstanceConfig(manifest, unknownMap)).toEqual([]);
  });

  it("rejects a manifestVersion the application does not have", () => {
    expect(checkInstanceConfig(manifest, { manifestVersion: 3 }, { availableVersions: [2, 1] })).toEqual([
      {
        path: ["manifestVersion"],
        message: "manifest version 3 does not exist for this application (available: 1, 2)",
        fix: "set manifestVersion to one of 1, 2, or omit it for the latest",
      },
    ]);
    expect(checkInstanceConfig(manifest, { manifestVersion: 3 })).toEqual([]);
    expect(checkInstanceConfig(manifest, { manifestVersion: 1.5 })[0].message).toBe(
      "manifestVersion must be a positive integer, got 1.5",
    );
  });

  it("reports every finding of one config in a stable order", () => {
    const config = {
      submodules: { db: { parameters: { "input.size": "l", "input.engine": 1 } } },
      parameters: { "input.x": "1", "input.app-fork": "a" },
    };
    const paths = checkInstanceConfig(manifest, config).map((f) => formatPath(f.path));
    expect(paths).toEqual([
      "parameters['input.x']",
      "submodules.db.parameters['input.engine']",
      "submodules.db.parameters['input.size']",
    ]);
  });
});

describe("formatFinding", () => {
  it("renders where, why and the fix on one line", () => {
    const [finding] = checkInstanceConfig(manifest, {
      submodules: { db: { parameters: { "input.size": "large" } } },
    });
    expect(formatFinding(finding)).toBe(
      "submodules.db.parameters['input.size']: input.size of submodule db is bound to parameters['input.db-size'], " +
        "so it cannot be set under submodules.db.parameters. Fix: set parameters['input.db-size'] instead",
    );
    expect(formatPath(["list", 0, "a b"])).toBe("list[0]['a b']");
    expect(formatFinding({ path: [], message: "m", fix: "f" })).toBe("m. Fix: f");
  });
});
