// One rule, one answer (issue 26 item 2, issue 28 items 2-3): for each case the provider's plan and
// `appmgmt review` of that plan say the same thing about whether the change reaches the service and which
// values it resets for certain or may reset. Each case runs the provider's PlanResourceChange, turns its
// planned state into the plan JSON terraform would show, reviews it, and requires both answers to equal
// the expected one.
import type { InstanceStatus } from "../../../src/client/types";
import { withRestatedDefaults } from "../../../src/manifest";
import { createProvider } from "../../../src/provider";
import { reviewInstance, type ResourceChange } from "../../../src/review";
import { DEMO_MANIFESTS } from "../../../src/simulator";
import { isUnknown, UNKNOWN, type Value, type ValueObject } from "../../../src/terraform-model";
import { NESTED_STATUS, stackManifest } from "../../helpers/nested-apps";
import {
  APP,
  CHANGED_BY_HAND,
  REV,
  WEBSHOP_MANIFEST,
  instance,
  obj,
  stateOf,
  status,
} from "../provider/fakes";

const provider = createProvider({ env: {} });

interface Answer {
  reachesService: boolean;
  resets: string[];
  possible: string[];
}

/** The provider's PlanResourceChange of an update, with the proposed state terraform would send. */
function planOf(prior: ValueObject, config: ValueObject, priorPrivate = Buffer.alloc(0)) {
  const proposed: ValueObject = { ...config };
  for (const a of ["id", "status", "effective_parameters", "effective_submodules", "return_values"])
    proposed[a] = prior[a];
  for (const a of ["instance_name", "environment_id", "manifest_version"])
    if (config[a] === null) proposed[a] = prior[a];
  return provider.planResourceChange({
    typeName: "appmgmt_instance",
    priorState: prior,
    proposedNewState: proposed,
    config,
    priorPrivate,
  });
}

