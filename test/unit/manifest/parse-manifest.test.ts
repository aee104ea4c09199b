import { ManifestError, manifestDefaults, parseManifest } from "../../../src/manifest";
import { DEMO_MANIFESTS } from "../../../src/simulator";

const WEBSHOP = DEMO_MANIFESTS.webshop[1];

function problemsOf(yaml: string): { message: string; line?: number }[] {
  try {
    parseManifest(yaml);
  } catch (e) {
    expect(e).toBeInstanceOf(ManifestError);
    return (e as ManifestError).problems;
  }
  throw new Error("expected parseManifest to throw");
}

describe("parseManifest", () => {
  it("reads main parameters, defaults, submodules and bindings", () => {
    const m = parseManifest(WEBSHOP);
    expect(m.parameters).toEqual({
      "input.app-fork": { name: "input.app-fork", default: "master", type: "string" },
      "input.db-size": {
        name: "input.db-size",
        default: "small",
        type: "string",
        binds: { submodule: "db", parameter: "input.size" },
      },
    });
    expect(m.submodules.db).toEqual({
      name: "db",
      applicationId: "5f0000000000000000000b01",
      parameters: {
        "input.size": { name: "input.size", boundBy: "input.db-size" },
        "input.engine": { name: "input.engine" },
      },
    });
    expect(m.bindings).toEqual([
      { mainParameter: "input.db-size", submodule: "db", submoduleParameter: "input.size" },
    ]);
  });

  it("manifestDefaults gives every main parameter, empty string without a default", () => {
    const m = parseManifest(WEBSHOP.replace("    input.app-fork: master\n", ""));
    expect(manifestDefaults(m)).toEqual({ "input.app-fork": "", "input.db-size": "small" });
  });

  it("turns non-string scalar defaults into strings", () => {
    const m = parseManifest(
      "application:\n  configuration:\n    input.replicas: 3\n  interfaces:\n    input:\n      replicas: configuration(string)\n",
    );
    expect(manifestDefaults(m)).toEqual({ "input.replicas": "3" });
  });

  it("reports bad YAML with its line", () => {
    const problems = problemsOf("application:\n  interfaces: [\n");
    expect(problems[0].message).toMatch(/not valid YAML/);
    expect(problems[0].line).toBeGreaterThanOrEqual(2);
  });

  it("reports a missing application key", () => {
    const problems = problemsOf("something: else\n");
    expect(problems).toEqual([
      expect.objectContaining({ line: 1, message: expect.stringMatching(/application/) }),
    ]);
  });

  it("reports a pin that is neither configuration(string) nor bind(...), with line and fix", () => {
    const problems = problemsOf(WEBSHOP.replace("app-fork: configuration(string)", "app-fork: text"));
    expect(problems).toEqual([
      expect.objectContaining({
        line: 7,
        message: expect.stringMatching(/app-fork.*configuration\(string\)/),
      }),
    ]);
  });

  it("reports a bind to an unknown component and names the known ones", () => {
    const problems = problemsOf(WEBSHOP.replace("bind(db#input.size)", "bind(cache#input.size)"));
    expect(problems).toEqual([
      expect.objectContaining({ line: 8, message: expect.stringMatching(/unknown component `cache`.*db/) }),
    ]);
  });

  it("reports a bind to a pin the component does not declare", () => {
    const problems = problemsOf(WEBSHOP.replace("bind(db#input.size)", "bind(db#input.disk)"));
    expect(problems).toEqual([
      expect.objectContaining({
        line: 8,
        message: expect.stringMatching(/db#input.disk.*add `disk: configuration/),
      }),
    ]);
  });

  it("reports a submodule parameter bound by two main parameters", () => {
    const problems = problemsOf(
      WEBSHOP.replace(
        "db-size: bind(db#input.size)",
        "db-size: bind(db#input.size)\n      disk: bind(db#input.size)",
      ),
    );
    expect(problems).toEqual([
      expect.objectContaining({
        line: 9,
        message: expect.stringMatching(/`disk` binds `db#input.size`, which `input.db-size` already binds/),
      }),
    ]);
  });

  it("refuses a pin bound into a submodule parameter the submodule does not declare", () => {
    const yaml = WEBSHOP.replace(/ {6}interfaces:\n {8}input:\n {10}size[^\n]*\n {10}engine[^\n]*\n/, "");
    expect(problemsOf(yaml)).toEqual([
      expect.objectContaining({
        line: 8,
        message:
          "pin `db-size` binds `db#input.size`, which component `db` does not declare; add `size: configuration(string)` to its interfaces.input",
      }),
    ]);
  });

  it("keeps a component of any type; a pin bound into it is an ordinary main parameter", () => {
    const m = parseManifest(WEBSHOP.replace("type: reference.Submodule", "type: docker.Container"));
    expect(m.components.db.type).toBe("docker.Container");
    expect(m.submodules).toEqual({});
    expect(m.bindings).toEqual([]);
    expect(m.parameters["input.db-size"]).toEqual({
      name: "input.db-size",
      default: "small",
      type: "string",
    });
  });

  it("reports a configuration default for an undeclared pin", () => {
    const problems = problemsOf(WEBSHOP.replace("input.db-size: small", "input.db-sise: small"));
    expect(problems).toEqual([
      expect.objectContaining({ line: 4, message: expect.stringMatching(/db-sise/) }),
    ]);
  });

  it("puts line numbers into the error message", () => {
    expect(() => parseManifest(WEBSHOP.replace("app-fork: configuration(string)", "app-fork: text"))).toThrow(
      /line 7: pin `app-fork`/,
    );
  });
});

describe("parseManifest cache (a stack's resources share their manifest text)", () => {
  it("gives the same frozen Manifest for the same text, a fresh one for another text", () => {
    const text = `${WEBSHOP}# cache test ${Math.random()}\n`;
    const first = parseManifest(text);
    expect(parseManifest(text)).toBe(first);
    expect(Object.isFrozen(first.parameters["input.db-size"].binds)).toBe(true);
    expect(() => {
      (first.parameters as Record<string, unknown>)["input.x"] = {};
    }).toThrow(TypeError);
    expect(parseManifest(`${text}# another\n`)).not.toBe(first);
  });

  it("throws the same problems again for the same broken text", () => {
    const text = `application: [\n# ${Math.random()}`;
    const first = problemsOf(text);
    expect(first.length).toBeGreaterThan(0);
    expect(problemsOf(text)).toEqual(first);
  });

  it("keeps a bounded number of manifests: old texts are parsed again", () => {
    const old = `${WEBSHOP}# evicted ${Math.random()}\n`;
    const kept = parseManifest(old);
    for (let i = 0; i < 40; i++) parseManifest(`${WEBSHOP}# filler ${i}\n`);
    const again = parseManifest(old);
    expect(again).not.toBe(kept);
    expect(again).toEqual(kept);
  });
});
