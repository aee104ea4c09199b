// The corpus of manifests in the service's form through ApplicationManifest and ApplicationInstance, for cdktf and
// cdktn alike (issue 31 item 5): each synthesizes; a pin bound into a workflow component is an ordinary parameter,
// one bound into a submodule is not settable under submodules (synth fails naming the fix), and a nested key is
// checked against the child's own manifest when the construct is given it.
import * as cdktf from "cdktf";
import * as cdktn from "cdktn";
import * as forCdktn from "../../../src/cdktn";
import * as forCdktf from "../../../src/constructs";
import { parseManifest } from "../../../src/manifest";
import { CORPUS, corpusManifest, type CorpusName } from "../../helpers/manifest-corpus";

const APP = "5f0000000000000000000a11";

const FLAVOURS = [
  ["cdktf", cdktf, forCdktf],
  ["cdktn", cdktn, forCdktn],
] as unknown as [string, typeof cdktf, typeof forCdktf][];

describe.each(FLAVOURS)("%s constructs with the manifest corpus", (_name, lib, constructs) => {
  const manifestOf = (name: CorpusName) => constructs.ApplicationManifest.fromYaml(corpusManifest(name));

  function synth(
    manifest: forCdktf.ApplicationManifest,
    settings: Pick<forCdktf.ApplicationInstanceProps, "parameters" | "submodules"> = {},
  ): { resource: { appmgmt_instance: Record<string, Record<string, unknown>> } } {
    const stack = new lib.TerraformStack(lib.Testing.app(), "corpus");
    new constructs.AppMgmtProvider(stack, "appmgmt", { baseUrl: "http://127.0.0.1:1" });
    new constructs.ApplicationInstance(stack, "instance", { application: APP, manifest, ...settings });
    return JSON.parse(lib.Testing.synth(stack, true)) as ReturnType<typeof synth>;
  }

  it.each(CORPUS)("%s synthesizes, its YAML passed on as written", (name) => {
    const out = synth(manifestOf(name));
    expect(Object.values(out.resource.appmgmt_instance)[0].manifest).toBe(corpusManifest(name));
  });

  it("a pin bound into a workflow component is an ordinary main parameter", () => {
    const out = synth(manifestOf("workflow-commands"), { parameters: { "input.app-branch": "release" } });
    expect(Object.values(out.resource.appmgmt_instance)[0].parameters).toEqual({
      "input.app-branch": "release",
    });
  });

  it("a parameter bound into a submodule fails synth, at the top and below a dotted composite", () => {
    expect(() =>
      synth(manifestOf("hierarchy-platform"), {
        submodules: { db: { parameters: { "input.engine": "mysql" } } },
      }),
    ).toThrow(
      "submodules.db.parameters['input.engine']: input.engine of submodule db is bound to parameters['input.db-engine'], " +
        "so it cannot be set under submodules.db.parameters. Fix: set parameters['input.db-engine'] instead",
    );
    expect(() =>
      synth(manifestOf("dotted-bindings"), { submodules: { cache: { parameters: { "input.size": "1g" } } } }),
    ).toThrow("Fix: set parameters['input.cache-size'] instead");
  });

  it("checks db/replica against db's own manifest when given it, and leaves it to the plan otherwise", () => {
    const bound = { submodules: { "db/replica": { parameters: { "input.size": "large" } } } };
    // without db's manifest the key cannot be judged here: synth passes it on (the plan warns)
    expect(() => synth(manifestOf("hierarchy-platform"), bound)).not.toThrow();
    const checked = manifestOf("hierarchy-platform").withSubmoduleManifests({ db: manifestOf("db-cluster") });
    expect(() => synth(checked, bound)).toThrow(
      "Fix: set submodules.db.parameters['input.replica-size'] instead",
    );
    expect(() => synth(checked, { submodules: { "db/replicas": {} } })).toThrow(
      "did you mean submodules['db/replica']?",
    );
    const out = synth(checked, { submodules: { "db/replica": { parameters: { "input.lag": "1s" } } } });
    // db's free defaults restated in its component (issue 39 item 1): the plan and the review know what a
    // reconfigure leaving them out sets them to; the bound engine follows input.db-engine
    const synthesized = Object.values(out.resource.appmgmt_instance)[0].manifest as string;
    const db = parseManifest(synthesized).submodules.db.parameters;
    expect(db["input.replica-size"]).toEqual({ name: "input.replica-size", default: "small" });
    expect(db["input.engine"].default).toBeUndefined();
    expect(synthesized).toBe(
      corpusManifest("hierarchy-platform").replace(
        '__locator.application-id: "5f00000000000000000031c1"\n',
        '__locator.application-id: "5f00000000000000000031c1"\n        input.replica-size: small\n',
      ),
    );
  });
});

