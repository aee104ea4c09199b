// The simulator's seed data (ARCHITECTURE.md §7): its types, and validation of seed files with errors that give the
// field path and what to write instead.
import { ID_PATTERN } from "../service/limits";
import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import { ManifestError, parseManifest } from "../manifest";
import type { Manifest } from "../manifest";
import { hierarchyProblems } from "./hierarchy";

export interface Timing {
  launchMs: number;
  reconfigureMs: number;
  destroyMs: number;
}

export interface SeedRevision {
  id: string;
  name: string;
  manifestVersion: number;
  parameters?: Record<string, string>;
  submodules?: Record<string, { manifestVersion?: number; parameters?: Record<string, string> }>;
}

export interface SeedApplication {
  id: string;
  name: string;
  /** Manifest YAML text by manifest version ("1", "2", ...). */
  manifests: Record<string, string>;
  revisions?: SeedRevision[];
}

export interface SeedEnvironment {
  id: string;
  name: string;
  default: boolean;
  /** Properties by name (values are strings on the wire); typed "string" unless `propertyTypes` says otherwise. */
  properties?: Record<string, string>;
  /** The type of a property that is not a string ("int", "bool", ...), by property name. */
  propertyTypes?: Record<string, string>;
  markers?: string[];
  /** The environment's policies as the service exports them (YAML text, `policies: [...]`). */
  policies?: string;
}

/** The settings of one submodule of a seed instance (a submodule's own submodules nested in `submodules`). */
export interface SeedSubmodule {
  manifestVersion?: number;
  parameters?: Record<string, string>;
  submodules?: Record<string, SeedSubmodule>;
}

/** Statuses a seed instance can be in (one that runs no workflow). */
export const SEED_INSTANCE_STATUSES = ["Running", "Failed", "Canceled", "Suspended", "Destroyed"] as const;

/**
 * An instance that exists when the simulator starts afresh, launched by its owner with these values (so the
 * manifest's rules hold for them, as for any launch); its id is generated at that start.
 */
export interface SeedInstance {
  name: string;
  application: string;
  /** Default: the organization's default environment. */
  environment?: string;
  /** Default: the application's latest manifest version. */
  manifestVersion?: number;
  parameters?: Record<string, string>;
  submodules?: Record<string, SeedSubmodule>;
  /** Default Running. Failed, Canceled and Suspended carry `errorMessage`. */
  status?: (typeof SEED_INSTANCE_STATUSES)[number];
  errorMessage?: string;
  /** Email of the user who launched it; default the first seed user of the organization. */
  owner?: string;
}

export interface SeedOrganization {
  id: string;
  name: string;
  environments: SeedEnvironment[];
  applications: SeedApplication[];
  instances?: SeedInstance[];
}

export interface SeedUser {
  email: string;
  password: string;
  refreshTokens: string[];
  /** Ids of the organizations the user belongs to. */
  organizations: string[];
}

export interface SeedData {
  users: SeedUser[];
  organizations: SeedOrganization[];
  timing?: Partial<Timing>;
  /**
   * Lifetime (ms) of an instance launched without destroyInterval; -1 never destroys. Default one hour, as
   * the service's public documentation says.
   */
  defaultDestroyIntervalMs?: number;
  /**
   * What a caller gets for an object of an organization it is not a member of: 404, as the real service may
   * answer ("doesn't exist or the user is not authorized", docs/service-api.md), or 403. Default 404.
   */
  foreignObjects?: 404 | 403;
}

