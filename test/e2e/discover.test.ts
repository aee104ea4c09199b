// `appmgmt discover --format typescript` with the cdktf CLI (issue 27 item 1): the constructs it writes,
// called in a stack, adopt the running instances on `cdktf deploy` ("2 imported, 0 added, 0 changed") and
// the service sees no launch, reconfigure, workflow or destroy; the next diff has no changes.
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

async function launch(request: LaunchRequest): Promise<string> {
  const { id } = await session.svc.client.launch(DEMO.webshopApplicationId, request);
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
  // The one edit: the package is not installed in the throw-away project, so the module imports the sources.
  fs.writeFileSync(
    written,
    module.replace(
      'from "cdktf-provider-appmgmt"',
      `from ${JSON.stringify(path.join(cdktfProject.ROOT, "src"))}`,
    ),
  );

  const dir = session.newProject("adopt", "test/e2e/fixtures/adopt-app.ts");
  const extra = { ADOPTED_MODULE: written };
  const before = session.svc.sim.stats.requestCount;
  const deploy = await session.runOk(dir, ["deploy", "--auto-approve"], extra);
  expect(deploy).toContain("Apply complete! Resources: 2 imported, 0 added, 0 changed, 0 destroyed.");
  const diff = await session.runOk(dir, ["diff"], extra);
  expect(diff).toMatch(/No changes/);

  const writes = session.svc.sim.stats
    .requestsSince(before)
    .filter((r) => r.method !== "GET" && !r.path.startsWith("/refreshToken"));
  expect(writes).toEqual([]);
  for (const id of ids) expect((await session.svc.client.getInstance(id)).status).toBe("Running");
});
