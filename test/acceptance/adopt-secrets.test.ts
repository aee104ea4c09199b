// Adopting an estate with passwords changes nothing it runs (issue 35): passwords top-level, bound into a
// submodule (`db-password: bind(db#input.password)`), set on a nested submodule directly, in two
// environments. `appmgmt discover` + `terraform plan -generate-config-out` + apply imports them and sends
// nothing; the next plan has no changes; a later change without the secrets fails the plan naming the
// secret and the fix, and with them (supplied once, at the main parameter for the bound one) keeps every
// password the service holds. No password is in any file terraform writes or in anything it prints.
import * as fs from "node:fs";
import * as path from "node:path";
import { waitForInstance } from "../../src/client";
import type { LaunchRequest } from "../../src/client/types";
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { runDiscover } from "../helpers/discover";
import { planAndReview } from "../helpers/review";
import { describeRun, PROVIDER_HCL, TerraformWorkspace, type TerraformRun } from "../helpers/terraform";

/** The passwords the estate holds: none may appear anywhere terraform writes or prints. */
const PASSWORDS = {
  shopDb: "db-pw-a1b2c3d4",
  shopAdmin: "admin-pw-e5f6a7",
  shopReplica: "replica-pw-0badf00d",
  stagedDb: "db-pw-staged-9e8d",
};

const REPLICA = `application:
  configuration:
    input.password: changeme
    input.lag: 10s
  interfaces:
    input:
      password: configuration(string)
      lag: configuration(string)
`;

const cluster = (replicaId: string) => `application:
  configuration:
    input.password: changeme
    input.engine: postgres-15
  interfaces:
    input:
      password: configuration(string)
      engine: configuration(string)
  components:
    replica:
      type: reference.Submodule
      configuration:
        __locator.application-id: "${replicaId}"
      interfaces:
        input:
          password: configuration(string)
          lag: configuration(string)
`;

const shop = (clusterId: string) => `application:
  configuration:
    input.app-fork: master
    input.db-password: changeme
    input.admin-password: changeme
  interfaces:
    input:
      app-fork: configuration(string)
      db-password: bind(db#input.password)
      admin-password: configuration(string)
  components:
    db:
      type: reference.Submodule
      configuration:
        __locator.application-id: "${clusterId}"
      interfaces:
        input:
          password: configuration(string)
          engine: configuration(string)
`;

