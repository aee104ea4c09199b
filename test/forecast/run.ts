// Runs the plan-forecast property against one simulator in one terraform working directory, cases batched as
// separate resources of one configuration per round: (1) each case's applications created through the API,
// its `before` applied by terraform (or, for an adoption, launched outside it); (2) every case's `after`
// (adoptions with an import block) planned, the plan reviewed by `appmgmt review --format json`, applied; then
// every value of every instance and submodule compared with what the plan and the review said. A case whose
// plan terraform refuses is put back to `before` and planned again without it: it must change nothing.
// Used by test/acceptance/plan-forecast.test.ts (a few cases) and bench/plan-forecast.js (the full run).
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { waitForInstance } from "../../src/client";
import { DEMO } from "../../src/simulator";
import type { PlanJson } from "../../src/review/plan-json";
import type { Review } from "../../src/review/types";
import { APPMGMT_CLI } from "../helpers/review";
import type { TestSimulator } from "../helpers/simulator";
import { describeRun, PROVIDER_HCL, type TerraformWorkspace } from "../helpers/terraform";
import {
  CHANGE_CLASSES,
  generateCase,
  instanceHcl,
  launchBody,
  manifestOf,
  type Case,
  type InstanceConfig,
} from "./estate";
import { forecast, mismatches, snapshotOf, unchangedReview, type Snapshot } from "./oracle";

export interface CaseResult {
  c: Case;
  /** The plan refused the change (its error), so the case was planned as `before`. */
  refused?: string;
  /** What went wrong: values the forecast missed, an apply error; empty when the case held. */
  problems: string[];
  /** The case as a terraform configuration, to replay it. */
  hcl: string;
}

interface Family {
  ids: string[];
  manifests: { v1: string; v2: string };
  instanceId?: string;
}

const address = (c: Case) => `appmgmt_instance.${c.name}`;

/** Creates the case's applications bottom up (replica, db, top with versions 1 and 2). */
async function createFamily(svc: TestSimulator, c: Case): Promise<Family> {
  const ids = ["", "", ""];
  for (const level of [2, 1, 0]) {
    const { id } = await svc.client.createApplication(DEMO.organizationId, { name: `${c.name}-${level}` });
    ids[level] = id;
    await svc.client.uploadManifest(id, manifestOf(c.levels, level, ids, 1));
  }
  await svc.client.uploadManifest(ids[0], manifestOf(c.levels, 0, ids, 2));
  return {
    ids,
    manifests: { v1: manifestOf(c.levels, 0, ids, 1), v2: manifestOf(c.levels, 0, ids, 2) },
  };
}

const manifestFile = (c: Case, version: number) => `${c.name}-v${version}.yaml`;

function resourceHcl(c: Case, family: Family, config: InstanceConfig): string {
  return instanceHcl(
    c,
    config,
    family.ids[0],
    `file("\${path.module}/${manifestFile(c, config.manifestVersion)}")`,
  );
}

/** The case as one self-contained configuration: its applications' manifests, then `before` and `after`. */
function replayHcl(c: Case, family: Family, seed: number): string {
  const heredoc = (text: string) => `<<-EOT\n${text.replace(/^/gm, "    ")}  EOT`;
  const subs = [2, 1]
    .map(
      (l) =>
        `# application ${family.ids[l]} (${c.levels[l].key}), manifest version 1:\n${manifestOf(c.levels, l, family.ids, 1).replace(/^/gm, "#   ")}`,
    )
    .join("\n");
  return (
    `# plan-forecast case ${c.index} of --seed ${seed}: ${c.change}${c.adoption ? ", adopted first" : ""}\n` +
    `${subs}\n# top application ${family.ids[0]}: versions 1 and 2 as in the manifests below\n\n` +
    `# step 1 (${c.adoption ? "launched outside terraform, then imported" : "terraform apply"}):\n` +
    instanceHcl(
      c,
      c.before,
      family.ids[0],
      heredoc(c.before.manifestVersion === 1 ? family.manifests.v1 : family.manifests.v2),
    ) +
    `\n# step 2 (terraform plan, appmgmt review, terraform apply):\n` +
    instanceHcl(
      c,
      c.after,
      family.ids[0],
      heredoc(c.after.manifestVersion === 1 ? family.manifests.v1 : family.manifests.v2),
    )
  );
}

/** The addresses terraform names in the errors of a failed command. */
function erroredAddresses(run: { stdout: string; stderr: string }): Map<string, string> {
  const out = new Map<string, string>();
  for (const block of `${run.stdout}\n${run.stderr}`.split(/\n(?=Error: )/)) {
    const m = /(?:with|When applying changes to) (appmgmt_instance\.[\w-]+)/.exec(block);
    if (block.startsWith("Error: ") && m && !out.has(m[1])) out.set(m[1], block.split("\n")[0].slice(7));
  }
  return out;
}

