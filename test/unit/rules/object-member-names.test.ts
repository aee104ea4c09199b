// Names that are also members every JavaScript object inherits (`constructor`, `toString`, `__proto__`, ...)
// are ordinary user-chosen keys for the rules and the manifest parser: found when declared, unknown when not.
import { parseManifest } from "../../../src/manifest";
import { checkInstanceConfig } from "../../../src/rules";
import { webshopManifest } from "./webshop-manifest";

const OBJECT_MEMBER_NAMES = ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"];

/** A record holding `key` as an own entry, even "__proto__" (which a literal or assignment would not store). */
function withKey<T>(key: string, value: T): Record<string, T> {
  return Object.defineProperty({}, key, { value, enumerable: true, writable: true, configurable: true });
}

describe.each(OBJECT_MEMBER_NAMES)("the name %s", (name) => {
  it("as an undeclared submodule or parameter is reported as unknown, not a crash", () => {
    const findings = checkInstanceConfig(webshopManifest(), {
      parameters: withKey(`input.${name}`, "x"),
      submodules: withKey(name, { parameters: { "input.engine": "postgres-16" } }),
    });
    expect(findings.map((f) => f.path)).toEqual([
      ["parameters", `input.${name}`],
      ["submodules", name],
    ]);
    expect(findings[0].message).toBe(`parameter 'input.${name}' is not defined by the application manifest`);
    expect(findings[1].message).toBe(`submodule '${name}' is not defined by the application manifest`);

    const inDb = checkInstanceConfig(webshopManifest(), {
      submodules: { db: { parameters: withKey(`input.${name}`, "x") } },
    });
    expect(inDb.map((f) => f.message)).toEqual([`parameter 'input.${name}' is not defined by submodule db`]);
  });

  it("as a declared submodule and pins follows the binding rules like any other name", () => {
    const manifest = parseManifest(`
application:
  configuration:
    input.${name}: main-default
  interfaces:
    input:
      ${name}: bind(${name}#input.${name})
  components:
    ${name}:
      type: reference.Submodule
      interfaces:
        input:
          ${name}: configuration(string)
          free: configuration(string)
`);
    expect(Object.keys(manifest.submodules)).toEqual([name]);
    expect(Object.keys(manifest.parameters)).toEqual([`input.${name}`]);
    expect(manifest.parameters[`input.${name}`].default).toBe("main-default");

    const valid = {
      parameters: withKey(`input.${name}`, "v"),
      submodules: withKey(name, { parameters: { "input.free": "f" } }),
    };
    expect(checkInstanceConfig(manifest, valid)).toEqual([]);

    const bound = { submodules: withKey(name, { parameters: withKey(`input.${name}`, "v") }) };
    expect(checkInstanceConfig(manifest, bound)).toEqual([
      expect.objectContaining({
        path: ["submodules", name, "parameters", `input.${name}`],
        fix: `set parameters['input.${name}'] instead`,
      }),
    ]);
  });
});
