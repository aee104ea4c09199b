// Issue 30 item 6: `appmgmt review` shows appmgmt_environment changes: created by cloning which one (by
// name), properties and markers added, changed and removed, property types, the policies' change in words,
// forgotten on destroy; grouped when they change in the same way; counted in the summary line.
import { buildReview, policyViolations, renderMarkdown, renderText } from "../../../src/review";
import { planOf, resourceChange } from "../../helpers/plan-fixtures";

const STAGING = "5f0000000000000000000e02";
const SANDBOX = "5f0000000000000000000e0a";
const POLICIES = "policies:\n  - action: launch\n    parameter: destroy-after\n    value: 4h\n";

const env = (values: Record<string, unknown> = {}) => ({
  id: SANDBOX,
  organization_id: "5f0000000000000000000a01",
  name: "sandbox-pr-7",
  clone_from: STAGING,
  properties: { "db-host": "db.internal", replicas: "2" },
  property_types: { replicas: "int" },
  markers: ["sandbox", "team-a"],
  policies: POLICIES,
  default: false,
  ...values,
});

// the staging environment, known by name from an instance in it
const staging = resourceChange("appmgmt_instance.shop", ["no-op"], null, null);
staging.change.before = staging.change.after = { environment_id: STAGING, environment_name: "staging" };

test("a clone: from which environment, by name, and what it sets", () => {
  const r = buildReview(
    planOf([
      staging,
      resourceChange(
        "appmgmt_environment.sandbox",
        ["create"],
        null,
        { ...env(), id: null, default: null },
        {
          after_unknown: { id: true, default: true },
        },
      ),
    ]),
  );
  expect(r.environments).toEqual([
    {
      address: "appmgmt_environment.sandbox",
      name: "sandbox-pr-7",
      action: `create by cloning staging (${STAGING})`,
      changes: [
        'property db-host: "db.internal"',
        'property replicas: "2" (int)',
        "marker sandbox",
        "marker team-a",
        "policy action=launch, parameter=destroy-after, value 4h",
      ],
    },
  ]);
  expect(r.summary.environments).toBe(1);
  expect(r.otherChanges).toEqual([]);
});

test("an update: properties, types and markers added, changed and removed; the policies' change in words", () => {
  const before = env({
    properties: { "db-host": "db.internal", replicas: "2", region: "eu" },
    property_types: { replicas: "string" },
    markers: ["sandbox", "rogue"],
  });
  const after = env({
    properties: { "db-host": "db2.internal", replicas: "2", tier: "gold" },
    property_types: { replicas: "int" },
    markers: ["sandbox", "team-b"],
    policies:
      "policies:\n  - {action: launch, parameter: destroy-after, value: 8h}\n  - {action: launch, parameter: size, value: small}\n",
  });
  const r = buildReview(planOf([resourceChange("appmgmt_environment.sandbox", ["update"], before, after)]));
  expect(r.environments[0].action).toBe("update in place");
  expect(r.environments[0].changes).toEqual([
    'property db-host changed: "db.internal" → "db2.internal"',
    'property region removed (was "eu")',
    "property replicas type: string → int",
    'property tier added: "gold"',
    "marker team-b added",
    "marker rogue removed",
    "policy changed: action=launch, parameter=destroy-after: value 4h → 8h",
    "policy added: action=launch, parameter=size, value small",
  ]);
  const md = renderMarkdown(r);
  expect(md).toContain("Environments:");
  expect(md).toContain("- sandbox-pr-7 (appmgmt\\_environment.sandbox): update in place");
  expect(md).toContain("  - policy changed: action=launch, parameter=destroy-after: value 4h → 8h");
  expect(renderText(r)).toContain(
    "\nEnvironments:\n  sandbox-pr-7 (appmgmt_environment.sandbox): update in place\n",
  );
  expect(r.summary.environments).toBe(1);
  expect(md).toMatch(/\*\*0 to launch, .*, 1 environment change\*\*/);
});

