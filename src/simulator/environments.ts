// Environments beyond their listing (docs/service-api.md, "Environments"): policies exported and imported as
// YAML, properties, markers, and new environments made by cloning one, which come online a while later. The
// public API has no call that creates an environment from nothing, renames or deletes one: neither has this.
import { parse as parseYaml } from "yaml";
import { environmentNameProblem } from "../service/environment-limits";
import type {
  WireEnvironmentMarkers,
  WireEnvironmentProperties,
  WireEnvironmentProperty,
} from "../service/wire";
import type { Catalog } from "./catalog";
import { RequestReader } from "./request-reader";
import { accessible, ServiceError, type Caller } from "./service-error";

/** What the API changed of an environment (a seed environment without one has the defaults below). */
export interface EnvironmentRecord {
  id: string;
  organization: string;
  name: string;
  /** Set for a clone: the environment it was cloned from. */
  clonedFrom?: string;
  policies: string;
  properties: WireEnvironmentProperty[];
  markers: string[];
  /** When a clone comes online (instances clock, ms); 0 for a seed environment. */
  onlineAt: number;
}

export interface EnvironmentsState {
  /** How long a clone takes to come online. */
  onlineDelayMs: number;
  records: EnvironmentRecord[];
}

/** The list of a `{"<key>": [...]}` body, the documented shape (a bare list is refused with that shape as the fix). */
function wrapped(body: unknown, key: "markers" | "properties", item: string): unknown[] {
  const list =
    body !== null && typeof body === "object" && !Array.isArray(body)
      ? (body as Record<string, unknown>)[key]
      : undefined;
  if (Array.isArray(list)) {
    const extra = Object.keys(body as object).filter((k) => k !== key);
    if (extra.length === 0) return list;
    throw new ServiceError(400, [`${extra[0]}: unknown field; the body is {"${key}": [${item}, ...]}`]);
  }
  throw new ServiceError(400, [
    `body must be {"${key}": [${item}, ...]}` +
      (Array.isArray(body) ? `: wrap the list in an object under "${key}"` : ""),
  ]);
}

/** The policies of an environment nobody has imported any into (as the service exports an empty set). */
export const EMPTY_POLICIES = "policies: []\n";
export const DEFAULT_ONLINE_DELAY_MS = 1000;

export class Environments {
  private readonly byId = new Map<string, EnvironmentRecord>();

  constructor(
    private readonly catalog: Catalog,
    private readonly state: EnvironmentsState,
    private readonly hooks: { newId: () => string; changed: () => void },
  ) {
    for (const rec of state.records) {
      this.byId.set(rec.id, rec);
      if (rec.clonedFrom !== undefined) this.addToCatalog(rec);
    }
  }

