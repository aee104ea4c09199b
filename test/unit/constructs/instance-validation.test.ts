// ApplicationInstance checks at synth what needs no manifest (issue 7, item 6): malformed application,
// environment and revision ids and instance names fail `cdktf synth` with the construct path and the fix;
// keys named like Object members (item 5) are ordinary keys.
import { TerraformStack, Testing } from "cdktf";
import {
  AppMgmtProvider,
  ApplicationInstance,
  ApplicationManifest,
  type ApplicationInstanceProps,
} from "../../../src/constructs";
import { Instance } from "../../../src/gen/cdktf/providers/appmgmt/instance";
import { DEMO_MANIFESTS } from "../../../src/simulator";

const APP = "5f0000000000000000000a11";
const ENV = "5f0000000000000000000e01";

function stackWith(id: string, props: Partial<ApplicationInstanceProps>): TerraformStack {
  const stack = new TerraformStack(Testing.app(), "shop");
  new AppMgmtProvider(stack, "appmgmt", { baseUrl: "http://127.0.0.1:1" });
  new ApplicationInstance(stack, id, { application: APP, ...props });
  return stack;
}

describe("ApplicationInstance ids and names at synth", () => {
  it.each([
    [
      "application",
      { application: "webshop" },
      "application: application must be a 24-character",
      "the appmgmt_applications data source",
    ],
    [
      "environmentId",
      { environmentId: "staging" },
      "environmentId: environmentId must be a 24-character",
      "appmgmt_environments",
    ],
    [
      "revisionId",
      { revisionId: "5F0000000000000000000C01" },
      "revisionId: revisionId must be a 24-character",
      "the revision's id",
    ],
    [
      "a submodule's revisionId",
      { submodules: { db: { revisionId: "v1" } } },
      "submodules.db.revisionId: revisionId must be a 24-character",
      "the revision's id",
    ],
    [
      "instanceName",
      { instanceName: "my shop" },
      `instanceName: the instance name "my shop" has " " at position 3`,
      "leave instanceName unset",
    ],
  ])("rejects a malformed %s with the construct path and the fix", (_what, props, message, fix) => {
    const stack = stackWith("webshop", props);
    let error: Error | undefined;
    try {
      Testing.fullSynth(stack);
    } catch (e) {
      error = e as Error;
    }
    expect(error?.message).toContain(`[shop/webshop] ${message}`);
    expect(error?.message).toMatch(new RegExp(`Fix: [^\\n]*${fix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  });

  it("accepts well-formed ids and names, and leaves tokens to plan time", () => {
    const stack = stackWith("upstream", { instanceName: "upstream-1", environmentId: ENV });
    const upstream = stack.node.findChild("upstream") as ApplicationInstance;
    new ApplicationInstance(stack, "copy", {
      application: upstream.resource.applicationId,
      environmentId: upstream.resource.environmentId,
      instanceName: upstream.resource.instanceName,
      revisionId: upstream.status,
    });
    expect(() => Testing.fullSynth(stack)).not.toThrow();
  });
});

describe.each(["constructor", "toString", "hasOwnProperty", "valueOf"])("the key %s", (key) => {
  const manifest = manifestWithSubmodule(key);

  it("is an ordinary submodule and parameter name: synthesized as given and checked like any other", () => {
    const submodules = { [key]: { parameters: { [`input.${key}`]: "x" } } };
    const stack = stackWith("webshop", { manifest, submodules });
    expect(() => Testing.fullSynth(stack)).not.toThrow();
    expect(Testing.synth(stack, true)).toHaveResourceWithProperties(Instance, {
      submodules: { [key]: { parameters: { [`input.${key}`]: "x" } } },
    });

    const unknown = stackWith("webshop", {
      manifest: ApplicationManifest.fromYaml(DEMO_MANIFESTS.webshop[1]),
      submodules,
    });
    expect(() => Testing.fullSynth(unknown)).toThrow(
      `[shop/webshop] submodules.${key}: submodule '${key}' is not defined by the application manifest`,
    );
  });
});

describe("the key __proto__", () => {
  it("works inside a parameter name; as a whole key cdktf would drop it, so synth says so", () => {
    const fine = stackWith("webshop", { parameters: { "input.__proto__": "x" } });
    expect(Testing.synth(fine, true)).toHaveResourceWithProperties(Instance, {
      parameters: { "input.__proto__": "x" },
    });
    const submodules = JSON.parse('{"__proto__": {"parameters": {"input.engine": "x"}}}');
    const dropped = stackWith("webshop", { manifest: manifestWithSubmodule("__proto__"), submodules });
    expect(() => Testing.fullSynth(dropped)).toThrow(
      "[shop/webshop] submodules.__proto__: the CDK drops a key named '__proto__' from the synthesized " +
        "configuration, so terraform would never see it. Fix: declare this instance in HCL",
    );
  });
});

function manifestWithSubmodule(name: string): ApplicationManifest {
  return ApplicationManifest.fromYaml(`
application:
  interfaces:
    input:
      app-fork: configuration(string)
  components:
    ${name}:
      type: reference.Submodule
      interfaces:
        input:
          ${name}: configuration(string)
          engine: configuration(string)
`);
}
