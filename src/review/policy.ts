// `--fail-on`: which instances break which policy, so the pipeline's log and the review both say what
// blocked the merge (an address and the rule), not only that something did.

import { instanceLabel } from "./groups";
import { resetTarget, shownText } from "./summary";
import {
  POLICIES,
  type DriftReview,
  type InstanceReview,
  type Policy,
  type Review,
  type Violation,
} from "./types";

export { POLICIES, type Policy, type Violation } from "./types";

/**
 * The instances breaking each policy in `failOn`, policy by policy in the review's order: "replace" and
 * "destroy" by their kind, "reset" by a reconfigure that resets a value for certain (named with the value it
 * becomes), "possible-reset" by one that may reset a value (a gate that must not pass a plan that cannot
 * tell), "drift" by any object changed outside terraform, "secret" by secrets sent for a launch, a new
 * secret_parameters_version or names added or removed.
 */
export function policyViolations(review: Review, failOn: readonly Policy[]): Violation[] {
  const out: Violation[] = [];
  for (const policy of POLICIES.filter((p) => failOn.includes(p))) {
    if (policy === "drift") {
      for (const d of review.drift) out.push({ policy, ...label(d), why: driftWhy(d) });
      continue;
    }
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

function label(r: { address: string; instanceName?: string }): Pick<Violation, "address" | "instanceName"> {
  return { address: r.address, ...(r.instanceName !== undefined ? { instanceName: r.instanceName } : {}) };
}

/** `changed outside terraform: parameters["input.x"] (this plan reverts it)`. */
export function driftWhy(d: DriftReview): string {
  if (d.gone) return `deleted outside terraform${d.revertedByPlan ? " (this plan launches it again)" : ""}`;
  const what = d.changes.map((c) => `${c.attribute}${c.revertedByPlan ? " (this plan reverts it)" : ""}`);
  return `changed outside terraform: ${what.join(", ")}`;
}

function breaks(policy: Policy, r: InstanceReview): string | undefined {
  if (policy === "replace" || policy === "destroy") return r.kind === policy ? r.action : undefined;
  if (policy === "secret") return r.secrets.length > 0 ? r.secrets.join("; ") : undefined;
  if (policy === "possible-reset")
    return r.possibleResets.length > 0
      ? `may reset ${r.possibleResets.map((x) => x.attribute).join(", ")}`
      : undefined;
  const parts: string[] = [];
  if (r.secretResets.length > 0) parts.push(`resets secrets the service holds: ${r.secretResets.join(", ")}`);
  const resets = r.resets.map((x) => `${x.attribute} (${shownText(x.current)} → ${resetTarget(x.default)})`);
  if (resets.length > 0) parts.push(`resets ${resets.join(", ")}`);
  return parts.length > 0 ? parts.join("; ") : undefined;
}

/** `reset: web (appmgmt_instance.web): resets parameters["input.replicas"]`, one line per violation. */
export function violationLine(v: Violation): string {
  return `${v.policy}: ${instanceLabel(v)}: ${v.why}`;
}