export class SeedError extends Error {
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super(`invalid simulator seed ${source}:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    this.name = "SeedError";
  }
}

/** Reads and validates a YAML (or JSON) seed file. */
export function loadSeedFile(path: string): SeedData {
  let data: unknown;
  try {
    data = parseYaml(readFileSync(path, "utf8"));
  } catch (e) {
    throw new SeedError(path, [`cannot read it: ${(e as Error).message.split("\n")[0]}`]);
  }
  return validateSeed(data, path);
}

/** Checks the shape and cross references of seed data; throws SeedError listing every problem. */
export function validateSeed(data: unknown, source = "data"): SeedData {
  const v = new SeedValidator();
  v.seed(data);
  if (v.problems.length > 0) throw new SeedError(source, v.problems);
  return data as SeedData;
}

type Obj = Record<string, unknown>;

class SeedValidator {
  readonly problems: string[] = [];
  private readonly ids = new Map<string, string>();
  /** Applications by id with their parsed manifests, for the submodule reference check. */
  private readonly apps = new Map<string, Map<number, Manifest>>();
  private readonly components: { path: string; applicationId?: string }[] = [];
  /** Every manifest with where it sits, for the hierarchy check once all applications are read. */
  private readonly manifests: { path: string; manifest: Manifest }[] = [];

  seed(data: unknown): void {
    const root = this.object(data, "(root)", "write a mapping with `users:` and `organizations:`");
    if (!root) return;
    const orgIds = new Set<string>();
    this.list(root.organizations, "organizations", (org, path) => {
      const id = this.organization(org, path);
      if (id) orgIds.add(id);
    });
    this.list(root.users, "users", (user, path) => this.user(user, path, orgIds));
    if (root.timing !== undefined) this.timing(root.timing);
    const lifetime = root.defaultDestroyIntervalMs;
    if (
      lifetime !== undefined &&
      !(Number.isSafeInteger(lifetime) && ((lifetime as number) > 0 || lifetime === -1))
    )
      this.problems.push(
        "defaultDestroyIntervalMs: must be a whole number of milliseconds > 0, or -1 for never",
      );
    if (root.foreignObjects !== undefined && root.foreignObjects !== 404 && root.foreignObjects !== 403)
      this.problems.push("foreignObjects: must be 404 (the default, as the real service may answer) or 403");
    for (const c of this.components) {
      if (c.applicationId === undefined || !this.apps.has(c.applicationId))
        this.problems.push(
          `${c.path}: the component's __locator.application-id ${JSON.stringify(c.applicationId ?? null)} ` +
            "names no application of the seed; add that application or fix the id",
        );
    }
    const latestOf = (id: string) => {
      const versions = this.apps.get(id);
      return versions && versions.size > 0 ? versions.get(Math.max(...versions.keys())) : undefined;
    };
    for (const m of this.manifests)
      for (const problem of hierarchyProblems(m.manifest, latestOf))
        this.problems.push(`${m.path}: ${problem}`);
  }

  private organization(data: unknown, path: string): string | undefined {
    const org = this.object(data, path, "give it id, name, environments and applications");
    if (!org) return undefined;
    const id = this.id(org.id, `${path}.id`);
    this.string(org.name, `${path}.name`);
    let defaults = 0;
    this.list(org.environments, `${path}.environments`, (env, p) => {
      const e = this.object(env, p, "write {id, name, default}");
      if (!e) return;
      this.id(e.id, `${p}.id`);
      this.string(e.name, `${p}.name`);
      if (e.default !== undefined && typeof e.default !== "boolean")
        this.problems.push(`${p}.default: must be true or false`);
      if (e.default === true) defaults++;
      this.environmentSettings(e, p);
    });
    if (Array.isArray(org.environments) && defaults !== 1)
      this.problems.push(
        `${path}.environments: exactly one environment must have \`default: true\` (found ${defaults})`,
      );
    this.list(org.applications, `${path}.applications`, (app, p) => this.application(app, p));
    if (org.instances !== undefined) {
      const ids = (key: "applications" | "environments") =>
        new Set(Array.isArray(org[key]) ? (org[key] as Obj[]).map((x) => x?.id) : []);
      const known = { applications: ids("applications"), environments: ids("environments") };
      this.list(org.instances, `${path}.instances`, (i, p) => this.instance(i, p, known));
    }
    return id;
  }

  /** An environment's properties, property types, markers and policies. */
  private environmentSettings(e: Obj, path: string): void {
    if (e.properties !== undefined) this.stringMap(e.properties, `${path}.properties`, "map names to values");
    if (e.propertyTypes !== undefined) {
      this.stringMap(e.propertyTypes, `${path}.propertyTypes`, 'map property names to types, e.g. "int"');
      for (const name of Object.keys((e.propertyTypes as Obj) ?? {}))
        if (!Object.hasOwn((e.properties as Obj) ?? {}, name))
          this.problems.push(
            `${path}.propertyTypes.${name}: no property of that name; add it under properties`,
          );
    }
    if (e.markers !== undefined) this.list(e.markers, `${path}.markers`, (m, p) => this.string(m, p));
    if (e.policies !== undefined && typeof e.policies !== "string")
      this.problems.push(`${path}.policies: must be the policies' YAML text (use a block scalar \`|\`)`);
  }

  /** The form of a seed instance; its values are checked by the launch that makes it. */
  private instance(
    data: unknown,
    path: string,
    known: { applications: Set<unknown>; environments: Set<unknown> },
  ): void {
    const i = this.object(data, path, "write {name, application, parameters, submodules, status}");
    if (!i) return;
    this.string(i.name, `${path}.name`);
    if (!known.applications.has(i.application))
      this.problems.push(`${path}.application: must be the id of an application of this organization`);
    if (i.environment !== undefined && !known.environments.has(i.environment))
      this.problems.push(`${path}.environment: must be the id of an environment of this organization`);
    if (i.manifestVersion !== undefined && !Number.isInteger(i.manifestVersion))
      this.problems.push(`${path}.manifestVersion: must be an integer`);
    if (i.parameters !== undefined) this.stringMap(i.parameters, `${path}.parameters`);
    if (i.submodules !== undefined) this.submodules(i.submodules, `${path}.submodules`);
    if (i.status !== undefined && !(SEED_INSTANCE_STATUSES as readonly unknown[]).includes(i.status))
      this.problems.push(`${path}.status: must be one of ${SEED_INSTANCE_STATUSES.join(", ")}`);
    if (i.errorMessage !== undefined) this.string(i.errorMessage, `${path}.errorMessage`);
    if (i.owner !== undefined) this.string(i.owner, `${path}.owner`);
  }

  private submodules(data: unknown, path: string): void {
    const subs = this.object(data, path, "map submodule names to {manifestVersion, parameters, submodules}");
    for (const [name, sub] of Object.entries(subs ?? {})) {
      const s = this.object(sub, `${path}.${name}`, "write {manifestVersion, parameters, submodules}");
      if (s?.parameters !== undefined) this.stringMap(s.parameters, `${path}.${name}.parameters`);
      if (s?.manifestVersion !== undefined && !Number.isInteger(s.manifestVersion))
        this.problems.push(`${path}.${name}.manifestVersion: must be an integer`);
      if (s?.submodules !== undefined) this.submodules(s.submodules, `${path}.${name}.submodules`);
    }
  }

  private application(data: unknown, path: string): void {
    const app = this.object(data, path, "give it id, name and manifests");
    if (!app) return;
    const id = this.id(app.id, `${path}.id`);
    this.string(app.name, `${path}.name`);
    const manifests = new Map<number, Manifest>();
    const texts = this.object(
      app.manifests,
      `${path}.manifests`,
      'map versions to manifest YAML: {"1": "..."}',
    );
    if (texts) {
      if (Object.keys(texts).length === 0) this.problems.push(`${path}.manifests: give at least version "1"`);
      for (const [version, text] of Object.entries(texts)) {
        const p = `${path}.manifests["${version}"]`;
        if (!/^[1-9][0-9]*$/.test(version)) {
          this.problems.push(`${p}: manifest versions are positive integers, e.g. "1"`);
          continue;
        }
        if (typeof text !== "string") {
          this.problems.push(`${p}: must be the manifest's YAML text (use a block scalar \`|\`)`);
          continue;
        }
        try {
          const manifest = parseManifest(text);
          manifests.set(Number(version), manifest);
          this.manifests.push({ path: p, manifest });
          for (const s of Object.values(manifest.submodules))
            this.components.push({ path: `${p} component ${s.name}`, applicationId: s.applicationId });
        } catch (e) {
          if (!(e instanceof ManifestError)) throw e;
          for (const m of e.problems)
            this.problems.push(`${p}${m.line === undefined ? "" : ` line ${m.line}`}: ${m.message}`);
        }
      }
    }
    if (id) this.apps.set(id, manifests);
    if (app.revisions !== undefined)
      this.list(app.revisions, `${path}.revisions`, (rev, p) =>
        this.revision(rev, p, Object.keys(texts ?? {}).map(Number)),
      );
  }

  private revision(data: unknown, path: string, versions: number[]): void {
    const rev = this.object(data, path, "write {id, name, manifestVersion, parameters, submodules}");
    if (!rev) return;
    this.id(rev.id, `${path}.id`);
    this.string(rev.name, `${path}.name`);
    if (!versions.includes(rev.manifestVersion as number))
      this.problems.push(
        `${path}.manifestVersion: must be one of the application's manifest versions (${versions.join(", ")})`,
      );
    if (rev.parameters !== undefined) this.stringMap(rev.parameters, `${path}.parameters`);
    if (rev.submodules === undefined) return;
    const subs = this.object(rev.submodules, `${path}.submodules`, "map submodule names to {parameters}");
    for (const [name, sub] of Object.entries(subs ?? {})) {
      const s = this.object(sub, `${path}.submodules.${name}`, "write {manifestVersion, parameters}");
      if (s?.parameters !== undefined) this.stringMap(s.parameters, `${path}.submodules.${name}.parameters`);
      if (s?.manifestVersion !== undefined && !Number.isInteger(s.manifestVersion))
        this.problems.push(`${path}.submodules.${name}.manifestVersion: must be an integer`);
    }
  }

  private user(data: unknown, path: string, orgIds: Set<string>): void {
    const user = this.object(data, path, "write {email, password, refreshTokens, organizations}");
    if (!user) return;
    this.string(user.email, `${path}.email`);
    this.string(user.password, `${path}.password`);
    this.list(user.refreshTokens, `${path}.refreshTokens`, (t, p) => this.string(t, p));
    this.list(user.organizations, `${path}.organizations`, (o, p) => {
      if (typeof o !== "string" || !orgIds.has(o))
        this.problems.push(`${p}: ${JSON.stringify(o)} is not the id of an organization of this seed`);
    });
  }

  private timing(data: unknown): void {
    const t = this.object(data, "timing", "write {launchMs, reconfigureMs, destroyMs}");
    for (const [key, value] of Object.entries(t ?? {})) {
      if (!["launchMs", "reconfigureMs", "destroyMs"].includes(key))
        this.problems.push(`timing.${key}: unknown field; use launchMs, reconfigureMs or destroyMs`);
      else if (typeof value !== "number" || !(value >= 0))
        this.problems.push(`timing.${key}: must be a number of milliseconds >= 0`);
    }
  }

  private id(value: unknown, path: string): string | undefined {
    if (typeof value !== "string" || !ID_PATTERN.test(value)) {
      this.problems.push(`${path}: must be a 24-character lowercase hex id, e.g. "5f0000000000000000000a01"`);
      return undefined;
    }
    const previous = this.ids.get(value);
    if (previous)
      this.problems.push(`${path}: id ${value} is already used at ${previous}; ids must be unique`);
    else this.ids.set(value, path);
    return value;
  }

  private string(value: unknown, path: string): void {
    if (typeof value !== "string" || value === "") this.problems.push(`${path}: must be a non-empty string`);
  }

  private stringMap(value: unknown, path: string, fix = 'map "<interface>.<pin>" to string values'): void {
    const map = this.object(value, path, fix);
    for (const [key, v] of Object.entries(map ?? {}))
      if (typeof v !== "string")
        this.problems.push(`${path}["${key}"]: must be a string; quote it, e.g. "1"`);
  }

  private list(value: unknown, path: string, each: (item: unknown, path: string) => void): void {
    if (!Array.isArray(value)) {
      this.problems.push(`${path}: must be a list`);
      return;
    }
    value.forEach((item, i) => each(item, `${path}[${i}]`));
  }

  private object(value: unknown, path: string, fix: string): Obj | undefined {
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Obj;
    this.problems.push(`${path}: must be a mapping; ${fix}`);
    return undefined;
  }
}
