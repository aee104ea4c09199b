// The cdktn app of the cdktn pipeline recipes (github/cdktn.yml, gitlab/cdktn.gitlab-ci.yml): the stack of
// examples/pg-backend on cdktn, its state in PostgreSQL (PG_CONN_STR), and one value sent as a secret from an
// ephemeral variable: the pipeline sets TF_VAR_app_fork in the plan job and again in the apply job, because a
// saved plan holds no ephemeral value and `terraform apply tfplan` needs it once more. cdktf.json beside this
// file targets terraform 1.11, which cdktn requires for the write-only `secretParameters`.
import { App, PgBackend, TerraformStack, TerraformVariable } from "cdktn";
import type { Construct } from "constructs";
import { AppMgmtProvider, ApplicationInstance } from "cdktf-provider-appmgmt/cdktn";

const WEBSHOP_APPLICATION = "5f0000000000000000000a11";

export class SharedStateStack extends TerraformStack {
  constructor(scope: Construct, id: string, names: string[]) {
    super(scope, id);
    new PgBackend(this, { connStr: "", schemaName: "terraform_remote_state" });
    new AppMgmtProvider(this, "appmgmt");
    // Any parameter can be sent as a secret; the demo webshop's app-fork stands in for a registry token.
    const appFork = new TerraformVariable(this, "app_fork", { type: "string", sensitive: true });
    appFork.addOverride("ephemeral", true); // terraform 1.10+: in no plan or state file
    for (const name of names) {
      new ApplicationInstance(this, name, {
        application: WEBSHOP_APPLICATION,
        instanceName: name,
        secretParameters: { "input.app-fork": appFork.stringValue },
        secretParametersVersion: 1,
      });
    }
  }
}

if (require.main === module) {
  const app = new App();
  new SharedStateStack(app, "shared-state", ["shop-a", "shop-b", "shop-c"]);
  app.synth();
}
