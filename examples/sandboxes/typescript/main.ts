// A sandbox per branch, as ../hcl/main.tf: a clone of the staging environment with the branch's properties,
// markers and policies (the Environment construct), and the webshop launched into it, in one deploy.
//
//   npx --no-install appmgmt install-provider          (once per machine: where terraform finds the provider offline)
//   cd examples/sandboxes/typescript
//   TF_VAR_branch=feature-x npx cdktf deploy
//
// The branch is a terraform variable, as in HCL (TF_VAR_branch, or `--var branch=...`). Keep one state per
// branch (a backend key per branch): a new branch in the same state replaces the sandbox. The provider reads
// APPMGMT_BASE_URL and credentials (APPMGMT_REFRESH_TOKEN, ...) from the environment, e.g. those of
// `npx --no-install appmgmt sim`.
import * as path from "node:path";
import { App, TerraformOutput, TerraformStack, TerraformVariable } from "cdktf";
import type { Construct } from "constructs";
import {
  AppMgmtProvider,
  ApplicationInstance,
  bindings,
  Environment,
  EnvironmentPolicies,
} from "cdktf-provider-appmgmt";

class SandboxStack extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    new AppMgmtProvider(this, "appmgmt");
    const branch = new TerraformVariable(this, "branch", {
      type: "string",
      description: "The branch the sandbox is for, e.g. from CI (letters, digits, ., _ or -).",
      validation: [
        {
          // It goes into names and markers: 1 to 40 letters, digits, ".", "_" or "-" (a CI slug of the branch).
          condition: '${can(regex("^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$", var.branch))}',
          errorMessage:
            'branch must be 1 to 40 letters, digits, ".", "_" or "-", starting with a letter or digit: use the branch\'s slug (e.g. CI_COMMIT_REF_SLUG).',
        },
      ],
    }).stringValue;
    const cloneFrom = new TerraformVariable(this, "clone_from", {
      type: "string",
      default: "staging",
      description: "Name of the environment each sandbox is cloned from.",
    }).stringValue;
    const applicationId = new TerraformVariable(this, "application_id", {
      type: "string",
      default: "5f0000000000000000000a11",
      description: "The application launched into the sandbox (default: the simulator's demo webshop).",
    }).stringValue;

    const orgs = new bindings.dataAppmgmtOrganizations.DataAppmgmtOrganizations(this, "mine", {});
    // The environment to clone, looked up by name.
    const base = new bindings.dataAppmgmtEnvironment.DataAppmgmtEnvironment(this, "base", {
      organizationId: orgs.organizations.get(0).id,
      name: cloneFrom,
    });
    // The public API makes environments only by cloning one, and cannot delete one: destroy only forgets
    // the sandbox, with a warning saying how to delete it by hand.
    const sandbox = new Environment(this, "sandbox", {
      organizationId: base.organizationId,
      name: `sandbox-${branch}`,
      cloneFrom: base.id,
      properties: { branch, "db-host": `db.${branch}.internal`, replicas: "1" },
      propertyTypes: { replicas: "int" },
      markers: ["sandbox", `branch-${branch}`],
      policies: EnvironmentPolicies.fromFile(path.join(__dirname, "../policies.yaml")),
    });
    // Launched once the clone is online, in the same deploy.
    const webshop = new ApplicationInstance(this, "webshop", {
      application: applicationId,
      environment: sandbox,
      instanceName: `webshop-${branch}`,
      parameters: { "input.app-fork": branch },
    });
    new TerraformOutput(this, "sandbox_id", { value: sandbox.id });
    new TerraformOutput(this, "instance_id", { value: webshop.id });
  }
}

const app = new App();
new SandboxStack(app, "sandbox");
app.synth();
