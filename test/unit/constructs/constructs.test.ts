import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { TerraformOutput, TerraformStack, Testing } from "cdktf";
import {
  AppMgmtProvider,
  ApplicationInstance,
  ApplicationManifest,
  type ApplicationInstanceProps,
} from "../../../src/constructs";
import { Instance } from "../../../src/gen/cdktf/providers/appmgmt/instance";
import { AppmgmtProvider } from "../../../src/gen/cdktf/providers/appmgmt/provider";
import { ManifestError } from "../../../src/manifest";

const MANIFEST_FILE = path.join(__dirname, "../../../examples/quickstart/webshop.manifest.yaml");
const APP = "5f0000000000000000000a11";
const manifest = ApplicationManifest.fromFile(MANIFEST_FILE);

function stackWith(...instances: [string, Partial<ApplicationInstanceProps>][]): TerraformStack {
  const app = Testing.app();
  const stack = new TerraformStack(app, "shop");
  new AppMgmtProvider(stack, "appmgmt", { baseUrl: "http://127.0.0.1:1" });
  for (const [id, props] of instances) new ApplicationInstance(stack, id, { application: APP, ...props });
  return stack;
}

function resources(synthesized: string): Record<string, Record<string, unknown>> {
  return JSON.parse(synthesized).resource.appmgmt_instance;
}

