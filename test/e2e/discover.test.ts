// `appmgmt discover --format typescript` with the cdktf CLI (issue 27 item 1): the constructs it writes,
// called in a stack, adopt the running instances on `cdktf deploy` ("3 imported, 0 added, 0 changed") and
// the service sees no launch, reconfigure, workflow or destroy; the next diff has no changes. An instance
// holding a password (issue 35) gets a TerraformVariable for it, never a literal: the password is in no
// file the deploy writes.
import * as fs from "node:fs";
import * as path from "node:path";
import { waitForInstance } from "../../src/client";
import type { LaunchRequest } from "../../src/client/types";
import { DEMO } from "../../src/simulator";
import { CdkCliSession, cdktfProject } from "../helpers/cdk-cli";
import { runDiscover } from "../helpers/discover";

let session: CdkCliSession;

beforeAll(async () => {
  session = await CdkCliSession.start();
});

afterAll(async () => {
  await session?.close();
});

const PASSWORD = "vault-pw-5e6f7a8b";

async function launch(request: LaunchRequest, app: string = DEMO.webshopApplicationId): Promise<string> {
  const { id } = await session.svc.client.launch(app, request);
  await waitForInstance(session.svc.client, id, { until: (s) => s.status === "Running", timeoutMs: 10_000 });
  return id;
}

test("a stack of the discovered constructs deploys as an import and changes nothing on the service", async () => {
  const ids = await Promise.all([
    launch({
      instanceName: "shop",
      parameters: { "input.db-size": "medium" },
      submodules: { db: { parameters: { "input.engine": "postgres-16" } } },
    }),
    launch({ instanceName: "3rd.shop", version: 1, parameters: { "input.app-fork": "feature-9" } }),
    vaultApp().then((app) =>
      launch({ instanceName: "vault", parameters: { "input.admin-password": PASSWORD } }, app),
    ),
  ]);
  const written = path.join(session.tmp, "adopted.ts");
  const discover = await runDiscover(session.svc.url, [
    "--environment",
    DEMO.defaultEnvironmentId,
    "--format",
    "typescript",
    "--out",
    written,
  ]);
  expect(discover.code).toBe(0);
  const module = fs.readFileSync(written, "utf8");
  expect(module).toContain(`adopted["i_3rd_shop"].importFrom(${JSON.stringify(ids[1])});`);
  expect(module).toContain('"input.admin-password": secret(scope, "vault_input_admin_password")');
  expect(module).not.toContain(PASSWORD);
  // The one edit: the packages are not installed in the throw-away folder, so the module imports them from here.
  fs.writeFileSync(
    written,
    module
      .replace('from "cdktf-provider-appmgmt"', `from ${JSON.stringify(path.join(cdktfProject.ROOT, "src"))}`)
      .replace('from "cdktf"', `from ${JSON.stringify(path.join(cdktfProject.ROOT, "node_modules/cdktf"))}`),
  );

  const dir = session.newProject("adopt", "test/e2e/fixtures/adopt-app.ts");
  const extra = { ADOPTED_MODULE: written };
  const before = session.svc.sim.stats.requestCount;
  const deploy = await session.runOk(dir, ["deploy", "--auto-approve"], extra);
  expect(deploy).toContain("Apply complete! Resources: 3 imported, 0 added, 0 changed, 0 destroyed.");
  const diff = await session.runOk(dir, ["diff"], extra);
  expect(diff).toMatch(/No changes/);

  const writes = session.svc.sim.stats
    .requestsSince(before)
    .filter((r) => r.method !== "GET" && !r.path.startsWith("/refreshToken"));
  expect(writes).toEqual([]);
  for (const id of ids) expect((await session.svc.client.getInstance(id)).status).toBe("Running");
  expect((await session.svc.client.getInstance(ids[2])).parameters["input.admin-password"]).toBe(PASSWORD);
  for (const text of [deploy, diff, ...filesUnder(dir)]) expect(text).not.toContain(PASSWORD);
}, 300_000);

/** An application whose one parameter is a password (the demo seed has none). */
async function vaultApp(): Promise<string> {
  const { client } = session.svc;
  const { id } = await client.createApplication(DEMO.organizationId, { name: "vault" });
  await client.uploadManifest(
    id,
    "application:\n  configuration:\n    input.admin-password: changeme\n  interfaces:\n    input:\n      admin-password: configuration(string)\n",
  );
  return id;
}

/** The text of every file under `dir` but node_modules and terraform's provider cache (cdktf.out, states). */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter(
      (f) =>
        !f.includes("node_modules") && !f.includes(".terraform/") && fs.statSync(path.join(dir, f)).isFile(),
    )
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
}
