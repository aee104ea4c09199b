// The plan-forecast property (issue 35 item 7): a seeded generator of estates and of changes to them.
//
// Each case is one family of applications, submodules two levels deep (top → db → db/replica), with free and
// bound parameters (a top pin bound into db, a db pin bound into replica), secrets top-level (input.api-token)
// and bound (input.db-password → db's input.password), two manifest versions of the top application (v2 moves
// some defaults), and one appmgmt_instance of it: first as `before` (values at and away from their defaults),
// then as `after`, one change of one class. An adoption case launches `before` outside terraform and imports it
// with the change. Everything follows from (seed, case index), so `--seed N` replays a run.
import { mulberry32 } from "../../src/simulator/faults";

export const CHANGE_CLASSES = [
  "param-changed",
  "param-dropped",
  "param-to-default",
  "secret-rotated",
  "secret-absent",
  "version-raised",
  "submodule-changed",
  "submodule-dropped",
  "bound-changed",
  "bound-on-submodule",
] as const;
export type ChangeClass = (typeof CHANGE_CLASSES)[number];

/** A pin of one level's `interfaces.input`: free, or bound to the child's pin `bindTo`. */
export interface Pin {
  name: string;
  /** Default in manifest version 1 and 2 (submodules have version 1 only). */
  defaults: [string, string];
  secret: boolean;
  bindTo?: string;
}

/** One application of the family; `key` is its submodule path ("" for the top). */
export interface Level {
  key: string;
  pins: Pin[];
}

/** What terraform configures for the instance. */
export interface InstanceConfig {
  manifestVersion: 1 | 2;
  parameters: Record<string, string>;
  secrets: Record<string, string>;
  secretsVersion: number;
  submodules: Record<string, Record<string, string>>;
}

export interface Case {
  index: number;
  name: string;
  change: ChangeClass;
  adoption: boolean;
  /** top, db, db/replica. */
  levels: [Level, Level, Level];
  before: InstanceConfig;
  after: InstanceConfig;
}

const ADJECTIVES = ["red", "blue", "calm", "fast", "tiny", "wide", "cold", "bold"];

/** The random stream of one case: independent of how many cases run before it. */
function caseRandom(seed: number, index: number) {
  const next = mulberry32((seed * 1_000_003 + index * 7919) >>> 0);
  const int = (n: number) => Math.floor(next() * n);
  return {
    chance: (p: number) => next() < p,
    int,
    pick: <T>(xs: readonly T[]): T => xs[int(xs.length)],
    word: (prefix: string) => `${prefix}-${ADJECTIVES[int(ADJECTIVES.length)]}${int(100)}`,
  };
}
type Random = ReturnType<typeof caseRandom>;

function pin(r: Random, name: string, secret = false, bindTo?: string): Pin {
  const v1 = r.word(name);
  return { name, defaults: [v1, r.chance(0.5) ? r.word(name) : v1], secret, bindTo };
}

function levels(r: Random): [Level, Level, Level] {
  const replica: Level = { key: "db/replica", pins: [pin(r, "size"), pin(r, "lag")] };
  if (r.chance(0.5)) replica.pins.push(pin(r, "tier"));
  const db: Level = { key: "db", pins: [pin(r, "engine"), pin(r, "password", true), pin(r, "pool")] };
  if (r.chance(0.6)) db.pins.push(pin(r, "replica-size", false, "size"));
  const top: Level = { key: "", pins: [pin(r, "app-fork"), pin(r, "replicas")] };
  if (r.chance(0.6)) top.pins.push(pin(r, "api-token", true));
  if (r.chance(0.7)) top.pins.push(pin(r, "db-engine", false, "engine"));
  if (r.chance(0.6)) top.pins.push(pin(r, "db-password", true, "password"));
  return [top, db, replica];
}

/** Pins whose value a configuration sets (free, on its own level); bound child pins follow their binder. */
const freePins = (lv: [Level, Level, Level], level: number) =>
  lv[level].pins.filter((p) => !boundBelow(lv, level).has(p.name));

/** The pins of `levels[level]` that the level above binds. */
function boundBelow(lv: [Level, Level, Level], level: number): Set<string> {
  if (level === 0) return new Set();
  return new Set(lv[level - 1].pins.filter((p) => p.bindTo).map((p) => p.bindTo!));
}

const param = (p: Pin) => `input.${p.name}`;