test("policies removed, and the same policies written differently say nothing", () => {
  const reformatted = 'policies:\n- {action: launch, parameter: destroy-after, value: "4h"}\n';
  const removed = buildReview(
    planOf([
      resourceChange("appmgmt_environment.sandbox", ["update"], env(), env({ policies: "policies: []\n" })),
    ]),
  );
  expect(removed.environments[0].changes).toEqual([
    "policy removed: action=launch, parameter=destroy-after, value 4h",
  ]);
  const same = buildReview(
    planOf([
      resourceChange(
        "appmgmt_environment.sandbox",
        ["update"],
        env(),
        env({ policies: reformatted, markers: ["sandbox"] }),
      ),
    ]),
  );
  expect(same.environments[0].changes).toEqual(["marker team-a removed"]);
});

test("a destroy forgets it (the API cannot delete an environment), and no --fail-on policy counts it", () => {
  const r = buildReview(planOf([resourceChange("appmgmt_environment.sandbox", ["delete"], env(), null)]));
  expect(r.environments[0]).toMatchObject({
    action:
      "forget (removed from the state): it stays in the service with its properties, markers and policies (the API cannot delete an environment)",
    changes: [],
  });
  expect(r.summary.destroy).toBe(0);
  expect(policyViolations(r, ["replace", "destroy", "reset", "drift", "secret"])).toEqual([]);
});

test("environments changing in the same way share one entry; a clone of a new environment says so", () => {
  const change = (n: number) =>
    resourceChange(
      `appmgmt_environment.team_${n}`,
      ["update"],
      env({ name: `team-${n}` }),
      env({ name: `team-${n}`, markers: ["sandbox"] }),
    );
  const r = buildReview(
    planOf([
      change(1),
      change(2),
      resourceChange("appmgmt_environment.pr", ["create"], null, env({ id: null, clone_from: null }), {
        after_unknown: { id: true, clone_from: true },
      }),
    ]),
  );
  const text = renderText(r);
  expect(text).toContain(
    "\n  team-1 (appmgmt_environment.team_1), team-2 (appmgmt_environment.team_2): update in place\n    marker team-a removed\n",
  );
  expect(text).toContain("create by cloning an environment created in this apply");
  // the provider plans clone_from_name: the source is named though nothing else in the plan names it
  const named = buildReview(
    planOf([
      resourceChange("appmgmt_environment.pr", ["create"], null, env({ id: null, clone_from_name: "qa" }), {
        after_unknown: { id: true },
      }),
    ]),
  );
  expect(named.environments[0].action).toBe(`create by cloning qa (${STAGING})`);
  expect(r.summary.environments).toBe(3);
});

test("properties and markers changed outside terraform and set back by the plan: reverted, as an instance's values (issue 39 item 7)", () => {
  const drifted = { properties: { "db-host": "db.other", replicas: "2" }, markers: ["sandbox"] };
  const r = buildReview(
    planOf([resourceChange("appmgmt_environment.sandbox", ["update"], env(drifted), env())], {
      resource_drift: [resourceChange("appmgmt_environment.sandbox", ["update"], env(), env(drifted))],
    }),
  );
  expect(r.drift).toEqual([
    expect.objectContaining({
      address: "appmgmt_environment.sandbox",
      revertedByPlan: true,
      changes: [
        expect.objectContaining({ attribute: "markers", revertedByPlan: true }),
        expect.objectContaining({ attribute: "properties", revertedByPlan: true }),
      ],
    }),
  ]);
  expect(renderText(r)).toMatch(/properties\s+\{[^\n]*\}\s+→ \{[^\n]*\} \(reverted by this plan\)/);
  // a plan that keeps the drifted values does not revert them
  const kept = buildReview(
    planOf(
      [
        resourceChange(
          "appmgmt_environment.sandbox",
          ["update"],
          env(drifted),
          env({ ...drifted, name: "x" }),
        ),
      ],
      {
        resource_drift: [resourceChange("appmgmt_environment.sandbox", ["update"], env(), env(drifted))],
      },
    ),
  );
  expect(kept.drift[0].revertedByPlan).toBe(false);
});
