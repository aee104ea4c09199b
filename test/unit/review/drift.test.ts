// Drift in the review (issue 28 item 1): the plan's resource_drift as its own section, naming each value
// changed outside terraform, marked when the planned change reverts it; `--fail-on drift` gates on it.
import {
  buildReview,
  parsePlanJson,
  policyViolations,
  renderMarkdown,
  renderText,
  type ResourceChange,
} from "../../../src/review";
import { DEMO_MANIFESTS } from "../../../src/simulator";

const state = (appFork: string, dbSize: string, engine: string) => ({
  application_id: "5f0000000000000000000a11",
  instance_name: "shop-1",
  environment_id: "5f0000000000000000000e01",
  revision_id: null,
  manifest_version: 1,
  manifest: null,
  parameters: { "input.app-fork": appFork },
  submodules: null,
  timeouts: null,
  status: "Running",
  effective_parameters: { "input.app-fork": appFork, "input.db-size": dbSize },
  effective_submodules: { db: { parameters: { "input.engine": engine } } },
  return_values: {},
});

const change = (actions: string[], before: unknown, after: unknown, extra = {}): ResourceChange => ({
  address: "appmgmt_instance.shop",
  mode: "managed",
  type: "appmgmt_instance",
  name: "shop",
  change: { actions, before, after, ...extra },
});

function review(drift: ResourceChange[], changes: ResourceChange[]) {
  return buildReview(
    parsePlanJson(
      JSON.stringify({
        format_version: "1.2",
        terraform_version: "1.11.4",
        resource_drift: drift,
        resource_changes: changes,
      }),
    ),
  );
}

// someone set app-fork, db-size and the db engine by hand
const inState = state("main", "small", "postgres-15");
const refreshed = state("hotfix", "large", "postgres-16");
const drifted = change(["update"], inState, refreshed);

test("a refresh-only plan: every value changed outside terraform is named, nothing reverts it", () => {
  const r = review([drifted], [change(["no-op"], refreshed, refreshed)]);
  expect(r.summary.drift).toBe(1);
  expect(r.instances).toEqual([]);
  expect(r.drift).toEqual([
    {
      address: "appmgmt_instance.shop",
      instanceName: "shop-1",
      gone: false,
      revertedByPlan: false,
      changes: [
        {
          attribute: 'parameters["input.app-fork"]',
          before: { kind: "value", value: "main" },
          after: { kind: "value", value: "hotfix" },
          revertedByPlan: false,
        },
        {
          attribute: 'effective_parameters["input.db-size"]',
          before: { kind: "value", value: "small" },
          after: { kind: "value", value: "large" },
          revertedByPlan: false,
        },
        {
          attribute: 'effective_submodules["db"].parameters["input.engine"]',
          before: { kind: "value", value: "postgres-15" },
          after: { kind: "value", value: "postgres-16" },
          revertedByPlan: false,
        },
      ],
    },
  ]);
  const md = renderMarkdown(r);
  expect(md).toContain("1 changed outside terraform");
  expect(md).toContain("Changed outside terraform");
  expect(md).toContain('| `effective_parameters["input.db-size"]` | `small` | `large` | kept |');
  expect(renderText(r)).toMatch(/parameters\["input\.app-fork"\]\s+main\s+→ hotfix \(kept\)/);
  expect(policyViolations(r, ["drift"])).toEqual([
    {
      policy: "drift",
      address: "appmgmt_instance.shop",
      instanceName: "shop-1",
      why:
        'changed outside terraform: parameters["input.app-fork"], effective_parameters["input.db-size"], ' +
        'effective_submodules["db"].parameters["input.engine"]',
    },
  ]);
  expect(policyViolations(review([], []), ["drift"])).toEqual([]);
});

test("a normal plan that sets a drifted value back is marked as reverting it", () => {
  const planned = { ...refreshed, parameters: { "input.app-fork": "main" }, status: null };
  const reconfigure = change(["update"], refreshed, planned, {
    after_unknown: {
      status: true,
      effective_parameters: true,
      effective_submodules: true,
      return_values: true,
    },
  });
  const r = review([drifted], [reconfigure]);
  const [d] = r.drift;
  expect(d.revertedByPlan).toBe(true);
  expect(d.changes.map((c) => [c.attribute, c.revertedByPlan])).toEqual([
    ['parameters["input.app-fork"]', true],
    ['effective_parameters["input.db-size"]', false],
    ['effective_submodules["db"].parameters["input.engine"]', false],
  ]);
  expect(r.instances[0].action).toBe("reconfigure in place, reverting changes made outside terraform");
  expect(renderMarkdown(r)).toContain('| `parameters["input.app-fork"]` | `hotfix` | `main` |');
  expect(policyViolations(r, ["drift"])[0].why).toContain(
    'parameters["input.app-fork"] (this plan reverts it)',
  );
});