async function snapshots(svc: TestSimulator, ids: (string | undefined)[]): Promise<(Snapshot | undefined)[]> {
  return Promise.all(ids.map(async (id) => (id ? snapshotOf(await svc.client.getInstance(id)) : undefined)));
}

export interface RunOptions {
  seed: number;
  /** Case indexes to run (e.g. 0..199). */
  cases: number[];
  /** Cases per round (one configuration each). */
  batch: number;
  log?: (line: string) => void;
}

/** Runs the cases; resolves one result per case, in order. */
export async function runForecast(
  svc: TestSimulator,
  tf: TerraformWorkspace,
  opts: RunOptions,
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  let initialised = false;
  for (let from = 0; from < opts.cases.length; from += opts.batch) {
    const cases = opts.cases.slice(from, from + opts.batch).map((i) => generateCase(opts.seed, i));
    if (!initialised) {
      tf.writeMain(PROVIDER_HCL);
      await tf.init();
      initialised = true;
    }
    // Each round starts from an empty state: the instances of rounds before stay on the service, unmanaged.
    for (const f of ["terraform.tfstate", "terraform.tfstate.backup"])
      fs.rmSync(path.join(tf.dir, f), { force: true });
    results.push(...(await runRound(svc, tf, opts, cases)));
    opts.log?.(
      `round of cases ${cases[0].index}..${cases[cases.length - 1].index}: ${results.filter((r) => r.problems.length === 0).length}/${results.length} held so far`,
    );
  }
  return results;
}

async function runRound(
  svc: TestSimulator,
  tf: TerraformWorkspace,
  opts: RunOptions,
  cases: Case[],
): Promise<CaseResult[]> {
  const families = await Promise.all(cases.map((c) => createFamily(svc, c)));
  cases.forEach((c, i) => {
    tf.writeFile(manifestFile(c, 1), families[i].manifests.v1);
    tf.writeFile(manifestFile(c, 2), families[i].manifests.v2);
  });
  const results: CaseResult[] = cases.map((c, i) => ({
    c,
    problems: [],
    hcl: replayHcl(c, families[i], opts.seed),
  }));
  await setUpEstate(svc, tf, cases, families, results);

  // Step 2: the change, planned (without the cases the plan refuses), reviewed, applied.
  const live = cases.map((_, i) => results[i].problems.length === 0 && families[i].instanceId !== undefined);
  const liveIds = families.map((f, i) => (live[i] ? f.instanceId : undefined));
  const before = await snapshots(svc, liveIds);
  const refused = await planChanges(tf, cases, families, live);
  const { plan, review } = await reviewPlan(tf);
  const applied = await tf.run(["apply", "-input=false", "-no-color", "tfplan"]);
  const applyErrors = erroredAddresses(applied);
  if (applied.code !== 0 && applyErrors.size === 0)
    throw new Error(`the apply failed\n${describeRun(applied)}`);
  const after = await snapshots(svc, liveIds);

  cases.forEach((c, i) => {
    if (!live[i]) return;
    const r = results[i];
    r.refused = refused.get(i);
    const why = applyErrors.get(address(c));
    if (why) r.problems.push(`step 2 (apply) failed: ${why}`);
    const change = plan.resource_changes?.find((x) => x.address === address(c))?.change;
    const expected = r.refused
      ? forecast(c, before[i]!, c.before, undefined, undefined)
      : forecast(
          c,
          before[i]!,
          c.after,
          change,
          review.instances.find((x) => x.address === address(c)) ?? unchangedReview(address(c)),
        );
    r.problems.push(...mismatches(expected, after[i]!, secretLabel(c)));
  });
  return results;
}

/** Step 1: adoption cases launched outside terraform, the others applied by terraform; ids into `families`. */
async function setUpEstate(
  svc: TestSimulator,
  tf: TerraformWorkspace,
  cases: Case[],
  families: Family[],
  results: CaseResult[],
): Promise<void> {
  await Promise.all(
    cases.map(async (c, i) => {
      if (!c.adoption) return;
      const { id } = await svc.client.launch(families[i].ids[0], launchBody(c.before, c.name));
      await waitForInstance(svc.client, id, { until: (s) => s.status === "Running", timeoutMs: 60_000 });
      families[i].instanceId = id;
    }),
  );
  const managed = cases.map((c, i) => (c.adoption ? "" : resourceHcl(c, families[i], c.before)));
  tf.writeMain(`${PROVIDER_HCL}\n${managed.join("\n")}`);
  const setUp = await tf.apply({ check: false });
  const errors = erroredAddresses(setUp);
  if (setUp.code !== 0 && errors.size === 0)
    throw new Error(`setting up the estate failed\n${describeRun(setUp)}`);
  for (const s of await tf.state()) {
    const i = cases.findIndex((c) => address(c) === s.address);
    if (i >= 0) families[i].instanceId = s.values.id as string;
  }
  cases.forEach((c, i) => {
    const why = errors.get(address(c));
    if (why) results[i].problems.push(`step 1 (before) failed: ${why}`);
  });
}

