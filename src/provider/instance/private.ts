// The private state of an `appmgmt_instance` (opaque to terraform, never shown in plans): whether the state
// comes from an import, so that the next read takes every actual value into the state; or whether it holds
// a launch whose answer was lost and whose lookup failed, so that the next refresh or delete looks it up again;
// and what the last read of all its submodules saw, so that a refresh can tell which to read again; and which
// submodule values terraform left to their defaults (submodule-defaults.ts).

import { setOwn } from "../../util/own";
import type { PendingLaunch } from "./lost-launch";
import type { DefaultsRecord } from "./submodule-defaults";

export interface InstancePrivate {
  /** Set by ImportResourceState: the next read takes every actual value into the state. */
  imported?: true;
  /** Secret names the import id gave (`?secrets=`), kept out of the state by the import's read. */
  secretNames?: string[];
  /** Launch of `name` in the environment of the application pending lookup: the state has no id yet. */
  pendingLaunch?: PendingLaunch;
  /**
   * The length of the instance's workflowHistory when its submodules were last all read (the end of an apply's
   * wait, a refresh that read them all): while it stays the same, no workflow of the instance changed their
   * values, so a refresh reads only the submodules the configuration manages (read.ts).
   */
  historyAtFullRead?: number;
  /** The submodule values the last launch or reconfigure left to their defaults, with their manifest versions. */
  defaults?: DefaultsRecord;
}

/** The record as stored, compactly: `{"db": [1, {"input.engine": "postgres-15"}]}` (issue 38 weighs states). */
type StoredDefaults = Record<string, [number | null, Record<string, string>]>;

/**
 * The private state as terraform stores it (base64 in every instance's state): the common fields by one letter,
 * `{"h":2}`; older providers wrote `historyAtFullRead`, which decodePrivate still reads.
 */
export function encodePrivate(p: InstancePrivate): Buffer {
  const { defaults, historyAtFullRead, ...rest } = p;
  const stored: StoredDefaults = {};
  for (const [k, d] of Object.entries(defaults ?? {})) setOwn(stored, k, [d.version ?? null, d.values]);
  const record = {
    ...rest,
    ...(historyAtFullRead !== undefined && { h: historyAtFullRead }),
    ...(defaults && { d: stored }),
  };
  // nothing to keep: no bytes, so terraform stores no `private` at all (not "e30=", a `{}`)
  return Object.keys(record).length === 0 ? Buffer.alloc(0) : Buffer.from(JSON.stringify(record));
}

/** The private state, or {} when empty or not ours (e.g. written by an older provider version). */
export function decodePrivate(bytes: Buffer | undefined): InstancePrivate {
  if (!bytes || bytes.length === 0) return {};
  try {
    const p = JSON.parse(bytes.toString("utf8")) as unknown;
    if (p === null || typeof p !== "object" || Array.isArray(p)) return {};
    const { imported, secretNames, pendingLaunch, d } = p as Record<string, unknown>;
    const historyAtFullRead =
      (p as Record<string, unknown>).h ?? (p as Record<string, unknown>).historyAtFullRead;
    const pending = asPendingLaunch(pendingLaunch);
    if (pending) return { pendingLaunch: pending };
    if (imported !== true) {
      const defaults = asDefaults(d);
      return {
        ...(Number.isSafeInteger(historyAtFullRead) && { historyAtFullRead: historyAtFullRead as number }),
        ...(defaults && { defaults }),
      };
    }
    return Array.isArray(secretNames) ? { imported, secretNames: secretNames.map(String) } : { imported };
  } catch {
    return {};
  }
}

function asDefaults(v: unknown): DefaultsRecord | undefined {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return undefined;
  const out: DefaultsRecord = {};
  for (const [k, e] of Object.entries(v)) {
    if (!Array.isArray(e) || e.length !== 2 || e[1] === null || typeof e[1] !== "object") continue;
    const values: Record<string, string> = {};
    for (const [n, x] of Object.entries(e[1] as object)) if (typeof x === "string") setOwn(values, n, x);
    setOwn(out, k, { ...(typeof e[0] === "number" && { version: e[0] }), values });
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function asPendingLaunch(v: unknown): PendingLaunch | undefined {
  if (v === null || typeof v !== "object") return undefined;
  const { applicationId, name, environmentId, before } = v as Record<string, unknown>;
  if (typeof applicationId !== "string" || typeof name !== "string" || !Array.isArray(before))
    return undefined;
  return {
    applicationId,
    name,
    ...(typeof environmentId === "string" && { environmentId }),
    before: before.map(String),
  };
}