describe.each(FLAVOURS)(
  "%s constructs: a submodule's own manifest (issue 39 item 1)",
  (_name, lib, constructs) => {
    it("submodules.db.manifest, e.g. the child Application's, is synthesized as its text for the plan's defaults", () => {
      const stack = new lib.TerraformStack(lib.Testing.app(), "child");
      new constructs.AppMgmtProvider(stack, "appmgmt", { baseUrl: "http://127.0.0.1:1" });
      const db = new constructs.Application(stack, "db", {
        organizationId: "5f0000000000000000000a01",
        name: "db-cluster",
        manifest: constructs.ApplicationManifest.fromYaml(corpusManifest("db-cluster")),
      });
      new constructs.ApplicationInstance(stack, "instance", {
        application: APP,
        manifest: constructs.ApplicationManifest.fromYaml(corpusManifest("hierarchy-platform")),
        submodules: { db: { manifest: db.manifest } },
      });
      const out = JSON.parse(lib.Testing.synth(stack, true)) as {
        resource: { appmgmt_instance: Record<string, { submodules: Record<string, { manifest: string }> }> };
      };
      expect(Object.values(out.resource.appmgmt_instance)[0].submodules.db.manifest).toBe(
        corpusManifest("db-cluster"),
      );
    });
  },
);

describe.each(FLAVOURS)("%s constructs with the published forms (issue 36)", (_name, lib, constructs) => {
  const manifestOf = (name: CorpusName) => constructs.ApplicationManifest.fromYaml(corpusManifest(name));
  const synth = (
    manifest: forCdktf.ApplicationManifest,
    settings: Partial<forCdktf.ApplicationInstanceProps>,
  ) => {
    const stack = new lib.TerraformStack(lib.Testing.app(), "published");
    new constructs.AppMgmtProvider(stack, "appmgmt", { baseUrl: "http://127.0.0.1:1" });
    new constructs.ApplicationInstance(stack, "instance", { application: APP, manifest, ...settings });
    return lib.Testing.synth(stack, true);
  };

  it("parameters on other interfaces synthesize; a misspelt one fails with did you mean", () => {
    expect(() =>
      synth(manifestOf("interface-parameters"), { parameters: { "in.app_input": "x" } }),
    ).not.toThrow();
    expect(() => synth(manifestOf("interface-parameters"), { parameters: { "in.app_inptu": "x" } })).toThrow(
      "did you mean parameters['in.app_input']?",
    );
    expect(constructs.ApplicationManifest.fromYaml(corpusManifest("wildcard-pins")).defaults).toEqual({
      "input.fork": "main",
      "input.replicas": "2",
    });
  });

  it("a parameter bound across three levels on other interfaces fails synth naming the binding pin", () => {
    const checked = manifestOf("tier-top").withSubmoduleManifests({
      middle: manifestOf("tier-middle"),
      "middle/child": manifestOf("tier-bottom"),
    });
    expect(() =>
      synth(checked, { submodules: { middle: { parameters: { "parent_in.child_input": "x" } } } }),
    ).toThrow("Fix: set parameters['top_parent_in.middle_child_input'] instead");
    expect(() =>
      synth(checked, { submodules: { "middle/child": { parameters: { "child_in.child_input": "x" } } } }),
    ).toThrow("Fix: set submodules.middle.parameters['parent_in.child_input'] instead");
    expect(() =>
      synth(checked, { submodules: { "middle/child": { parameters: { "child_in.flavour": "large" } } } }),
    ).not.toThrow();
  });
});
