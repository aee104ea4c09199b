// The private state of an `appmgmt_instance` (opaque to terraform, never shown in plans): whether the state
// comes from an import, so that the next read takes every actual value into the state; or whether it holds
// a launch whose answer was lost and whose lookup failed, so that the next refresh or delete looks it up again;
// and what the last read of all its submodules saw, so that a refresh can tell which to read again.

import type { PendingLaunch } from "./lost-launch";

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
    const { imported, secretNames, pendingLaunch, historyAtFullRead } = p as Record<string, unknown>;
    const pending = asPendingLaunch(pendingLaunch);
    if (pending) return { pendingLaunch: pending };
    if (imported !== true)
      return Number.isSafeInteger(historyAtFullRead)
        ? { historyAtFullRead: historyAtFullRead as number }
        : {};
    return Array.isArray(secretNames) ? { imported, secretNames: secretNames.map(String) } : { imported };
  } catch {
    return {};
  }
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
