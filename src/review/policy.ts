// `--fail-on`: which instances break which policy, so the pipeline's log and the review both say what
// blocked the merge (an address and the rule), not only that something did.

import { instanceLabel } from "./groups";
import { POLICIES, type InstanceReview, type Policy, type Review, type Violation } from "./types";

export { POLICIES, type Policy, type Violation } from "./types";

/**
 * The instances breaking each policy in `failOn`, policy by policy in the review's order: "replace" and
 * "destroy" by their kind, "reset" by a reconfigure that resets a value or may reset one (a gate on
 * resets must not pass a plan that cannot tell).
 */
export function policyViolations(review: Review, failOn: readonly Policy[]): Violation[] {
  const out: Violation[] = [];
  for (const policy of POLICIES.filter((p) => failOn.includes(p))) {
    for (const r of review.instances) {
      const why = breaks(policy, r);
      if (why === undefined) continue;
      out.push({
        policy,
        address: r.address,
        ...(r.instanceName !== undefined ? { instanceName: r.instanceName } : {}),
        why,
      });
    }
  }
  return out;
}

function breaks(policy: Policy, r: InstanceReview): string | undefined {
  if (policy === "replace" || policy === "destroy") return r.kind === policy ? r.action : undefined;
  if (policy === "secret") return r.secrets.length > 0 ? r.secrets.join("; ") : undefined;
  const parts: string[] = [];
  if (r.resets.length > 0) parts.push(`resets ${r.resets.map((x) => x.attribute).join(", ")}`);
  if (r.possibleResets.length > 0)
    parts.push(`may reset ${r.possibleResets.map((x) => x.attribute).join(", ")}`);
  return parts.length > 0 ? parts.join("; ") : undefined;
}

/** `reset: web (appmgmt_instance.web): resets parameters["input.replicas"]`, one line per violation. */
export function violationLine(v: Violation): string {
  return `${v.policy}: ${instanceLabel(v)}: ${v.why}`;
}