  /** How long clones made from now on take to come online (test control). */
  setOnlineDelay(ms: number): void {
    this.state.onlineDelayMs = ms;
    this.hooks.changed();
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Whether the environment takes launches yet (a clone only once its onlineAt has passed). */
  isOnline(id: string, now: number): boolean {
    return (this.byId.get(id)?.onlineAt ?? 0) <= now;
  }

  getPolicies(caller: Caller, envId: string): string {
    return this.record(caller, envId).policies;
  }

  /** Imports the YAML as the environment's policies: a YAML mapping, kept as sent. */
  putPolicies(caller: Caller, envId: string, text: string): Record<string, never> {
    const rec = this.record(caller, envId);
    let doc: unknown;
    try {
      doc = parseYaml(text);
    } catch (e) {
      throw new ServiceError(400, [`incorrect policies YAML: ${(e as Error).message.split("\n")[0]}`]);
    }
    if (doc === null || typeof doc !== "object" || Array.isArray(doc))
      throw new ServiceError(400, [
        "incorrect policies YAML: the document must be a mapping (policies: [...])",
      ]);
    rec.policies = text;
    this.hooks.changed();
    return {};
  }

  getProperties(caller: Caller, envId: string): WireEnvironmentProperties {
    return { properties: this.record(caller, envId).properties.map((p) => ({ ...p })) };
  }

  /** Replaces the properties with the list sent (`{"properties": [{name, type, value}]}`, names unique). */
  putProperties(caller: Caller, envId: string, body: unknown): WireEnvironmentProperties {
    const rec = this.record(caller, envId);
    const list = wrapped(body, "properties", '{"name", "type", "value"}');
    const reader = new RequestReader();
    const properties: WireEnvironmentProperty[] = [];
    list.forEach((item, i) => {
      const at = `properties[${i}]`;
      const p = reader.object(item, at, ["name", "type", "value"]);
      if (!p) return;
      const name = this.name("property", p.name, `${at}.name`, reader);
      if (typeof p.type !== "string" || p.type === "")
        reader.errors.push(`${at}.type: must be a non-empty string such as "string"`);
      if (typeof p.value !== "string") reader.errors.push(`${at}.value: must be a string`);
      if (name !== undefined && properties.some((q) => q.name === name))
        reader.errors.push(`${at}.name: property ${name} is listed twice; list each property once`);
      if (name !== undefined) properties.push({ name, type: String(p.type), value: String(p.value) });
    });
    if (reader.errors.length > 0) throw new ServiceError(400, reader.errors);
    rec.properties = properties;
    this.hooks.changed();
    return this.getProperties(caller, envId);
  }

  getMarkers(caller: Caller, envId: string): WireEnvironmentMarkers {
    return { markers: this.record(caller, envId).markers.map((name) => ({ name })) };
  }

  /**
   * Replaces the markers with the list sent: `{"markers": [{name}]}` (names themselves inside the wrapper too,
   * as the Ruby client's writer sends them).
   */
  putMarkers(caller: Caller, envId: string, body: unknown): WireEnvironmentMarkers {
    const rec = this.record(caller, envId);
    const list = wrapped(body, "markers", '{"name"}');
    const reader = new RequestReader();
    const markers = new Set<string>();
    list.forEach((item, i) => {
      const at = `markers[${i}]`;
      const raw = typeof item === "string" ? item : reader.object(item, at, ["name"])?.name;
      const name = this.name("marker", raw, typeof item === "string" ? at : `${at}.name`, reader);
      if (name !== undefined) markers.add(name);
    });
    if (reader.errors.length > 0) throw new ServiceError(400, reader.errors);
    rec.markers = [...markers];
    this.hooks.changed();
    return this.getMarkers(caller, envId);
  }

  /**
   * A new environment of the same organization with the source's policies, properties and markers, named as
   * the body says or "Copy of <name>"; it comes online onlineDelayMs later.
   */
  clone(caller: Caller, envId: string, body: unknown, now: number): { id: string } {
    const source = this.record(caller, envId);
    const reader = new RequestReader();
    const b = reader.object(body, "body", ["name"]);
    if (!b) throw new ServiceError(400, reader.errors);
    if (b.name !== undefined && (typeof b.name !== "string" || b.name.trim() === ""))
      throw new ServiceError(400, ['name: must be a non-empty string, or left out for "Copy of <name>"']);
    const rec: EnvironmentRecord = {
      id: this.hooks.newId(),
      organization: source.organization,
      name: (b.name as string | undefined) ?? `Copy of ${source.name}`,
      clonedFrom: source.id,
      policies: source.policies,
      properties: source.properties.map((p) => ({ ...p })),
      markers: [...source.markers],
      onlineAt: now + this.state.onlineDelayMs,
    };
    this.state.records.push(rec);
    this.byId.set(rec.id, rec);
    this.addToCatalog(rec);
    this.hooks.changed();
    return { id: rec.id };
  }

  /** The environment's record, made with the defaults on first use for a seed environment. */
  private record(caller: Caller, envId: string): EnvironmentRecord {
    const env = this.catalog.environments.get(envId);
    accessible(caller, "environment", envId, env, env?.organization);
    let rec = this.byId.get(envId);
    if (!rec) {
      rec = {
        id: envId,
        organization: env!.organization,
        name: env!.name,
        policies: EMPTY_POLICIES,
        properties: [],
        markers: [],
        onlineAt: 0,
      };
      this.state.records.push(rec);
      this.byId.set(envId, rec);
    }
    return rec;
  }

  private name(
    what: "marker" | "property",
    value: unknown,
    path: string,
    reader: RequestReader,
  ): string | undefined {
    const problem = typeof value === "string" ? environmentNameProblem(what, value) : `${what} name missing`;
    if (problem === undefined) return value as string;
    reader.errors.push(`${path}: ${problem}`);
    return undefined;
  }

  private addToCatalog(rec: EnvironmentRecord): void {
    this.catalog.environments.set(rec.id, {
      id: rec.id,
      name: rec.name,
      default: false,
      organization: rec.organization,
    });
  }
}
