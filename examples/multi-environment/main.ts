// One definition of the webshop deployed to two environments of the demo organization: a stack per
// environment, each with its own state, so each can be diffed and deployed on its own:
//
//   npx --no-install appmgmt install-provider          (once per machine: where terraform finds the provider offline)
//   cd examples/multi-environment
//   npx cdktf diff webshop-default        (a single stack by name)
//   npx cdktf deploy '*'                  (every stack)
//
// No extra flags: the provider construct writes the stack's lock entry at synth, so cdktf does not run
// `terraform providers lock` against the public registry (README "cdktf projects"). The provider reads
// APPMGMT_BASE_URL and credentials (APPMGMT_REFRESH_TOKEN, ...) from the environment, e.g. those of
// `npx --no-install appmgmt sim`.
import * as path from "node:path";
import { App, TerraformOutput, TerraformStack } from "cdktf";
import type { Construct } from "constructs";
import { AppMgmtProvider, ApplicationInstance, ApplicationManifest } from "cdktf-provider-appmgmt";

const WEBSHOP_APPLICATION = "5f0000000000000000000a11";
const ENVIRONMENTS = { default: "5f0000000000000000000e01", staging: "5f0000000000000000000e02" };

const manifest = ApplicationManifest.fromFile(path.join(__dirname, "../quickstart/webshop.manifest.yaml"));

interface WebshopProps {
  environmentId: string;
  appFork: string;
  dbSize: string;
}

/** The webshop definition, shared by every environment; only the props differ. */
class WebshopStack extends TerraformStack {
  constructor(scope: Construct, id: string, props: WebshopProps) {
    super(scope, id);
    new AppMgmtProvider(this, "appmgmt");
    const webshop = new ApplicationInstance(this, "webshop", {
      application: WEBSHOP_APPLICATION,
      instanceName: id,
      environmentId: props.environmentId,
      manifestVersion: 1,
      manifest,
      parameters: { "input.app-fork": props.appFork, "input.db-size": props.dbSize },
      submodules: { db: { parameters: { "input.engine": "postgres-16" } } },
    });
    new TerraformOutput(this, "instance_id", { value: webshop.id });
    new TerraformOutput(this, "db_size", { value: webshop.effectiveParameter("input.db-size") });
  }
}

const app = new App();
new WebshopStack(app, "webshop-default", {
  environmentId: ENVIRONMENTS.default,
  appFork: "release-1",
  dbSize: "large",
});
new WebshopStack(app, "webshop-staging", {
  environmentId: ENVIRONMENTS.staging,
  appFork: "main",
  dbSize: "small",
});
app.synth();
