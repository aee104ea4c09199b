// The same shared state from a cdktf stack: PgBackend keeps the stack's state in PostgreSQL. The
// connection string comes from PG_CONN_STR (read by terraform, never written into cdk.tf.json).
//
//   PG_CONN_STR=postgres://... cdktf deploy
import { App, PgBackend, TerraformStack } from "cdktf";
import type { Construct } from "constructs";
import { AppMgmtProvider, ApplicationInstance } from "cdktf-provider-appmgmt";

const WEBSHOP_APPLICATION = "5f0000000000000000000a11";

export class SharedStateStack extends TerraformStack {
  constructor(scope: Construct, id: string, names: string[]) {
    super(scope, id);
    // No connStr here: terraform takes it from PG_CONN_STR when it initialises the backend.
    new PgBackend(this, { connStr: "", schemaName: "terraform_remote_state" });
    new AppMgmtProvider(this, "appmgmt");
    for (const name of names) {
      new ApplicationInstance(this, name, {
        application: WEBSHOP_APPLICATION,
        instanceName: name,
        parameters: { "input.app-fork": "release-1" },
      });
    }
  }
}

if (require.main === module) {
  const app = new App();
  new SharedStateStack(app, "shared-state", ["shop-a", "shop-b", "shop-c"]);
  app.synth();
}
