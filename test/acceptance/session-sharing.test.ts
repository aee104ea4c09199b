// One session for many jobs, with real terraform: eight pipeline jobs planning at once. Sharing one refresh
// token with separate token caches goes past the service's flood limit (more than 5 token requests in 60 s
// block the user), and terraform shows the cause and the fix; sharing one session token minted by
// `appmgmt session create` makes no token request at all, and every plan succeeds. The simulator counts
// the token calls.
import { execFile } from "node:child_process";
import * as path from "node:path";
import { promisify } from "node:util";
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { PROVIDER_HCL, TerraformWorkspace, describeRun, type TerraformRun } from "../helpers/terraform";

const JOBS = 8;
const BIN = path.resolve(__dirname, "../../bin/appmgmt.js");

/** A plan that must call the service: it reads the organizations. */
const MAIN_TF = `${PROVIDER_HCL}
data "appmgmt_organizations" "all" {}

output "organizations" {
  value = length(data.appmgmt_organizations.all.organizations)
}
`;

/** Terraform's diagnostic box flattened to one line, so matches ignore its line wrapping. */
const flat = (run: TerraformRun) => `${run.stdout}\n${run.stderr}`.replace(/\s*\n[│╷╵]?\s*/g, " ");

describe("one session for many jobs", () => {
  const ctx = useTerraformAgainstSimulator();
  const jobs: TerraformWorkspace[] = [];
  afterAll(() => jobs.forEach((ws) => ws.remove()));

  /** Eight workspaces (each with its own token cache), initialised one after the other. */
  async function eightJobs(env: Record<string, string>): Promise<TerraformWorkspace[]> {
    const created = Array.from({ length: JOBS }, () =>
      TerraformWorkspace.create({ provider: ctx.provider, env }),
    );
    jobs.push(...created);
    for (const ws of created) {
      ws.writeMain(MAIN_TF);
      await ws.init();
    }
    return created;
  }

  const tokenCalls = () => ctx.svc.sim.stats.tokenCallsByUser[DEMO.email] ?? 0;

  // First: the flood test below leaves the demo user blocked for 5 minutes.
  test("eight plans sharing a session token from `appmgmt session create` make zero token calls and all succeed", async () => {
    const minted = await promisify(execFile)(process.execPath, [BIN, "session", "create"], {
      env: {
        PATH: process.env.PATH,
        APPMGMT_BASE_URL: ctx.svc.url,
        APPMGMT_REFRESH_TOKEN: DEMO.refreshToken,
      },
    });
    const sessionToken = minted.stdout.trim();
    const workspaces = await eightJobs({
      APPMGMT_BASE_URL: ctx.svc.url,
      APPMGMT_SESSION_TOKEN: sessionToken,
    });

    const before = tokenCalls();
    const runs = await Promise.all(workspaces.map((ws) => ws.plan({ check: false })));
    for (const run of runs) {
      // -detailed-exitcode: 2 = changes (the new output), 1 = error
      expect({ code: run.code, run: describeRun(run) }).toMatchObject({ code: 2 });
      expect(run.stdout).toContain("organizations = 1");
      expect(`${run.stdout}${run.stderr}`).not.toContain(sessionToken);
    }
    expect(tokenCalls() - before).toBe(0);
  });

  test("eight plans with one refresh token and separate token caches go past the flood limit and say what to do", async () => {
    const workspaces = await eightJobs(ctx.svc.env);
    const before = tokenCalls();
    const runs = await Promise.all(workspaces.map((ws) => ws.plan({ check: false })));

    expect(tokenCalls() - before).toBeGreaterThan(5);
    const failed = runs.filter((r) => r.code === 1);
    // At most five token requests were granted before the block, so at least three jobs were refused.
    expect(failed.length).toBeGreaterThanOrEqual(3);
    expect(runs.filter((r) => r.code !== 1 && r.code !== 2)).toEqual([]);
    for (const run of failed) {
      const out = flat(run);
      expect({ out, run: describeRun(run) }).toMatchObject({
        out: expect.stringMatching(
          /blocked the user after too many session token requests \(more than 5 within 60 s.*Wait up to 5 minutes for the block to end; then share one session token between the jobs: mint it once with `appmgmt session create` and give it to each job as session_token \(APPMGMT_SESSION_TOKEN\)/,
        ),
      });
      expect(out).not.toContain(DEMO.refreshToken);
    }
  });
});