describe("adopting an estate with passwords", () => {
  const ctx = useTerraformAgainstSimulator();
  const ids: Record<string, string> = {};
  /** Every command under TF_LOG=trace, so the provider's logs are among what is searched for passwords. */
  let tf: TerraformWorkspace;
  /** Everything terraform and appmgmt printed in this file. */
  const printed: string[] = [];
  const seen = (run: TerraformRun) => {
    printed.push(run.stdout, run.stderr);
    return run;
  };
  /** Every value the service holds for an instance and its submodules, by path ("" for the instance). */
  const values = async (id: string) => {
    const s = await ctx.svc.client.getInstance(id);
    return {
      "": s.parameters,
      ...Object.fromEntries(Object.entries(s.submodules).map(([k, v]) => [k, v.parameters])),
    };
  };
  const estate = async () => ({ shop: await values(ids.shop), staged: await values(ids.staged) });
  const histories = async () => ({
    shop: (await ctx.svc.client.getInstance(ids.shop)).workflowHistory.length,
    staged: (await ctx.svc.client.getInstance(ids.staged)).workflowHistory.length,
  });
  let before: Awaited<ReturnType<typeof estate>>;
  let historyBefore: Awaited<ReturnType<typeof histories>>;
  let shopManifest = "";

  beforeAll(async () => {
    tf = TerraformWorkspace.create({ provider: ctx.provider, env: { ...ctx.svc.env, TF_LOG: "trace" } });
    const { client } = ctx.svc;
    const create = async (name: string, manifest: string) => {
      const { id } = await client.createApplication(DEMO.organizationId, { name });
      await client.uploadManifest(id, manifest);
      return id;
    };
    const replicaId = await create("replica", REPLICA);
    const clusterId = await create("pg-cluster", cluster(replicaId));
    shopManifest = shop(clusterId);
    ids.app = await create("vault-shop", shopManifest);
    const launch = async (key: string, request: LaunchRequest) => {
      const { id } = await client.launch(ids.app, request);
      await waitForInstance(client, id, { until: (s) => s.status === "Running", timeoutMs: 10_000 });
      ids[key] = id;
    };
    await Promise.all([
      launch("shop", {
        instanceName: "shop",
        parameters: {
          "input.app-fork": "feature-1",
          "input.db-password": PASSWORDS.shopDb,
          "input.admin-password": PASSWORDS.shopAdmin,
        },
        submodules: {
          db: { submodules: { replica: { parameters: { "input.password": PASSWORDS.shopReplica } } } },
        },
      }),
      launch("staged", {
        instanceName: "staged",
        environmentId: DEMO.stagingEnvironmentId,
        parameters: { "input.db-password": PASSWORDS.stagedDb },
        submodules: { db: { parameters: { "input.engine": "postgres-16" } } },
      }),
    ]);
    before = await estate();
    historyBefore = await histories();
  });
  afterAll(() => tf?.remove());

  test("discover, generate-config-out and apply import the estate and send nothing; the next plan has no changes", async () => {
    expect(before.shop).toMatchObject({
      "": { "input.db-password": PASSWORDS.shopDb, "input.admin-password": PASSWORDS.shopAdmin },
      db: { "input.password": PASSWORDS.shopDb },
      "db/replica": { "input.password": PASSWORDS.shopReplica },
    });
    const discover = await runDiscover(ctx.svc.url, [
      "--organization",
      DEMO.organizationId,
      "--application",
      ids.app,
      "--out",
      path.join(tf.dir, "adopt.tf"),
    ]);
    printed.push(discover.stdout, discover.stderr);
    expect(discover.code).toBe(0);
    tf.writeMain(PROVIDER_HCL);
    seen(await tf.init());
    // written as terraform fmt writes it, so a pipeline's fmt check passes
    const fmt = seen(await tf.run(["fmt", "-check", "-diff", "-no-color", "adopt.tf"]));
    expect({ code: fmt.code, diff: fmt.stdout }).toEqual({ code: 0, diff: "" });
    const generate = seen(
      await tf.run(["plan", "-no-color", "-input=false", "-generate-config-out=generated.tf"]),
    );
    if (generate.code !== 0) throw new Error(describeRun(generate));
    expect(generate.stdout).toContain("Plan: 2 to import, 0 to add, 0 to change, 0 to destroy.");
    // the review of the adoption: imports only, and a reset gate passes
    const reviewed = await planAndReview(tf, "--fail-on", "reset");
    printed.push(reviewed.plan.stdout, reviewed.plan.stderr, reviewed.markdown, reviewed.stderr);
    expect({ code: reviewed.code, summary: reviewed.summary }).toEqual({
      code: 0,
      summary:
        "0 to launch, 0 to reconfigure (0 values reset to defaults), 0 to replace, 0 to destroy, 2 to import",
    });
    const apply = seen(await tf.apply());
    expect(apply.stdout).toContain("Apply complete! Resources: 2 imported, 0 added, 0 changed, 0 destroyed.");
    const replan = seen(await tf.plan());
    expect(replan.stdout).toContain("No changes");
    expect(await estate()).toEqual(before);
    expect(await histories()).toEqual(historyBefore);
  });

  test("a manifest given to an adopted instance later is only recorded", async () => {
    tf.writeFile("shop.yaml", shopManifest);
    const adopt = fs.readFileSync(path.join(tf.dir, "adopt.tf"), "utf8");
    const withManifest = adopt.replace(
      /(resource "appmgmt_instance" "shop" \{\n)/,
      '$1  manifest = file("shop.yaml")\n',
    );
    expect(withManifest).not.toBe(adopt);
    tf.writeFile("adopt.tf", withManifest);
    const plan = seen(await tf.plan());
    expect(plan.stdout).toContain("Plan: 0 to add, 1 to change, 0 to destroy.");
    seen(await tf.apply());
    expect(seen(await tf.plan()).stdout).toContain("No changes");
    expect(await histories()).toEqual(historyBefore);
  });

  test("a change without the secrets fails the plan naming each; supplying the declared variables is the only step", async () => {
    const config = fs.readFileSync(path.join(tf.dir, "adopt.tf"), "utf8");
    const forked = config.replace(/("input\.app-fork"\s*=\s*)"feature-1"/, '$1"feature-2"');
    expect(forked).not.toBe(config);
    tf.writeFile("adopt.tf", forked);
    const refused = seen(await tf.plan({ check: false }));
    expect(refused.code).toBe(1);
    const flat = refused.stderr.replace(/\s+/g, " ");
    expect(flat).toContain(
      'input.db-password is held by the service and this change would reset it to its default; supply it in secret_parameters (see README "Secrets")',
    );
    expect(flat).toContain("input.admin-password is held by the service");
    expect(flat).toContain(
      'db/replica/input.password is held by the service and this change would reset it to its default; supply it in submodules["db/replica"].secret_parameters',
    );
    // the bound one follows input.db-password: nothing of its own to supply
    expect(flat).not.toContain("db/input.password");

    const variables = [...config.matchAll(/variable "(\w+)"/g)].map((m) => m[1]).sort();
    // staged's admin and replica passwords are at their default, which the service holds all the same
    const supplied: Record<string, string> = {
      shop_input_admin_password: PASSWORDS.shopAdmin,
      shop_input_db_password: PASSWORDS.shopDb,
      shop_db_replica_input_password: PASSWORDS.shopReplica,
      staged_input_admin_password: "changeme",
      staged_input_db_password: PASSWORDS.stagedDb,
      staged_db_replica_input_password: "changeme",
    };
    expect(variables).toEqual(Object.keys(supplied).sort());
    tf.writeFile("secrets.auto.tfvars", variables.map((v) => `${v} = "${supplied[v]}"`).join("\n") + "\n");
    const plan = seen(await tf.plan());
    expect(plan.stdout).toContain("Plan: 0 to add, 1 to change, 0 to destroy.");
    seen(await tf.apply());
    expect(await estate()).toEqual({
      ...before,
      shop: { ...before.shop, "": { ...before.shop[""], "input.app-fork": "feature-2" } },
    });
    expect(seen(await tf.plan()).stdout).toContain("No changes");
  });

  test("terraform import of one instance, configured as its warning says, plans no change", async () => {
    const ws = ctx.workspace();
    ws.writeMain(`${PROVIDER_HCL}
variable "db_password" {
  type      = string
  sensitive = true
  ephemeral = true
  default   = null
}

resource "appmgmt_instance" "staged" {
  application_id   = "${ids.app}"
  instance_name    = "staged"
  environment_id   = "${DEMO.stagingEnvironmentId}"
  manifest_version = 1
  parameters       = { "input.app-fork" = "master" }
  secret_parameters = {
    "input.admin-password" = null
    "input.db-password"    = var.db_password
  }
  secret_parameters_version = 1
  submodules = {
    db           = { manifest_version = 1, parameters = { "input.engine" = "postgres-16" } }
    "db/replica" = { manifest_version = 1, parameters = { "input.lag" = "10s" }, secret_parameters = { "input.password" = null } }
  }
}
`);
    seen(await ws.init());
    const imported = seen(await ws.import("appmgmt_instance.staged", ids.staged));
    expect(imported.stdout.replace(/\s+/g, " ")).toContain(
      'secret_parameters: input.admin-password, input.db-password; submodules["db/replica"].secret_parameters: input.password',
    );
    expect(seen(await ws.plan()).stdout).toContain("No changes");
    printed.push(fs.readFileSync(path.join(ws.dir, "terraform.tfstate"), "utf8"));
    expect(await values(ids.staged)).toEqual(before.staged);
  });

  test("no password in any file terraform wrote, the private state, the trace or any output", async () => {
    const show = seen(await tf.run(["show", "-json", "-no-color"]));
    const written = fs
      .readdirSync(tf.dir)
      .filter((f) => f !== "secrets.auto.tfvars" && fs.statSync(path.join(tf.dir, f)).isFile())
      .map((f) => fs.readFileSync(path.join(tf.dir, f), "utf8"));
    expect(written.length).toBeGreaterThanOrEqual(6); // adopt.tf, main.tf, plan.json, the plan, state, backup
    const state = JSON.parse(fs.readFileSync(path.join(tf.dir, "terraform.tfstate"), "utf8")) as {
      resources: { instances: { private?: string }[] }[];
    };
    const privates = state.resources.flatMap((r) =>
      r.instances.map((i) => Buffer.from(i.private ?? "", "base64").toString()),
    );
    expect(privates).toHaveLength(2);
    expect(printed.join("\n")).toMatch(/provider\.terraform-provider-appmgmt/); // the trace holds the provider's logs
    for (const text of [...written, ...privates, ...printed, show.stdout])
      for (const pw of Object.values(PASSWORDS)) expect(text).not.toContain(pw);
    for (const text of printed) expect(text).not.toContain("Provider produced inconsistent result");
  });
});
