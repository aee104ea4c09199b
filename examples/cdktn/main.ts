// The constructs in a CDK Terrain (cdktn) app. cdktn is the maintained fork of cdktf (archived in
// December 2025); a cdktn app imports the constructs from "cdktf-provider-appmgmt/cdktn". Copied with the rest
// of examples/ into a project set up as the README's cdktn recipe (cdktn-cli needs Node >= 22.19):
//
//   cd examples/cdktn && npx cdktn deploy --auto-approve
//
// (also synth, diff, destroy) against the service APPMGMT_BASE_URL points at. CDKTN_APP_FORK sets the
// main parameter input.app-fork: a later deploy reconfigures the instance in place.
import * as path from "node:path";
import { App, TerraformOutput, TerraformStack } from "cdktn";
import type { Construct } from "constructs";
import { AppMgmtProvider, ApplicationInstance, ApplicationManifest } from "cdktf-provider-appmgmt/cdktn";

const WEBSHOP_APPLICATION = "5f0000000000000000000a11";

class WebshopStack extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    // base_url and credentials come from APPMGMT_BASE_URL, APPMGMT_REFRESH_TOKEN, ... at plan time.
    new AppMgmtProvider(this, "appmgmt");
    const webshop = new ApplicationInstance(this, "webshop", {
      application: WEBSHOP_APPLICATION,
      instanceName: "cdktn-webshop",
      // The version the manifest file below describes.
      manifestVersion: 1,
      // Checked at synth: e.g. setting the bound submodule parameter db.input.size fails here.
      manifest: ApplicationManifest.fromFile(path.join(__dirname, "../quickstart/webshop.manifest.yaml")),
      parameters: { "input.app-fork": process.env.CDKTN_APP_FORK ?? "release-1", "input.db-size": "large" },
      submodules: { db: { parameters: { "input.engine": "postgres-16" } } },
    });
    new TerraformOutput(this, "webshop_id", { value: webshop.id });
    new TerraformOutput(this, "webshop_db_size", { value: webshop.effectiveParameter("input.db-size") });
  }
}

const app = new App();
new WebshopStack(app, "webshop-cdktn");
app.synth();
