// Response normalisation: the service may add fields and spell references `applicationId`/`environmentId`/
// `revisionId`; callers always get the names of types.ts, with extra fields kept.
import type {
  ApplicationSummary,
  EnvironmentSummary,
  InstanceStatus,
  InstanceSummary,
  ManifestUploaded,
  OperationAccepted,
  Organization,
  Revision,
  SubmoduleStatus,
  ComponentRef,
} from "./types";
import { statusMeaning, type WireSchedule } from "../service/wire";

type Raw = Record<string, unknown>;

/** Thrown for a body that cannot be read as the expected shape; the client turns it into BadResponseError. */
export class ShapeError extends Error {}

function record(v: unknown, what: string): Raw {
  if (v === null || typeof v !== "object" || Array.isArray(v))
    throw new ShapeError(`${what} is not a JSON object`);
  return v as Raw;
}

function list(v: unknown, what: string): unknown[] {
  if (!Array.isArray(v)) throw new ShapeError(`${what} is not a JSON array`);
  return v;
}

function str(r: Raw, key: string, what: string): string {
  const v = r[key];
  if (typeof v !== "string") throw new ShapeError(`${what}.${key} is missing or not a string`);
  return v;
}

/** Folds `<name>Id` into `<name>` (the canonical spelling wins when both are present). */
function fold(r: Raw, name: string): Raw {
  const alt = `${name}Id`;
  if (!(alt in r)) return r;
  const { [alt]: altValue, ...rest } = r;
  return { ...rest, [name]: rest[name] ?? altValue };
}

function folded(r: Raw): Raw {
  return fold(fold(fold(r, "application"), "environment"), "revision");
}

/**
 * `status` as the word it means (src/service/wire.ts, INSTANCE_STATUS_WORDS: `Active` is `Running`, `Error` is
 * `Failed`, ...), with the service's own word kept as `serviceStatus` when it differs. A word in no row stays
 * as it is: it never reads as success.
 */
function statusWord(word: string): { status: string; serviceStatus?: string } {
  const means = statusMeaning(word) ?? word;
  return means === word ? { status: word } : { status: means, serviceStatus: word };
}

function stringMap(v: unknown): Record<string, string> {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, string>) : {};
}

export function organizations(body: unknown): Organization[] {
  return idNames(body, "organizations", "organization");
}

export function applications(body: unknown): ApplicationSummary[] {
  return idNames(body, "applications", "application");
}

export function revisions(body: unknown): Revision[] {
  return idNames(body, "revisions", "revision");
}

/** A list of `{id, name}` objects (applications, revisions), extra fields kept. */
function idNames(body: unknown, what: string, item: string): { id: string; name: string }[] {
  return list(body, what).map((o) => {
    const r = record(o, item);
    return { ...r, id: str(r, "id", item), name: str(r, "name", item) };
  });
}

/** `[{workflow, timestamp}]` (epoch ms), extra fields kept. */
export function schedules(body: unknown): WireSchedule[] {
  return list(body, "schedules").map((o) => {
    const r = record(o, "schedule");
    if (!Number.isSafeInteger(r.timestamp))
      throw new ShapeError("schedule.timestamp is missing or not a whole number of milliseconds");
    return { ...r, workflow: str(r, "workflow", "schedule"), timestamp: r.timestamp as number };
  });
}

export function environments(body: unknown): EnvironmentSummary[] {
  return list(body, "environments").map((o) => {
    // `isDefault` (the service's spelling) folds into `default` like the `<name>Id` spellings above.
    const { isDefault, isOnline, ...r } = record(o, "environment");
    return {
      ...r,
      id: str(r, "id", "environment"),
      name: str(r, "name", "environment"),
      default: isDefault === true || r.default === true,
      online: isOnline !== false && r.online !== false,
    };
  });
}

export function instanceSummaries(body: unknown): InstanceSummary[] {
  return list(body, "instances").map((o) => {
    const r = folded(record(o, "instance"));
    return {
      ...r,
      id: str(r, "id", "instance"),
      name: str(r, "name", "instance"),
      application: str(r, "application", "instance"),
      environment: str(r, "environment", "instance"),
      revision: typeof r.revision === "string" ? r.revision : null,
      ...statusWord(str(r, "status", "instance")),
    } as InstanceSummary;
  });
}

function submoduleStatus(v: unknown): SubmoduleStatus {
  const r = folded(record(v, "submodule status"));
  return {
    ...r,
    manifestVersion: typeof r.manifestVersion === "number" ? r.manifestVersion : 0,
    revision: typeof r.revision === "string" ? r.revision : null,
    parameters: stringMap(r.parameters),
  };
}

function component(v: unknown): ComponentRef {
  const r = record(v, "component");
  return {
    ...r,
    id: str(r, "id", "component"),
    name: str(r, "name", "component"),
    ...statusWord(String(r.status ?? "")),
  };
}

/**
 * The status as sent. `submodules` holds what a `submodules` map says; settings of the `components` are
 * read by the client (AppMgmtClient.getInstance), since each is an instance with a status of its own.
 */
export function instanceStatus(body: unknown): InstanceStatus {
  const r = folded(record(body, "instance status"));
  const subs = r.submodules && typeof r.submodules === "object" ? (r.submodules as Raw) : {};
  const wf = r.workflow && typeof r.workflow === "object" ? (r.workflow as Raw) : null;
  return {
    ...r,
    id: str(r, "id", "instance status"),
    name: typeof r.name === "string" ? r.name : "",
    ...(statusWord(str(r, "status", "instance status")) as Pick<InstanceStatus, "status" | "serviceStatus">),
    application: str(r, "application", "instance status"),
    environment: str(r, "environment", "instance status"),
    revision: typeof r.revision === "string" ? r.revision : null,
    version: typeof r.version === "number" ? r.version : 0,
    parameters: stringMap(r.parameters),
    submodules: Object.fromEntries(Object.entries(subs).map(([k, v]) => [k, submoduleStatus(v)])),
    components: Array.isArray(r.components) ? r.components.map(component) : [],
    workflowHistory: Array.isArray(r.workflowHistory)
      ? (r.workflowHistory as InstanceStatus["workflowHistory"])
      : [],
    workflow: wf ? { ...wf, name: String(wf.name ?? ""), status: String(wf.status ?? "") } : null,
    errorMessage: typeof r.errorMessage === "string" ? r.errorMessage : null,
    returnValues: r.returnValues && typeof r.returnValues === "object" ? (r.returnValues as Raw) : {},
  };
}

export function operationAccepted(body: unknown): OperationAccepted {
  const r = record(body, "answer");
  const out: OperationAccepted = { ...r, id: str(r, "id", "answer") };
  delete out.warnings;
  delete out.errors;
  for (const key of ["warnings", "errors"] as const) {
    const notes = messages(r[key]);
    if (notes.length > 0) out[key] = notes;
  }
  return out;
}

/** A list of messages as the service may send them: strings, or objects shown as JSON; anything else none. */
function messages(v: unknown): string[] {
  if (!Array.isArray(v)) return typeof v === "string" && v !== "" ? [v] : [];
  return v.map((m) => (typeof m === "string" ? m : JSON.stringify(m)));
}

export function manifestUploaded(body: unknown): ManifestUploaded {
  const r = record(body, "answer");
  if (!Number.isSafeInteger(r.version) || (r.version as number) < 1)
    throw new ShapeError("answer.version is missing or not a positive whole number");
  return { ...r, version: r.version as number };
}