describe("ApplicationManifest", () => {
  it("gives a typed view: parameters with defaults, submodules, bindings, and the YAML text", () => {
    expect(manifest.defaults).toEqual({ "input.app-fork": "master", "input.db-size": "small" });
    expect(manifest.parameters["input.db-size"].binds).toEqual({ submodule: "db", parameter: "input.size" });
    expect(Object.keys(manifest.submodules.db.parameters).sort()).toEqual(["input.engine", "input.size"]);
    expect(manifest.submodules.db.applicationId).toBe("5f0000000000000000000b01");
    expect(manifest.bindings).toEqual([
      { mainParameter: "input.db-size", submodule: "db", submoduleParameter: "input.size" },
    ]);
    expect(manifest.yaml).toBe(fs.readFileSync(MANIFEST_FILE, "utf8"));
  });

  it("reports YAML errors with line numbers, naming the file when read from one", () => {
    const broken = "application:\n  interfaces:\n    input:\n      a: [unclosed\n";
    expect(() => ApplicationManifest.fromYaml(broken)).toThrow(/line \d+/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-manifest-"));
    try {
      const file = path.join(dir, "broken.yaml");
      fs.writeFileSync(file, broken);
      let error: unknown;
      try {
        ApplicationManifest.fromFile(file);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(ManifestError);
      expect((error as Error).message).toMatch(
        new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: .*line \\d+`, "s"),
      );
      expect(() => ApplicationManifest.fromFile(path.join(dir, "missing.yaml"))).toThrow(
        /cannot read application manifest .*missing\.yaml/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("ApplicationInstance", () => {
  it("synthesizes the appmgmt_instance resource from camelCase props, carrying the manifest text", () => {
    const stack = stackWith([
      "webshop",
      {
        instanceName: "webshop-demo",
        environmentId: "5f0000000000000000000e01",
        revisionId: "5f0000000000000000000c01",
        manifestVersion: 1,
        parameters: { "input.db-size": "large", "input.app-fork": "release-1" },
        submodules: { db: { manifestVersion: 1, parameters: { "input.engine": "postgres-16" } } },
        timeouts: { create: "5m" },
        manifest,
      },
    ]);
    const synthesized = Testing.synth(stack, true);
    expect(synthesized).toHaveProviderWithProperties(AppmgmtProvider, { base_url: "http://127.0.0.1:1" });
    expect(synthesized).toHaveResourceWithProperties(Instance, {
      application_id: APP,
      instance_name: "webshop-demo",
      environment_id: "5f0000000000000000000e01",
      revision_id: "5f0000000000000000000c01",
      manifest_version: 1,
      parameters: { "input.app-fork": "release-1", "input.db-size": "large" },
      submodules: { db: { manifest_version: 1, parameters: { "input.engine": "postgres-16" } } },
      timeouts: { create: "5m" },
      manifest: manifest.yaml,
    });
    // The construct's id is the resource's name.
    expect(Object.keys(resources(synthesized))).toEqual(["webshop"]);
  });

  it("writes parameters and submodules in sorted order whatever the prop order", () => {
    const a = stackWith([
      "w",
      {
        parameters: { "input.db-size": "large", "input.app-fork": "x" },
        submodules: { zeta: {}, db: { parameters: { "input.size": "s", "input.engine": "e" } } },
      },
    ]);
    const b = stackWith([
      "w",
      {
        parameters: { "input.app-fork": "x", "input.db-size": "large" },
        submodules: { db: { parameters: { "input.engine": "e", "input.size": "s" } }, zeta: {} },
      },
    ]);
    const synthA = Testing.synth(a);
    expect(synthA).toEqual(Testing.synth(b));
    const w = resources(synthA).w as {
      parameters: Record<string, string>;
      submodules: Record<string, { parameters?: Record<string, string> }>;
    };
    expect(Object.keys(w.parameters)).toEqual(["input.app-fork", "input.db-size"]);
    expect(Object.keys(w.submodules)).toEqual(["db", "zeta"]);
    expect(Object.keys(w.submodules.db.parameters!)).toEqual(["input.engine", "input.size"]);
  });

  it("fails synth naming the construct path, the key, why and the fix", () => {
    const stack = stackWith(
      ["webshop", { manifest, submodules: { db: { parameters: { "input.size": "large" } } } }],
      ["other", { manifest, parameters: { "input.app-frok": "main" } }],
    );
    expect(() => Testing.synth(stack, true)).toThrow(
      "[shop/webshop] submodules.db.parameters['input.size']: input.size of submodule db is bound to " +
        "parameters['input.db-size'], so it cannot be set under submodules.db.parameters. " +
        "Fix: set parameters['input.db-size'] instead",
    );
    expect(() => Testing.fullSynth(stack)).toThrow(
      "[shop/other] parameters['input.app-frok']: parameter 'input.app-frok' is not defined by the application " +
        "manifest. Fix: did you mean parameters['input.app-fork']?",
    );
  });

  it("accepts a valid config, token values included, in a full synth", () => {
    const stack = stackWith(["upstream", { manifest }]);
    const upstream = stack.node.findChild("upstream") as ApplicationInstance;
    new ApplicationInstance(stack, "webshop", {
      application: APP,
      manifest,
      parameters: {
        "input.app-fork": upstream.effectiveParameter("input.app-fork"),
        "input.db-size": "large",
      },
      submodules: { db: { parameters: { "input.engine": upstream.status } } },
    });
    expect(() => Testing.fullSynth(stack)).not.toThrow();
    expect(Testing.synth(stack, true)).toHaveResourceWithProperties(Instance, {
      parameters: {
        "input.app-fork": '${appmgmt_instance.upstream.effective_parameters["input.app-fork"]}',
        "input.db-size": "large",
      },
      submodules: { db: { parameters: { "input.engine": "${appmgmt_instance.upstream.status}" } } },
    });
  });

  it("leaves maps that are tokens as a whole to plan time", () => {
    const stack = stackWith(["upstream", {}]);
    const upstream = stack.node.findChild("upstream") as ApplicationInstance;
    new ApplicationInstance(stack, "copy", {
      application: APP,
      manifest,
      parameters: upstream.effectiveParameters,
      submodules: { db: { parameters: upstream.returnValues } },
    });
    expect(() => Testing.fullSynth(stack)).not.toThrow();
    expect(Testing.synth(stack, true)).toHaveResourceWithProperties(Instance, {
      parameters: "${appmgmt_instance.upstream.effective_parameters}",
    });
  });

  it("does not judge parameters without a manifest (the provider still checks them against the service)", () => {
    const stack = stackWith(["webshop", { submodules: { db: { parameters: { "input.size": "large" } } } }]);
    expect(() => Testing.fullSynth(stack)).not.toThrow();
    expect(Testing.synth(stack, true)).toHaveResourceWithProperties(Instance, {
      submodules: { db: { parameters: { "input.size": "large" } } },
    });
  });

  it("exposes id, status and effective parameters as references to the resource", () => {
    const stack = stackWith(["webshop", {}]);
    const instance = stack.node.findChild("webshop") as ApplicationInstance;
    new TerraformOutput(stack, "id", { value: instance.id });
    new TerraformOutput(stack, "status", { value: instance.status });
    new TerraformOutput(stack, "effective", { value: instance.effectiveParameters });
    new TerraformOutput(stack, "dbSize", { value: instance.effectiveParameter("input.db-size") });
    new TerraformOutput(stack, "returned", { value: instance.returnValues });
    const outputs = JSON.parse(Testing.synth(stack)).output;
    expect(outputs).toEqual({
      id: { value: "${appmgmt_instance.webshop.id}" },
      status: { value: "${appmgmt_instance.webshop.status}" },
      effective: { value: "${appmgmt_instance.webshop.effective_parameters}" },
      dbSize: { value: '${appmgmt_instance.webshop.effective_parameters["input.db-size"]}' },
      returned: { value: "${appmgmt_instance.webshop.return_values}" },
    });
  });
});