test("an instance deleted outside terraform, launched again by the plan", () => {
  const r = review([change(["delete"], inState, null)], [change(["create"], null, inState)]);
  expect(r.drift).toEqual([
    {
      address: "appmgmt_instance.shop",
      instanceName: "shop-1",
      gone: true,
      revertedByPlan: true,
      changes: [],
    },
  ]);
  expect(renderText(r)).toContain("deleted outside terraform; this plan launches it again");
});

test("return values a workflow run wrote (terraform's own appmgmt_instance_workflow) are not drift", () => {
  const ran = {
    ...inState,
    return_values: { url: "u", "backup.result": "Succeeded" },
    environment_name: "default",
  };
  const r = review([change(["update"], inState, ran)], [change(["no-op"], ran, ran)]);
  expect(r.drift).toEqual([]);
  expect(policyViolations(r, ["drift"])).toEqual([]);
});

test("a drifted value the reconfigure resets to its default, or may reset, is not shown as kept", () => {
  // the manifest is known (its defaults: db-size "small"); the db engine's default is in the submodule's manifest
  const withManifest = (s: ReturnType<typeof state>) => ({ ...s, manifest: DEMO_MANIFESTS.webshop[1] });
  const before = withManifest(state("main", "small", "postgres-15"));
  const now = withManifest(state("main", "large", "postgres-16"));
  const planned = { ...now, parameters: { "input.app-fork": "two" }, status: null };
  const reconfigure = change(["update"], now, planned, {
    after_unknown: {
      status: true,
      effective_parameters: true,
      effective_submodules: true,
      return_values: true,
    },
  });
  const r = review([change(["update"], before, now)], [reconfigure]);
  expect(r.instances[0].resets.map((x) => x.attribute)).toEqual(['parameters["input.db-size"]']);
  expect(r.drift[0].changes.map((c) => [c.attribute, c.revertedByPlan, c.resetByPlan])).toEqual([
    ['effective_parameters["input.db-size"]', true, "certain"],
    ['effective_submodules["db"].parameters["input.engine"]', false, "possible"],
  ]);
  expect(r.instances[0].action).toBe("reconfigure in place, reverting changes made outside terraform");
  const md = renderMarkdown(r);
  expect(md).toContain(
    '| `effective_parameters["input.db-size"]` | `small` | `large` | reset to its default by this plan |',
  );
  expect(md).toContain(
    '| `effective_submodules["db"].parameters["input.engine"]` | `postgres-15` | `postgres-16` | may be reset by this plan |',
  );
  expect(md).not.toContain("| kept |");
  expect(renderText(r)).toContain("(may be reset by this plan)");
});

test("a drifted submodule value bound to a parameter the plan resets or changes follows it, not kept", () => {
  // db's input.size is bound to input.db-size: it was set to large with it, by hand
  const withManifest = (s: ReturnType<typeof state>, size: string) => ({
    ...s,
    manifest: DEMO_MANIFESTS.webshop[1],
    effective_submodules: { db: { parameters: { "input.engine": "postgres-15", "input.size": size } } },
  });
  const before = withManifest(state("main", "small", "postgres-15"), "small");
  const now = withManifest(state("main", "large", "postgres-15"), "large");
  const unknowns = {
    status: true,
    effective_parameters: true,
    effective_submodules: true,
    return_values: true,
  };
  const resetting = change(
    ["update"],
    now,
    { ...now, parameters: { "input.app-fork": "two" } },
    {
      after_unknown: unknowns,
    },
  );
  const r = review([change(["update"], before, now)], [resetting]);
  expect(r.drift[0].changes.map((c) => [c.attribute, c.follows])).toEqual([
    ['effective_parameters["input.db-size"]', undefined],
    [
      'effective_submodules["db"].parameters["input.size"]',
      { attribute: 'parameters["input.db-size"]', by: "reset" },
    ],
  ]);
  expect(renderMarkdown(r)).toContain(
    '| `effective_submodules["db"].parameters["input.size"]` | `small` | `large` | follows parameters\\["input.db-size"\\], which this plan resets |',
  );
  // the configuration now sets db-size: the bound value follows that change
  const setting = change(
    ["update"],
    now,
    { ...now, parameters: { "input.app-fork": "main", "input.db-size": "medium" } },
    { after_unknown: unknowns },
  );
  const s = review([change(["update"], before, now)], [setting]);
  expect(s.drift[0].changes.find((c) => c.attribute.includes("input.size"))?.follows).toEqual({
    attribute: 'parameters["input.db-size"]',
    by: "change",
  });
  expect(renderText(s)).toContain('(follows parameters["input.db-size"], which this plan changes)');
  // db-size itself: set by the plan to another value than the state's, so not kept either
  expect(renderText(s)).toContain("large (changed by this plan)");
});