function initialConfig(r: Random, lv: [Level, Level, Level]): InstanceConfig {
  const config: InstanceConfig = {
    manifestVersion: 1,
    parameters: {},
    secrets: {},
    secretsVersion: 1,
    submodules: {},
  };
  for (const p of freePins(lv, 0)) {
    // secrets are always supplied at launch; other values at, away from or left to their defaults
    if (p.secret) config.secrets[param(p)] = r.word("s3cret");
    else if (r.chance(0.7)) config.parameters[param(p)] = r.chance(0.3) ? p.defaults[0] : r.word(p.name);
  }
  for (const level of [1, 2]) {
    const values: Record<string, string> = {};
    // a submodule's own secret (db's password when nothing binds it) stays at its default: submodule
    // secret_parameters are another issue's item; the generator covers top-level and bound secrets
    for (const p of freePins(lv, level).filter((x) => !x.secret))
      if (r.chance(0.5)) values[param(p)] = r.chance(0.3) ? p.defaults[0] : r.word(p.name);
    if (Object.keys(values).length > 0) config.submodules[lv[level].key] = values;
  }
  return config;
}

const clone = (c: InstanceConfig): InstanceConfig => JSON.parse(JSON.stringify(c)) as InstanceConfig;

/** `before` with one change of `change`; undefined when this estate has nothing of that kind to change. */
function changed(
  r: Random,
  lv: [Level, Level, Level],
  before: InstanceConfig,
  change: ChangeClass,
): InstanceConfig | undefined {
  const after = clone(before);
  const top = freePins(lv, 0).filter((p) => !p.secret);
  const set = top.filter((p) => Object.hasOwn(before.parameters, param(p)));
  const secrets = freePins(lv, 0).filter((p) => p.secret);
  switch (change) {
    case "param-changed": {
      const p = r.pick(top.filter((x) => !x.bindTo));
      after.parameters[param(p)] = r.word(`${p.name}-new`);
      return after;
    }
    case "param-dropped": {
      if (set.length === 0) return undefined;
      delete after.parameters[param(r.pick(set))];
      return after;
    }
    case "param-to-default": {
      const p = r.pick(top);
      if (before.parameters[param(p)] === p.defaults[0]) return undefined;
      after.parameters[param(p)] = p.defaults[0];
      return after;
    }
    case "secret-rotated": {
      if (secrets.length === 0) return undefined;
      after.secrets[param(r.pick(secrets))] = r.word("rotated");
      after.secretsVersion += 1;
      return after;
    }
    case "secret-absent": {
      // the secret left out of a configuration that changes something else (an adopter who has not supplied
      // it yet): the reconfigure must not reset it silently
      if (secrets.length === 0) return undefined;
      delete after.secrets[param(r.pick(secrets))];
      const p = r.pick(top.filter((x) => !x.bindTo));
      after.parameters[param(p)] = r.word(`${p.name}-new`);
      return after;
    }
    case "version-raised":
      after.manifestVersion = 2;
      return after;
    case "submodule-changed": {
      const level = r.pick([1, 2]);
      const free = freePins(lv, level).filter((x) => !x.secret);
      const p = r.pick(free);
      const key = lv[level].key;
      after.submodules[key] = { ...after.submodules[key], [param(p)]: r.word(`${p.name}-new`) };
      return after;
    }
    case "submodule-dropped": {
      const keys = Object.keys(before.submodules);
      if (keys.length === 0) return undefined;
      const key = r.pick(keys);
      const values = { ...after.submodules[key] };
      delete values[r.pick(Object.keys(values))];
      if (Object.keys(values).length > 0) after.submodules[key] = values;
      else delete after.submodules[key];
      return after;
    }
    case "bound-on-submodule": {
      // a value the manifest binds, set on the submodule directly: the plan must refuse it (binding rule)
      const level = r.pick([1, 2]);
      const bound = [...boundBelow(lv, level)].filter((n) => n !== "password");
      if (bound.length === 0) return undefined;
      const key = lv[level].key;
      after.submodules[key] = { ...after.submodules[key], [`input.${r.pick(bound)}`]: r.word("bound") };
      return after;
    }
    case "bound-changed": {
      const bound = top.filter((x) => x.bindTo);
      if (bound.length === 0) return undefined;
      const p = r.pick(bound);
      after.parameters[param(p)] = r.word(`${p.name}-new`);
      return after;
    }
  }
}

