// The TypeScript examples as a user copying them gets them (issue 39 item 5): the package `npm pack` makes,
// installed with cdktf, cdktn, constructs, ts-node and typescript into an empty project, its examples/ folder
// copied there, and each example run by its own cdktf.json (`npx ts-node main.ts`) through the real cdktf CLI or
// cdktn-cli and terraform, against the simulator over loopback: each step is checked on the service side.
// Nothing of the checkout is reachable from there: an example importing ../../src or needing
// scripts/register-ts.js fails.
//
// The examples are type-checked once, by the project's tsc against the installed package (what ts-node checks
// at each synth); the synths then run ts-node with TS_NODE_TRANSPILE_ONLY (set by this test, not by the
// examples: a user's synth keeps reporting type errors), which saves about 3 s of CPU per synth.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { lockHash } from "../../src/provider-package/provider-artifact";
import { DEMO } from "../../src/simulator";
import { CdkCliSession, cdktfProject } from "../helpers/cdk-cli";
import { packPackage, projectWithExamples } from "../helpers/packed-package";
import { expectSandboxOf } from "../helpers/sandbox-example";

const { node22 } = require("../../scripts/node22.js") as { node22(): { path: string } };

// Each test runs several CLI commands: on a loaded machine one takes half a minute, beyond jest's 120 s budget
// for a test.
jest.setTimeout(600_000);

/** What the README's cdktf and cdktn recipes install beside the package (one constructs both accept). */
const DEPENDENCIES = [
  "cdktf@0.21.0",
  "cdktn@0.24.0",
  "constructs@~10.7.2",
  "ts-node@^10.9.2",
  "typescript@~5.9.3",
];

let session: CdkCliSession;
let cdktnSession: CdkCliSession;
let svc: CdkCliSession["svc"];
let examples: string;

beforeAll(async () => {
  session = await CdkCliSession.start();
  svc = session.svc;
  const node = node22().path;
  cdktnSession = session.withCli({ cli: [node, cdktfProject.CDKTN], node });
  examples = projectWithExamples(path.join(session.tmp, "project"), packPackage(session.tmp), DEPENDENCIES);
}, 600_000);

afterAll(async () => {
  await session?.close();
});

/** ts-node strips the types: the first test type-checked every example. */
const TRANSPILE_ONLY = { TS_NODE_TRANSPILE_ONLY: "true" };

const example = (name: string) => path.join(examples, name);
const cdktfOk = (dir: string, args: string[], extra?: Record<string, string>) =>
  session.runOk(dir, args, { ...TRANSPILE_ONLY, ...extra });
const cdktnOk = (dir: string, args: string[], extra?: Record<string, string>) =>
  cdktnSession.runOk(dir, args, { ...TRANSPILE_ONLY, ...extra });
const instanceNamed = (environmentId: string, name: string) => session.instanceNamed(environmentId, name);
const synthesized = (dir: string, stack: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, "cdktf.out", "stacks", stack, "cdk.tf.json"), "utf8"));

