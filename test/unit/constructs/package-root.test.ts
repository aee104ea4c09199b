// The package root (src/index.ts, lib/index.js once built) gives a cdktf app the constructs, bindings,
// rules and manifest parser, and loads nothing else; the client and the simulator are subpath exports.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as root from "../../../src";

const ROOT = path.join(__dirname, "..", "..", "..");

/** The package's modules (relative to lib/) and packages a fresh node loads for `require(specifier)`. */
function loadedBy(specifier: string): { lib: string[]; packages: string[] } {
  const script = `require(${JSON.stringify(specifier)});
    const files = Object.keys(require.cache);
    console.log(JSON.stringify(files));`;
  const run = spawnSync(process.execPath, ["-e", script], { cwd: ROOT, encoding: "utf8" });
  if (run.status !== 0) throw new Error(run.stderr);
  const files = JSON.parse(run.stdout) as string[];
  const lib = path.join(ROOT, "lib") + path.sep;
  return {
    lib: files.filter((f) => f.startsWith(lib)).map((f) => path.relative(lib, f)),
    packages: [
      ...new Set(files.map((f) => /node_modules\/((@[^/]+\/)?[^/]+)/.exec(f)?.[1]).filter(Boolean)),
    ] as string[],
  };
}

describe("package root exports", () => {
  it("has the constructs, the generated bindings, the rules and the manifest parser", () => {
    expect(typeof root.ApplicationInstance).toBe("function");
    expect(typeof root.ApplicationManifest.fromYaml).toBe("function");
    expect(typeof root.AppMgmtProvider).toBe("function");
    expect(root.bindings.instance.Instance.tfResourceType).toBe("appmgmt_instance");
    expect(root.bindings.provider.AppmgmtProvider.tfResourceType).toBe("appmgmt");
    expect(typeof root.bindings.dataAppmgmtInstances.DataAppmgmtInstances).toBe("function");
    expect(root.checkInstanceConfig(root.parseManifest("application: {}\n"), {})).toEqual([]);
    expect(root.formatFinding({ path: ["parameters", "input.x"], message: "m", fix: "f" })).toBe(
      "parameters['input.x']: m. Fix: f",
    );
    expect(root).not.toHaveProperty("AppMgmtClient");
    expect(root).not.toHaveProperty("startSimulator");
  });

  it("declares the client and the simulator as subpath exports", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect(Object.keys(pkg.exports)).toEqual(expect.arrayContaining([".", "./client", "./simulator"]));
    for (const entry of Object.values(pkg.exports) as ({ types: string; default: string } | string)[]) {
      if (typeof entry === "string") continue;
      expect(fs.existsSync(path.join(ROOT, entry.default))).toBe(true);
      expect(fs.existsSync(path.join(ROOT, entry.types))).toBe(true);
    }
  });

  it("the built root loads neither the client, the simulator nor undici; the subpaths load them", () => {
    // Resolved through the package's own exports, as a user's `require("cdktf-provider-appmgmt/...")`.
    const rootLoads = loadedBy("cdktf-provider-appmgmt");
    expect(rootLoads.lib).toContain("index.js");
    expect(rootLoads.lib.filter((f) => /^(client|simulator)\//.test(f))).toEqual([]);
    expect(rootLoads.packages).not.toContain("undici");

    const client = loadedBy("cdktf-provider-appmgmt/client");
    expect(client.lib).toContain(path.join("client", "index.js"));
    expect(client.packages).toContain("undici");
    expect(client.packages).not.toContain("cdktf");
    expect(loadedBy("cdktf-provider-appmgmt/simulator").lib).toContain(path.join("simulator", "index.js"));
  });
});