/** Case `index` of run `seed`: its change class cycles through the classes, its estate and values are random. */
export function generateCase(seed: number, index: number): Case {
  const r = caseRandom(seed, index);
  const first = (index + seed) % CHANGE_CLASSES.length;
  for (let attempt = 0; ; attempt++) {
    const lv = levels(r);
    const before = initialConfig(r, lv);
    const change = CHANGE_CLASSES[(first + attempt) % CHANGE_CLASSES.length];
    const after = changed(r, lv, before, change);
    if (after)
      return {
        index,
        name: `fc-${seed}-${index}`,
        change,
        adoption: r.chance(0.2),
        levels: lv,
        before,
        after,
      };
  }
}

/** The pins of a level as a manifest's `interfaces.input` lines. */
function inputLines(level: Level, childName: string | undefined, indent: string): string {
  return level.pins
    .map(
      (p) =>
        `${indent}${p.name}: ${p.bindTo ? `bind(${childName}#input.${p.bindTo})` : "configuration(string)"}\n`,
    )
    .join("");
}

/** A submodule component as the parent's manifest declares it (restating the nested ones below it). */
function component(lv: Level[], level: number, ids: string[], indent: string): string {
  const name = lv[level].key.split("/").pop()!;
  const child = lv[level + 1];
  return (
    `${indent}${name}:\n${indent}  type: reference.Submodule\n${indent}  configuration:\n` +
    `${indent}    __locator.application-id: "${ids[level]}"\n${indent}  interfaces:\n${indent}    input:\n` +
    inputLines(lv[level], child?.key.split("/").pop(), `${indent}      `) +
    (child ? `${indent}  components:\n${component(lv, level + 1, ids, `${indent}    `)}` : "")
  );
}

/**
 * The manifest of `levels[level]`'s application at `version` (submodules: 1). `ids` are the applications of
 * the levels (top, db, replica): a parent restates its whole hierarchy, so the plan checks nested keys too.
 */
export function manifestOf(lv: Level[], level: number, ids: string[], version: 1 | 2): string {
  const child = lv[level + 1];
  const defaults = lv[level].pins.map((p) => `    input.${p.name}: ${p.defaults[version - 1]}\n`).join("");
  return (
    `application:\n  configuration:\n${defaults}  interfaces:\n    input:\n` +
    inputLines(lv[level], child?.key.split("/").pop(), "      ") +
    (child ? `  components:\n${component(lv, level + 1, ids, "    ")}` : "")
  );
}

const hclMap = (m: Record<string, string>, indent: string) =>
  `{\n${Object.entries(m)
    .map(([k, v]) => `${indent}  ${JSON.stringify(k)} = ${JSON.stringify(v)}\n`)
    .join("")}${indent}}`;

/** The instance's resource block; `manifest` is an HCL expression of the manifest text. */
export function instanceHcl(c: Case, config: InstanceConfig, appId: string, manifest: string): string {
  const lines = [
    `resource "appmgmt_instance" "${c.name}" {`,
    `  application_id   = "${appId}"`,
    `  instance_name    = "${c.name}"`,
    `  manifest_version = ${config.manifestVersion}`,
    `  manifest         = ${manifest}`,
    `  parameters       = ${hclMap(config.parameters, "  ")}`,
  ];
  if (Object.keys(config.secrets).length > 0)
    lines.push(
      `  secret_parameters         = ${hclMap(config.secrets, "  ")}`,
      `  secret_parameters_version = ${config.secretsVersion}`,
    );
  const subs = Object.entries(config.submodules);
  if (subs.length > 0)
    lines.push(
      `  submodules = {\n${subs
        .map(([k, v]) => `    ${JSON.stringify(k)} = { parameters = ${hclMap(v, "    ")} }\n`)
        .join("")}  }`,
    );
  return `${lines.join("\n")}\n}\n`;
}

/** The launch request that makes `before` outside terraform (an adoption case's estate). */
export function launchBody(config: InstanceConfig, name: string) {
  const sub = (key: string) => ({ parameters: config.submodules[key] ?? {} });
  return {
    instanceName: name,
    version: config.manifestVersion,
    parameters: { ...config.parameters, ...config.secrets },
    submodules: { db: { ...sub("db"), submodules: { replica: sub("db/replica") } } },
  };
}
