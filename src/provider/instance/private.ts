// The private state of an `appmgmt_instance` (opaque to terraform, never shown in plans): whether the state
// comes from an import, so that the next read takes every actual value into the state.

export interface InstancePrivate {
  /** Set by ImportResourceState: the next read takes every actual value into the state. */
  imported?: true;
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
    return (p as Record<string, unknown>).imported === true ? { imported: true } : {};
  } catch {
    return {};
  }
}