test("the copied examples import the package by its name, their cdktf.json runs them with ts-node, and they type-check", () => {
  const apps = fs
    .readdirSync(examples, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"));
  expect(apps.length).toBeGreaterThanOrEqual(6);
  for (const app of apps) {
    const text = fs.readFileSync(path.join(examples, app), "utf8");
    expect(text).not.toMatch(/from "(\.\.\/)+src/);
    expect(text).toMatch(/from "cdktf-provider-appmgmt(\/cdktn)?";/);
    const config = JSON.parse(fs.readFileSync(path.join(examples, path.dirname(app), "cdktf.json"), "utf8"));
    expect(config.app).toBe("npx ts-node main.ts");
  }
  // Every example against the installed package's declarations, by examples/tsconfig.json as ts-node reads it.
  const tsc = spawnSync(path.join(examples, "..", "node_modules", ".bin", "tsc"), ["--noEmit", "-p", "."], {
    cwd: examples,
    encoding: "utf8",
  });
  expect({ status: tsc.status, output: tsc.stdout + tsc.stderr }).toEqual({ status: 0, output: "" });
});

describe("examples/quickstart with the cdktf CLI (steps run in order)", () => {
  let launchedId: string;
  const dir = () => example("quickstart");

  test("deploy launches the instance the stack describes", async () => {
    await cdktfOk(dir(), ["deploy", "--auto-approve"], { QUICKSTART_APP_FORK: "release-1" });
    const instance = await instanceNamed(DEMO.defaultEnvironmentId, "quickstart-webshop");
    launchedId = instance.id;
    expect(instance.status).toBe("Running");
    expect(instance.version).toBe(1);
    expect(instance.parameters).toEqual({ "input.app-fork": "release-1", "input.db-size": "medium" });
    // The bound submodule parameter follows its main parameter; the free one is as the stack set it.
    expect(instance.submodules.db.parameters).toEqual({
      "input.size": "medium",
      "input.engine": "postgres-16",
    });
  });

  test("diff after a parameter change shows an in-place update; deploy reconfigures the same instance", async () => {
    const diff = await cdktfOk(dir(), ["diff"], { QUICKSTART_APP_FORK: "release-2" });
    expect(diff).toMatch(/appmgmt_instance\.webshop \(webshop\/Default\) will be updated in-place/);
    expect(diff).toMatch(/~ "input\.app-fork" = "release-1" -> "release-2"/);
    expect(diff).toMatch(/Plan: 0 to add, 1 to change, 0 to destroy/);
    expect((await svc.client.getInstance(launchedId)).parameters["input.app-fork"]).toBe("release-1");

    await cdktfOk(dir(), ["deploy", "--auto-approve"], { QUICKSTART_APP_FORK: "release-2" });
    const instance = await svc.client.getInstance(launchedId);
    expect(instance.status).toBe("Running");
    expect(instance.parameters).toEqual({ "input.app-fork": "release-2", "input.db-size": "medium" });
    expect(instance.submodules.db.parameters["input.engine"]).toBe("postgres-16");
    const named = (await svc.client.listInstances(DEMO.defaultEnvironmentId)).filter(
      (i) => i.name === "quickstart-webshop",
    );
    expect(named.map((i) => i.id)).toEqual([launchedId]);
  });

  test("destroy destroys the instance on the service", async () => {
    await cdktfOk(dir(), ["destroy", "--auto-approve"], { QUICKSTART_APP_FORK: "release-2" });
    expect((await svc.client.getInstance(launchedId)).status).toBe("Destroyed");
  });

  test("the whole deploy / diff / deploy / destroy sequence made exactly one token call", () => {
    // Each cdktf command starts several provider processes; they share the session token through the
    // file cache, and the simulator's token lifetime outlasts this test.
    expect(svc.sim.stats.tokenCalls).toBe(1);
  });
});

test("examples/multi-environment: diff and deploy as its header says, no lock step on the public registry", async () => {
  const dir = example("multi-environment");
  const diff = await cdktfOk(dir, ["diff", "webshop-default"]);
  expect(diff).toMatch(/Plan: 1 to add, 0 to change, 0 to destroy/);
  expect(diff).not.toContain("registry.terraform.io/appmgmt");
  // The lock the provider construct wrote at synth, kept by terraform init.
  const lock = fs.readFileSync(
    path.join(dir, "cdktf.out", "stacks", "webshop-default", ".terraform.lock.hcl"),
    "utf8",
  );
  expect(lock).toContain(lockHash());

  await cdktfOk(dir, ["deploy", "*", "--auto-approve"]);
  const production = await instanceNamed(DEMO.defaultEnvironmentId, "webshop-default");
  const staging = await instanceNamed(DEMO.stagingEnvironmentId, "webshop-staging");
  expect([production.status, staging.status]).toEqual(["Running", "Running"]);
  expect(production.parameters).toEqual({ "input.app-fork": "release-1", "input.db-size": "large" });
  expect(staging.parameters).toEqual({ "input.app-fork": "main", "input.db-size": "small" });

  await cdktfOk(dir, ["destroy", "*", "--auto-approve"]);
  expect((await svc.client.getInstance(production.id)).status).toBe("Destroyed");
  expect((await svc.client.getInstance(staging.id)).status).toBe("Destroyed");
});

test("examples/sandboxes/typescript: deploy clones staging into the branch's sandbox and launches into it; diff shows no changes", async () => {
  const dir = example(path.join("sandboxes", "typescript"));
  const branch = { TF_VAR_branch: "feature-cdktf" };
  await cdktfOk(dir, ["deploy", "--auto-approve"], branch);
  await expectSandboxOf(svc, "feature-cdktf");
  const diff = await cdktfOk(dir, ["diff"], branch);
  expect(diff).toContain("No changes");
  expect(diff).not.toMatch(/Plan: \d+ to add/);
});

describe("examples/cdktn with cdktn-cli on Node 22 (steps run in order)", () => {
  let launchedId: string;
  const dir = () => example("cdktn");
  const cdktn = (args: string[], appFork: string) => cdktnOk(dir(), args, { CDKTN_APP_FORK: appFork });

  test("synth writes the stack with the appmgmt provider and the instance, built on cdktn", async () => {
    const output = await cdktn(["synth"], "release-1");
    expect(output).not.toMatch(/_resetResolveDiscoveredProviderFeatureUsage/);
    const stack = synthesized(dir(), "webshop-cdktn");
    expect(stack["//"].metadata.backend).toBe("local");
    expect(Object.keys(stack.terraform.required_providers)).toEqual(["appmgmt"]);
    expect(stack.resource.appmgmt_instance.webshop).toMatchObject({
      application_id: DEMO.webshopApplicationId,
      instance_name: "cdktn-webshop",
      parameters: { "input.app-fork": "release-1", "input.db-size": "large" },
      submodules: { db: { parameters: { "input.engine": "postgres-16" } } },
    });
  });

  test("deploy launches the instance on the service and reports its outputs", async () => {
    const output = await cdktn(["deploy", "--auto-approve"], "release-1");
    const instance = await instanceNamed(DEMO.defaultEnvironmentId, "cdktn-webshop");
    launchedId = instance.id;
    expect(instance.status).toBe("Running");
    expect(instance.parameters).toEqual({ "input.app-fork": "release-1", "input.db-size": "large" });
    expect(instance.submodules.db.parameters).toEqual({
      "input.size": "large",
      "input.engine": "postgres-16",
    });
    expect(output).toContain(`webshop_id = ${launchedId}`);
    expect(output).toContain("webshop_db_size = large");
  });

  test("diff after a parameter change plans an in-place update and changes nothing yet", async () => {
    const diff = await cdktn(["diff"], "release-2");
    expect(diff).toMatch(/appmgmt_instance\.webshop \(webshop\/Default\) will be updated in-place/);
    expect(diff).toMatch(/~ "input\.app-fork" = "release-1" -> "release-2"/);
    expect(diff).toMatch(/Plan: 0 to add, 1 to change, 0 to destroy/);
    expect((await svc.client.getInstance(launchedId)).parameters["input.app-fork"]).toBe("release-1");
  });

  test("destroy destroys the instance on the service", async () => {
    await cdktn(["destroy", "--auto-approve"], "release-1");
    expect((await svc.client.getInstance(launchedId)).status).toBe("Destroyed");
    const named = (await svc.client.listInstances(DEMO.defaultEnvironmentId)).filter(
      (i) => i.name === "cdktn-webshop",
    );
    expect(named.map((i) => i.id)).toEqual([launchedId]);
  });
});

// Their deploys need PostgreSQL: test/acceptance/pg-backend.test.ts and pipelines.test.ts run them.
describe("the shared-state examples synthesize from the package", () => {
  test("examples/pg-backend (cdktf): the pg backend without conn_str, and the three instances", async () => {
    const dir = example("pg-backend");
    await cdktfOk(dir, ["synth"]);
    const stack = synthesized(dir, "shared-state");
    expect(stack.terraform.backend.pg).toMatchObject({ schema_name: "terraform_remote_state" });
    expect(Object.keys(stack.resource.appmgmt_instance).sort()).toEqual(["shop-a", "shop-b", "shop-c"]);
  });

  test("examples/pipelines/cdktn-app (cdktn): the ephemeral variable fed into each instance's secret parameters", async () => {
    const dir = example(path.join("pipelines", "cdktn-app"));
    await cdktnOk(dir, ["synth"]);
    const stack = synthesized(dir, "shared-state");
    expect(stack.variable.app_fork).toMatchObject({ ephemeral: true, sensitive: true });
    expect(stack.resource.appmgmt_instance["shop-a"]).toMatchObject({
      secret_parameters: { "input.app-fork": "${var.app_fork}" },
      secret_parameters_version: 1,
    });
  });
});
