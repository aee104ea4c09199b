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
import { describeRun, PROVIDER_HCL, type TerraformRun } from "../helpers/terraform";

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
  /** Everything terraform printed in this file. */
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
  const history = async (id: string) => (await ctx.svc.client.getInstance(id)).workflowHistory.length;

  beforeAll(async () => {
    const { client } = ctx.svc;
    const create = async (name: string, manifest: string) => {
      const { id } = await client.createApplication(DEMO.organizationId, { name });
      await client.uploadManifest(id, manifest);
      return id;
    };
    const replicaId = await create("replica", REPLICA);
    const clusterId = await create("pg-cluster", cluster(replicaId));
    ids.app = await create("vault-shop", shop(clusterId));
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
  });

  test("discover, generate-config-out and apply import the estate and send nothing; a change keeps every password", async () => {
    const before = { shop: await values(ids.shop), staged: await values(ids.staged) };
    const histories = { shop: await history(ids.shop), staged: await history(ids.staged) };
    expect(before.shop).toMatchObject({
      "": { "input.db-password": PASSWORDS.shopDb, "input.admin-password": PASSWORDS.shopAdmin },
      db: { "input.password": PASSWORDS.shopDb },
      "db/replica": { "input.password": PASSWORDS.shopReplica },
    });

    const ws = ctx.workspace();
    const discover = await runDiscover(ctx.svc.url, [
      "--organization",
      DEMO.organizationId,
      "--application",
      ids.app,
      "--out",
      path.join(ws.dir, "adopt.tf"),
    ]);
    expect(discover.code).toBe(0);
    ws.writeMain(PROVIDER_HCL);
    await ws.init();
    const generate = seen(
      await ws.run(["plan", "-no-color", "-input=false", "-generate-config-out=generated.tf"]),
    );
    if (generate.code !== 0) throw new Error(describeRun(generate));
    expect(generate.stdout).toContain("Plan: 2 to import, 0 to add, 0 to change, 0 to destroy.");
    const apply = seen(await ws.apply({ check: false }));
    expect({ code: apply.code, stdout: apply.stdout }).toMatchObject({
      code: 0,
      stdout: expect.stringContaining("Apply complete! Resources: 2 imported, 0 added, 0 changed, 0 destroyed."),
    });
    const replan = seen(await ws.plan());
    expect(replan.stdout).toContain("No changes");
    expect({ shop: await values(ids.shop), staged: await values(ids.staged) }).toEqual(before);
    expect({ shop: await history(ids.shop), staged: await history(ids.staged) }).toEqual(histories);

    // A change without the secrets: the plan fails naming each password the service holds, and sends nothing.
    const config = fs.readFileSync(path.join(ws.dir, "adopt.tf"), "utf8");
    const forked = config.replace(/("input\.app-fork"\s*=\s*)"feature-1"/, '$1"feature-2"');
    expect(forked).not.toBe(config);
    ws.writeFile("adopt.tf", forked);
    const refused = seen(await ws.plan({ check: false }));
    expect(refused.code).toBe(1);
    const flat = refused.stderr.replace(/\s+/g, " ");
    expect(flat).toContain(
      'input.db-password is held by the service and this change would reset it to its default; supply it in secret_parameters (see README "Secrets")',
    );
    expect(flat).toContain("input.admin-password is held by the service");
    expect(flat).toContain("db/replica/input.password is held by the service");
    expect(flat).not.toContain("db/input.password");

    // Supplying the variables discover declared is the only step: the bound password once, at the main parameter.
    const declared = fs.readFileSync(path.join(ws.dir, "adopt.tf"), "utf8");
    const variables = [...declared.matchAll(/variable "(\w+)"/g)].map((m) => m[1]).sort();
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
    ws.writeFile(
      "secrets.auto.tfvars",
      variables.map((v) => `${v} = "${supplied[v]}"`).join("\n") + "\n",
    );
    const reviewed = await planAndReview(ws);
    printed.push(reviewed.plan.stdout, reviewed.plan.stderr, reviewed.markdown, reviewed.stderr);
    seen(await ws.apply());
    const after = await values(ids.shop);
    expect(after).toEqual({ ...before.shop, "": { ...before.shop[""], "input.app-fork": "feature-2" } });
    expect(await values(ids.staged)).toEqual(before.staged);

    // No password anywhere terraform wrote or printed.
    const written = fs
      .readdirSync(ws.dir)
      .filter((f) => f !== "secrets.auto.tfvars" && fs.statSync(path.join(ws.dir, f)).isFile())
      .map((f) => fs.readFileSync(path.join(ws.dir, f), "utf8"));
    const show = seen(await ws.run(["show", "-json", "-no-color"]));
    for (const text of [...written, ...printed, show.stdout])
      for (const pw of Object.values(PASSWORDS)) expect(text).not.toContain(pw);
    for (const text of printed) expect(text).not.toContain("Provider produced inconsistent result");
  });
});