/** The provider's answer: outputs unknown when the reconfigure is sent; the values its warnings name. */
async function planAnswer(prior: ValueObject, config: ValueObject, priorPrivate?: Buffer) {
  const res = await planOf(prior, config, priorPrivate);
  expect(res.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const planned = obj(res.plannedState);
  const text = res.diagnostics.map((d) => `${d.summary}\n${d.detail}`).join("\n");
  const answer: Answer = {
    reachesService: isUnknown(planned.status),
    resets: [...text.matchAll(/^((?:submodules\["[^"]+"\]\.)?parameters\["[^"]+"\]) will be reset/gm)]
      .map((m) => m[1])
      .sort(),
    possible: [...text.matchAll(/^\s+((?:submodules\["[^"]+"\]\.)?parameters\["[^"]+"\]) = "/gm)]
      .map((m) => m[1])
      .sort(),
  };
  return { answer, planned, text };
}

/** A value as terraform's plan JSON shows it: unknowns null, flagged in the after_unknown mask. */
function toPlanJson(v: Value): { value: unknown; unknown: unknown } {
  if (isUnknown(v)) return { value: null, unknown: true };
  if (v === null || typeof v !== "object" || Array.isArray(v)) return { value: v, unknown: false };
  const value: Record<string, unknown> = {};
  const unknown: Record<string, unknown> = {};
  for (const [k, e] of Object.entries(v as ValueObject)) {
    const j = toPlanJson(e);
    value[k] = j.value;
    if (j.unknown !== false) unknown[k] = j.unknown;
  }
  return { value, unknown };
}

/** The plan JSON's `after`: write-only attributes (the secrets' values) are null there, as terraform shows them. */
function planJsonAfter(planned: ValueObject) {
  const submodules = planned.submodules;
  const withoutSecrets: ValueObject = {
    ...planned,
    secret_parameters: null,
    submodules:
      submodules === null || isUnknown(submodules)
        ? submodules
        : Object.fromEntries(
            Object.entries(obj(submodules)).map(([k, v]) => [
              k,
              isUnknown(v) ? v : { ...obj(v), secret_parameters: null },
            ]),
          ),
  };
  return toPlanJson(withoutSecrets);
}

function reviewOf(prior: ValueObject, planned: ValueObject) {
  const after = planJsonAfter(planned);
  const rc: ResourceChange = {
    address: "appmgmt_instance.shop",
    mode: "managed",
    type: "appmgmt_instance",
    name: "shop",
    change: { actions: ["update"], before: prior, after: after.value, after_unknown: after.unknown },
  };
  return reviewInstance(rc)!;
}

function reviewAnswer(prior: ValueObject, planned: ValueObject): Answer {
  const review = reviewOf(prior, planned);
  return {
    reachesService: review.kind === "reconfigure",
    resets: review.resets.map((r) => r.attribute).sort(),
    possible: review.possibleResets.map((p) => p.attribute).sort(),
  };
}

const sub = (parameters: Record<string, string> | null, manifestVersion: number | null = null) => ({
  revision_id: null,
  manifest_version: manifestVersion,
  parameters,
});

const actual = CHANGED_BY_HAND;
/** The configuration only ever listed app-fork. */
const managed = instance({ application_id: APP, parameters: { "input.app-fork": "dev" } });
const next = { ...managed, parameters: { "input.app-fork": "main" } };

/** After an import: every actual value in the state; db's size is bound to input.db-size. */
const running = status({
  parameters: { "input.app-fork": "release-1", "input.db-size": "small" },
  submodules: {
    db: { manifestVersion: 1, revision: null, parameters: { "input.size": "small", "input.engine": "pg" } },
  },
});
const imported = stateOf(
  instance({
    application_id: APP,
    parameters: { ...running.parameters },
    submodules: { db: sub({ "input.engine": "pg" }, 1) },
  }),
  running,
);

const STACK = stackManifest("5f00000000000000000000c1", "5f00000000000000000000c2");
const nestedActual: InstanceStatus = status(NESTED_STATUS);
const nestedConfig = instance({
  application_id: APP,
  manifest: STACK,
  parameters: { "input.app-fork": "master" },
  submodules: { db: sub({ "input.replica-size": "small" }), "db/replica": sub({ "input.lag": "5s" }) },
});

/** The private state a launch leaves when it left db's engine to its default postgres-15 under db's version 1. */
const engineLeftToDefault = Buffer.from(
  JSON.stringify({ d: { db: [1, { "input.engine": "postgres-15" }] } }),
);

/** db's own manifest (the demo's postgres), as the child's appmgmt_application in the same configuration holds it (issue 39 item 1). */
const DB_MANIFEST = DEMO_MANIFESTS.postgres[1];
const withDbManifest = (manifest: string, manifestVersion: number | null = null) => ({
  db: { ...sub(null, manifestVersion), manifest },
});
const engineAtDefault = status({
  ...actual,
  submodules: {
    db: { ...actual.submodules.db, parameters: { "input.size": "large", "input.engine": "postgres-15" } },
  },
});

const cases: [string, ValueObject, ValueObject, Answer, Buffer?][] = [
  [
    "a local-only change (timeouts, manifest text) reaches nothing",
    stateOf(managed, actual),
    { ...managed, manifest: WEBSHOP_MANIFEST, timeouts: { create: null, update: "1h", delete: null } },
    { reachesService: false, resets: [], possible: [] },
  ],
  [
    "the manifest proves a configuration relying on defaults changes nothing",
    imported,
    {
      ...imported,
      ...instance({ application_id: APP }),
      parameters: { "input.app-fork": "release-1" },
      submodules: { db: sub({ "input.engine": "pg" }) },
      manifest: WEBSHOP_MANIFEST,
    },
    { reachesService: false, resets: [], possible: [] },
  ],
  [
    "with the manifest: a certain reset, a submodule value that may be reset, the bound one follows",
    stateOf(managed, actual),
    { ...next, manifest: WEBSHOP_MANIFEST },
    {
      reachesService: true,
      resets: ['parameters["input.db-size"]'],
      possible: ['submodules["db"].parameters["input.engine"]'],
    },
  ],
  [
    "without the manifest: every unlisted value may be reset, none for certain",
    stateOf(managed, actual),
    next,
    {
      reachesService: true,
      resets: [],
      possible: [
        'parameters["input.db-size"]',
        'submodules["db"].parameters["input.engine"]',
        'submodules["db"].parameters["input.size"]',
      ],
    },
  ],
  [
    "a value at its default is no reset",
    stateOf(
      managed,
      status({ ...actual, parameters: { "input.app-fork": "dev", "input.db-size": "small" } }),
    ),
    { ...next, manifest: WEBSHOP_MANIFEST, submodules: { db: sub({ "input.engine": "postgres-16" }) } },
    { reachesService: true, resets: [], possible: [] },
  ],
  [
    "a known manifest with an unknown manifest_version (a new version uploaded) still gives the resets",
    stateOf(managed, actual),
    { ...next, manifest: WEBSHOP_MANIFEST, manifest_version: UNKNOWN },
    {
      reachesService: true,
      resets: ['parameters["input.db-size"]'],
      possible: ['submodules["db"].parameters["input.engine"]'],
    },
  ],
  [
    "a revision decides every unlisted value",
    stateOf(managed, actual),
    { ...next, manifest: WEBSHOP_MANIFEST, revision_id: REV },
    {
      reachesService: true,
      resets: [],
      possible: ['parameters["input.db-size"]', 'submodules["db"].parameters["input.engine"]'],
    },
  ],
  [
    "a nested submodule value left out may be reset; the one its parent binds follows",
    stateOf(nestedConfig, nestedActual),
    {
      ...nestedConfig,
      parameters: { "input.app-fork": "main" },
      submodules: { db: sub({ "input.replica-size": "small" }) },
    },
    { reachesService: true, resets: [], possible: ['submodules["db/replica"].parameters["input.lag"]'] },
  ],
  [
    "a submodule value terraform left to its default, changed since: reset for certain to that default",
    stateOf(managed, actual),
    { ...next, manifest: WEBSHOP_MANIFEST },
    {
      reachesService: true,
      resets: ['parameters["input.db-size"]', 'submodules["db"].parameters["input.engine"]'],
      possible: [],
    },
    engineLeftToDefault,
  ],
  [
    "a submodule value terraform left to its default and still at it: no reset, nothing possible",
    stateOf(
      managed,
      status({
        ...actual,
        submodules: {
          db: {
            ...actual.submodules.db,
            parameters: { "input.size": "large", "input.engine": "postgres-15" },
          },
        },
      }),
    ),
    { ...next, manifest: WEBSHOP_MANIFEST },
    { reachesService: true, resets: ['parameters["input.db-size"]'], possible: [] },
    engineLeftToDefault,
  ],
  [
    "a new manifest version for the submodule: its recorded defaults no longer hold",
    stateOf(managed, actual),
    { ...next, manifest: WEBSHOP_MANIFEST, submodules: { db: sub(null, 2) } },
    {
      reachesService: true,
      resets: ['parameters["input.db-size"]'],
      possible: ['submodules["db"].parameters["input.engine"]'],
    },
    engineLeftToDefault,
  ],
  [
    "without the manifest the record is still exact for the submodule value it holds",
    stateOf(managed, actual),
    next,
    {
      reachesService: true,
      resets: ['submodules["db"].parameters["input.engine"]'],
      possible: ['parameters["input.db-size"]', 'submodules["db"].parameters["input.size"]'],
    },
    engineLeftToDefault,
  ],
  [
    "a manifest restating db's defaults (withSubmoduleManifests): the engine's reset is certain",
    stateOf(managed, actual),
    {
      ...next,
      manifest: withRestatedDefaults(WEBSHOP_MANIFEST, { db: { "input.engine": "postgres-15" } }),
    },
    {
      reachesService: true,
      resets: ['parameters["input.db-size"]', 'submodules["db"].parameters["input.engine"]'],
      possible: [],
    },
  ],
  [
    "db's own manifest given (the child's appmgmt_application): the engine changed since is reset for certain",
    stateOf(managed, actual),
    { ...next, manifest: WEBSHOP_MANIFEST, submodules: withDbManifest(DB_MANIFEST) },
    {
      reachesService: true,
      resets: ['parameters["input.db-size"]', 'submodules["db"].parameters["input.engine"]'],
      possible: [],
    },
  ],
  [
    "db's own manifest given, the engine at its default: kept, nothing possible",
    stateOf(managed, engineAtDefault),
    { ...next, manifest: WEBSHOP_MANIFEST, submodules: withDbManifest(DB_MANIFEST) },
    { reachesService: true, resets: ['parameters["input.db-size"]'], possible: [] },
  ],
  [
    "db's own manifest of another version (not the parameters db reports): the engine may be reset",
    stateOf(managed, engineAtDefault),
    {
      ...next,
      manifest: WEBSHOP_MANIFEST,
      submodules: withDbManifest(
        DB_MANIFEST.replace("      engine:", "      tier: configuration(string)\n      engine:"),
      ),
    },
    {
      reachesService: true,
      resets: ['parameters["input.db-size"]'],
      possible: ['submodules["db"].parameters["input.engine"]'],
    },
  ],
  [
    "db's own manifest with a new manifest_version for db: the engine may be reset",
    stateOf(managed, engineAtDefault),
    { ...next, manifest: WEBSHOP_MANIFEST, submodules: withDbManifest(DB_MANIFEST, 2) },
    {
      reachesService: true,
      resets: ['parameters["input.db-size"]'],
      possible: ['submodules["db"].parameters["input.engine"]'],
    },
  ],
  [
    "db's own manifest without the parent's: which of db's values are bound is unknown, so all may be reset",
    stateOf(managed, engineAtDefault),
    { ...next, submodules: withDbManifest(DB_MANIFEST) },
    {
      reachesService: true,
      resets: [],
      possible: [
        'parameters["input.db-size"]',
        'submodules["db"].parameters["input.engine"]',
        'submodules["db"].parameters["input.size"]',
      ],
    },
  ],
  [
    "db's own manifest added alone is never sent: a local-only change",
    stateOf(managed, actual),
    { ...managed, manifest: WEBSHOP_MANIFEST, submodules: withDbManifest(DB_MANIFEST) },
    { reachesService: false, resets: [], possible: [] },
  ],
];

/** A secret the service holds: db-size (bound into db's size), kept out of every state, named in secret_parameter_names. */
const secretActual = status({
  parameters: { "input.app-fork": "master" },
  submodules: { db: { manifestVersion: 1, revision: null, parameters: { "input.engine": "postgres-15" } } },
});
const secretConfig = instance({
  application_id: APP,
  manifest: WEBSHOP_MANIFEST,
  submodules: { db: sub({ "input.engine": "postgres-15" }) },
  secret_parameters: { "input.db-size": "large" },
  secret_parameters_version: 1,
});
const secretState = { ...stateOf(secretConfig, secretActual), secret_parameter_names: ["input.db-size"] };
/** db's own engine secret: named `db/input.engine`, its value kept out of effective_submodules. */
const subSecretActual = status({
  parameters: { "input.app-fork": "master", "input.db-size": "small" },
  submodules: { db: { manifestVersion: 1, revision: null, parameters: { "input.size": "small" } } },
});
const subSecretConfig = instance({
  application_id: APP,
  manifest: WEBSHOP_MANIFEST,
  submodules: { db: { ...sub(null), secret_parameters: { "input.engine": "pg-secret" } } },
  secret_parameters_version: 1,
});
const subSecretState = {
  ...stateOf(subSecretConfig, subSecretActual),
  secret_parameter_names: ["db/input.engine"],
};

const secretCases: [string, ValueObject, ValueObject, Answer][] = [
  [
    "a held secret unchanged, app-fork now listed at its default: the manifest proves nothing changes",
    secretState,
    { ...secretConfig, parameters: { "input.app-fork": "master" } },
    { reachesService: false, resets: [], possible: [] },
  ],
  [
    "a held secret unchanged, app-fork changed: one reconfigure, the secret listed, nothing reset",
    secretState,
    { ...secretConfig, parameters: { "input.app-fork": "main" } },
    { reachesService: true, resets: [], possible: [] },
  ],
  [
    "a held secret's version bumped, nothing else: the secrets are sent again",
    secretState,
    { ...secretConfig, secret_parameters_version: 2 },
    { reachesService: true, resets: [], possible: [] },
  ],
  [
    "a held secret changed to a plain value at its default: listed, nothing reset",
    secretState,
    { ...secretConfig, secret_parameters: null, parameters: { "input.db-size": "small" } },
    { reachesService: true, resets: [], possible: [] },
  ],
  [
    "a submodule's own secret unchanged, app-fork now listed at its default: nothing changes",
    subSecretState,
    { ...subSecretConfig, parameters: { "input.app-fork": "master" } },
    { reachesService: false, resets: [], possible: [] },
  ],
  [
    "a submodule's own secret unchanged, app-fork changed: db-size (at its default) is no reset",
    subSecretState,
    { ...subSecretConfig, parameters: { "input.app-fork": "main" } },
    { reachesService: true, resets: [], possible: [] },
  ],
  [
    "a submodule's own secret's version bumped: the secrets are sent again",
    subSecretState,
    { ...subSecretConfig, secret_parameters_version: 2 },
    { reachesService: true, resets: [], possible: [] },
  ],
];

describe("the plan and the review give one answer", () => {
  // rest parameters: jest takes a test function with more parameters than a row has for a done-callback one
  it.each(cases)("%s", async (...row) => {
    const [, prior, config, expected, priv] = row;
    const { answer, planned, text } = await planAnswer(prior, config, priv);
    expect(answer).toEqual(expected);
    expect(reviewAnswer(prior, planned)).toEqual(expected);
    // a known manifest is never "without manifest"
    if (config.manifest !== null) expect(text).not.toContain("Without `manifest`");
  });

  it.each(secretCases)("with secrets: %s", async (...row) => {
    const [, prior, config, expected] = row;
    const { answer, planned } = await planAnswer(prior, config);
    expect(answer).toEqual(expected);
    expect(reviewAnswer(prior, planned)).toEqual(expected);
  });
});

describe("the review's findings are the plan's errors, in the schema's names", () => {
  const findingCases: [string, ValueObject, ValueObject][] = [
    [
      "a secret set on the submodule its main parameter binds",
      secretState,
      {
        ...secretConfig,
        submodules: {
          db: { ...sub({ "input.engine": "postgres-15" }), secret_parameters: { "input.size": "large" } },
        },
      },
    ],
    [
      "a manifest_version below 1",
      stateOf(managed, actual),
      { ...next, manifest: WEBSHOP_MANIFEST, manifest_version: 0 },
    ],
  ];
  it.each(findingCases)("%s", async (...row) => {
    const [, prior, config] = row;
    const res = await planOf(prior, config);
    const errors = res.diagnostics.filter((d) => d.severity === "error").map((d) => d.detail);
    expect(errors.length).toBeGreaterThan(0);
    const review = reviewOf(prior, obj(res.plannedState));
    expect(review.findings).toEqual(errors);
    expect(review.findings.join("\n")).not.toMatch(/secretParameters|manifestVersion/);
  });
});
