// The private state of an `appmgmt_instance` (opaque to terraform, never shown in plans): whether the state
// comes from an import, and the actual submodule values the service last reported. The state itself keeps
// only the submodule values the configuration manages; the plan needs all of them to warn about resets.

import type { InstanceStatus, Parameters } from "../../client/types";
import { setOwn } from "../../own";

export interface InstancePrivate {
  /** Set by ImportResourceState: the next read takes every actual value into the state. */
  imported?: true;
  /** Secret names the import id gave (`?secrets=`), kept out of the state by the import's read. */
  secretNames?: string[];
  /** Actual parameters per submodule, as the service last reported them. */
  submodules?: Record<string, Parameters>;
}

export function encodePrivate(p: InstancePrivate): Buffer {
  return Buffer.from(JSON.stringify(p));
}

/** The private state, or {} when empty or not ours (e.g. written by an older provider version). */
export function decodePrivate(bytes: Buffer | undefined): InstancePrivate {
  if (!bytes || bytes.length === 0) return {};
  try {
    const p = JSON.parse(bytes.toString("utf8")) as unknown;
    if (p === null || typeof p !== "object" || Array.isArray(p)) return {};
    const { imported, submodules, secretNames } = p as Record<string, unknown>;
    const out: InstancePrivate = {};
    if (imported === true) out.imported = true;
    if (Array.isArray(secretNames)) out.secretNames = secretNames.map(String);
    if (submodules && typeof submodules === "object")
      out.submodules = submodules as InstancePrivate["submodules"];
    return out;
  } catch {
    return {};
  }
}

/** The private state after the service reported `s`. */
export function privateFromStatus(s: InstanceStatus): Buffer {
  const submodules: Record<string, Parameters> = {};
  for (const [name, sub] of Object.entries(s.submodules)) setOwn(submodules, name, { ...sub.parameters });
  return encodePrivate({ submodules });
}
