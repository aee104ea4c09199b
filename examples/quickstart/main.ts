// Quickstart: one instance of the demo "webshop" application, with a submodule setting and a data
// source, deployed against whichever service APPMGMT_BASE_URL points at (`npm run quickstart` starts
// the embedded simulator for you). Copied with the rest of examples/ from node_modules/cdktf-provider-appmgmt
// into a project set up as the README's "Your own cdktf project" (cdktf, constructs, ts-node, typescript):
//
//   npx --no-install appmgmt install-provider                          (once per machine)
//   cd examples/quickstart && npx cdktf synth | diff | deploy | destroy  (cdktf.json beside this file runs it)
//
// No extra flags: the provider construct writes the stack's lock entry, so cdktf skips its registry lock step.
//
// QUICKSTART_APP_FORK changes the main parameter input.app-fork: a later deploy reconfigures the
// instance in place.
import * as path from "node:path";
import { App, TerraformOutput, TerraformStack } from "cdktf";
import type { Construct } from "constructs";
import { AppMgmtProvider, ApplicationInstance, ApplicationManifest, bindings } from "cdktf-provider-appmgmt";

/** The demo seed's organization and "webshop" application. */
const DEMO_ORGANIZATION = "5f0000000000000000000a01";
const WEBSHOP_APPLICATION = "5f0000000000000000000a11";

class QuickstartStack extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    // base_url and credentials come from APPMGMT_BASE_URL, APPMGMT_REFRESH_TOKEN, ... at plan time.
    new AppMgmtProvider(this, "appmgmt");

    const environments = new bindings.dataAppmgmtEnvironments.DataAppmgmtEnvironments(
      this,
      "demo_environments",
      {
        organizationId: DEMO_ORGANIZATION,
      },
    );

    const webshop = new ApplicationInstance(this, "webshop", {
      application: WEBSHOP_APPLICATION,
      instanceName: "quickstart-webshop",
      // The manifest file below describes version 1.
      manifestVersion: 1,
      manifest: ApplicationManifest.fromFile(path.join(__dirname, "webshop.manifest.yaml")),
      parameters: {
        "input.app-fork": process.env.QUICKSTART_APP_FORK ?? "release-1",
        // Bound to the db submodule's input.size: this is the one place to set it.
        "input.db-size": "medium",
      },
      submodules: { db: { parameters: { "input.engine": "postgres-16" } } },
      timeouts: { create: "5m", update: "5m", delete: "5m" },
    });

    new TerraformOutput(this, "environments", { value: environments.environments });
    new TerraformOutput(this, "instance_id", { value: webshop.id });
    new TerraformOutput(this, "instance_status", { value: webshop.status });
    new TerraformOutput(this, "effective_parameters", { value: webshop.effectiveParameters });
  }
}

const app = new App();
new QuickstartStack(app, "quickstart");
app.synth();
