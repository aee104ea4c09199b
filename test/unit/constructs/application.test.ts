// The Application construct (cdktf and cdktn): an application with its manifest, whose ApplicationInstance
// takes the id, the manifest version and the manifest from it (`application: app`), with the binding rules
// run at synth against that manifest.
import * as cdktf from "cdktf";
import * as cdktn from "cdktn";
import * as forCdktn from "../../../src/cdktn";
import * as forCdktf from "../../../src/constructs";
import { DEMO_MANIFESTS } from "../../../src/simulator";

const ORG = "5f0000000000000000000a01";

type Constructs = typeof forCdktf;
const FLAVOURS: [string, typeof cdktf, Constructs][] = [
  ["cdktf", cdktf, forCdktf],
  ["cdktn", cdktn as unknown as typeof cdktf, forCdktn as unknown as Constructs],
];

function synth(
  lib: typeof cdktf,
  constructs: Constructs,
  instance: Partial<forCdktf.ApplicationInstanceProps> = {},
  organizationId = ORG,
) {
  const stack = new lib.TerraformStack(lib.Testing.app(), "shop");
  new constructs.AppMgmtProvider(stack, "appmgmt", { baseUrl: "http://127.0.0.1:1" });
  const app = new constructs.Application(stack, "shop-app", {
    organizationId,
    name: "shop",
    manifest: constructs.ApplicationManifest.fromYaml(DEMO_MANIFESTS.webshop[1]),
  });
  new constructs.ApplicationInstance(stack, "shop", {
    application: app,
    instanceName: "shop-1",
    ...instance,
  });
  return JSON.parse(lib.Testing.synth(stack, true));
}

describe.each(FLAVOURS)("Application (%s)", (_name, lib, constructs) => {
  it("synthesizes the application with its manifest, and wires id, version and manifest into the instance", () => {
    const out = synth(lib, constructs, { parameters: { "input.db-size": "large" } });
    expect(out.resource.appmgmt_application["shop-app"]).toEqual({
      organization_id: ORG,
      name: "shop",
      manifest: DEMO_MANIFESTS.webshop[1],
    });
    expect(out.resource.appmgmt_instance.shop).toMatchObject({
      application_id: "${appmgmt_application.shop-app.id}",
      manifest_version: "${appmgmt_application.shop-app.manifest_version}",
      manifest: DEMO_MANIFESTS.webshop[1],
      parameters: { "input.db-size": "large" },
    });
  });

  it("runs the binding rules at synth against the application's manifest", () => {
    expect(() =>
      synth(lib, constructs, { submodules: { db: { parameters: { "input.size": "large" } } } }),
    ).toThrow(
      "[shop/shop] submodules.db.parameters['input.size']: input.size of submodule db is bound to " +
        "parameters['input.db-size'], so it cannot be set under submodules.db.parameters. " +
        "Fix: set parameters['input.db-size'] instead",
    );
  });

  it("keeps a manifestVersion set on the instance, and checks the organization id", () => {
    const pinned = synth(lib, constructs, { manifestVersion: 1 });
    expect(pinned.resource.appmgmt_instance.shop.manifest_version).toBe(1);
    expect(() => synth(lib, constructs, {}, "Demo Org")).toThrow(
      /\[shop\/shop-app\] organizationId: organizationId must be a 24-character[\s\S]*appmgmt_organizations/,
    );
  });
});
