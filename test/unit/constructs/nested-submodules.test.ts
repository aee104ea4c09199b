// ApplicationInstance with nested submodules (issue 19, item 4), for cdktf and cdktn alike: path keys
// ("db/replica") are synthesized as given, and a bound nested parameter fails synth naming the construct
// path, the key and the fix.
import * as cdktf from "cdktf";
import * as cdktn from "cdktn";
import * as forCdktn from "../../../src/cdktn";
import * as forCdktf from "../../../src/constructs";
import { stackManifest } from "../../helpers/nested-apps";

const APP = "5f0000000000000000000a11";
const MANIFEST = stackManifest("5f00000000000000000000c1", "5f00000000000000000000c2");

const FLAVOURS = [
  ["cdktf", cdktf, forCdktf],
  ["cdktn", cdktn, forCdktn],
] as unknown as [
  string,
  typeof cdktf,
  {
    AppMgmtProvider: typeof forCdktf.AppMgmtProvider;
    ApplicationInstance: typeof forCdktf.ApplicationInstance;
    ApplicationManifest: typeof forCdktf.ApplicationManifest;
  },
][];

describe.each(FLAVOURS)("%s ApplicationInstance with nested submodules", (_name, lib, constructs) => {
  function synth(submodules: forCdktf.ApplicationInstanceProps["submodules"]): Record<string, unknown> {
    const stack = new lib.TerraformStack(lib.Testing.app(), "platform");
    new constructs.AppMgmtProvider(stack, "appmgmt", { baseUrl: "http://127.0.0.1:1" });
    new constructs.ApplicationInstance(stack, "stack", {
      application: APP,
      manifest: constructs.ApplicationManifest.fromYaml(MANIFEST),
      submodules,
    });
    return JSON.parse(lib.Testing.synth(stack, true)) as Record<string, unknown>;
  }

  it("synthesizes path keys as given", () => {
    const out = synth({
      db: { parameters: { "input.replica-size": "large" } },
      "db/replica": { parameters: { "input.lag": "1s" } },
    }) as { resource: { appmgmt_instance: Record<string, { submodules: unknown }> } };
    expect(Object.values(out.resource.appmgmt_instance)[0].submodules).toEqual({
      db: { parameters: { "input.replica-size": "large" } },
      "db/replica": { parameters: { "input.lag": "1s" } },
    });
  });

  it("fails synth for a bound nested parameter, naming the construct path, the key and the fix", () => {
    expect(() => synth({ "db/replica": { parameters: { "input.size": "large" } } })).toThrow(
      "[platform/stack] submodules['db/replica'].parameters['input.size']: input.size of submodule db/replica " +
        "is bound to submodules.db.parameters['input.replica-size'], so it cannot be set under " +
        "submodules['db/replica'].parameters. Fix: set submodules.db.parameters['input.replica-size'] instead",
    );
  });

  it("fails synth for an unknown path, naming the submodules that exist", () => {
    expect(() => synth({ "db/replicas": {} })).toThrow(
      "[platform/stack] submodules['db/replicas']: submodule 'db/replicas' is not defined by the application " +
        "manifest. Fix: did you mean submodules['db/replica']?",
    );
  });
});
