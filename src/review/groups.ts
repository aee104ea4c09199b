// Instances that change in the same way are reviewed once: a for_each of 60 instances that all change one
// value is one section listing the 60 instances, not 60 identical sections. "The same way" is everything
// the review says about an instance except who it is (address, instance_name, import id).

import type { InstanceReview, ValueChange } from "./types";

export interface InstanceGroup {
  /** The instances, in review order (most consequential kind first, then natural order of addresses). */
  members: InstanceReview[];
  /** What every member does: the first member's review. */
  shape: InstanceReview;
}

export function groupInstances(instances: InstanceReview[]): InstanceGroup[] {
  const groups = new Map<string, InstanceGroup>();
  for (const r of instances) {
    const key = sameWayKey(r);
    const group = groups.get(key);
    if (group) group.members.push(r);
    else groups.set(key, { members: [r], shape: r });
  }
  return [...groups.values()];
}

/**
 * The instance_name a launch gives or a destroy takes away is who the instance is, not how it changes:
 * each member line shows it, so it neither splits a group nor repeats in the group's table.
 */
export function identityRow(c: ValueChange): boolean {
  return c.attribute === "instance_name" && (c.before.kind === "absent" || c.after.kind === "absent");
}

function sameWayKey(r: InstanceReview): string {
  return JSON.stringify([
    r.kind,
    r.action,
    r.replacedBecause,
    r.changes.filter((c) => !identityRow(c)),
    r.resets,
    r.possibleResets,
    r.secretResets,
    r.findings,
    r.workflow,
  ]);
}

/** `web (appmgmt_instance.web)`, or the address alone when the name is not known. */
export function instanceLabel(r: { address: string; instanceName?: string }): string {
  return r.instanceName === undefined ? r.address : `${r.instanceName} (${r.address})`;
}