/**
 * Writes every live case's change (an adoption with its import block) and plans it into tfplan; a case whose
 * plan terraform refuses goes back to its `before` (an adoption: not imported) and the rest is planned again.
 * Resolves the refused cases by index, with terraform's error.
 */
async function planChanges(
  tf: TerraformWorkspace,
  cases: Case[],
  families: Family[],
  live: boolean[],
): Promise<Map<number, string>> {
  const refused = new Map<number, string>();
  for (;;) {
    const blocks = cases.map((c, i) => {
      if (!live[i]) return "";
      if (refused.has(i)) return c.adoption ? "" : resourceHcl(c, families[i], c.before);
      const importBlock = c.adoption
        ? `import {\n  to = ${address(c)}\n  id = "${families[i].instanceId}"\n}\n`
        : "";
      return importBlock + resourceHcl(c, families[i], c.after);
    });
    tf.writeMain(`${PROVIDER_HCL}\n${blocks.join("\n")}`);
    const plan = await tf.run(["plan", "-input=false", "-no-color", "-out=tfplan"]);
    if (plan.code === 0) return refused;
    const errors = erroredAddresses(plan);
    const newly = cases.flatMap((c, i) => (errors.has(address(c)) && !refused.has(i) ? [i] : []));
    if (newly.length === 0) throw new Error(`the plan failed for no case it names\n${describeRun(plan)}`);
    for (const i of newly) refused.set(i, errors.get(address(cases[i]))!);
  }
}

/** tfplan as JSON, and `appmgmt review --format json` of it, as a pipeline runs it. */
async function reviewPlan(tf: TerraformWorkspace): Promise<{ plan: PlanJson; review: Review }> {
  const show = await tf.run(["show", "-json", "tfplan"]);
  if (show.code !== 0) throw new Error(describeRun(show));
  tf.writeFile("plan.json", show.stdout);
  const reviewed = spawnSync(
    process.execPath,
    [APPMGMT_CLI, "review", "--format", "json", path.join(tf.dir, "plan.json")],
    { encoding: "utf8" },
  );
  if (reviewed.status !== 0) throw new Error(`appmgmt review failed: ${reviewed.stderr}`);
  return { plan: JSON.parse(show.stdout) as PlanJson, review: JSON.parse(reviewed.stdout) as Review };
}

/** Held / failed per change class (an adoption counted in its class and under "adopted first"). */
export function summarise(results: CaseResult[]): string {
  const rows = [...CHANGE_CLASSES, "adopted first", "refused by the plan"].map((label) => {
    const of = results.filter((r) =>
      label === "adopted first"
        ? r.c.adoption
        : label === "refused by the plan"
          ? r.refused
          : r.c.change === label,
    );
    const failed = of.filter((r) => r.problems.length > 0);
    return (
      `${label.padEnd(20)} ${String(of.length - failed.length).padStart(4)} held ${String(failed.length).padStart(4)} failed` +
      (failed.length ? `  (cases ${failed.map((r) => r.c.index).join(", ")})` : "")
    );
  });
  return rows.join("\n");
}

/** Names a secret's value by where it came from, so no output holds one (the bound db password included). */
function secretLabel(c: Case): (key: string, value: string) => string | undefined {
  const secrets = c.levels.flatMap((l) =>
    l.pins.filter((p) => p.secret).map((p) => ({ key: `${l.key}|input.${p.name}`, p })),
  );
  return (key, value) => {
    if (!secrets.some((s) => s.key === key)) return undefined;
    const supplied = [c.before, c.after].flatMap((cfg, step) =>
      Object.entries(cfg.secrets)
        .filter(([, v]) => v === value)
        .map(() => `the secret supplied at step ${step + 1}`),
    );
    if (supplied.length > 0) return supplied[supplied.length - 1];
    if (c.levels.some((l) => l.pins.some((p) => p.secret && p.defaults.includes(value))))
      return "a manifest default";
    return value === "" ? "an empty secret" : "another secret value";
  };
}
