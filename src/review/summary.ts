// Words shared by the renderers: the summary line, terraform's placeholders, the note about what is left out.

import type { Review, Shown } from "./review";
import type {
  ApplicationReview,
  DriftChange,
  DriftReview,
  EnvironmentReview,
  PossibleResetReview,
  WorkflowRunReview,
} from "./types";

/** `2 to launch, 1 to reconfigure (3 values reset to defaults), 1 to replace, 0 to destroy[, 1 to import…]`. */
export function summaryLine(review: Review): string {
  const s = review.summary;
  const resets = s.resets === 1 ? "1 value reset to its default" : `${s.resets} values reset to defaults`;
  const possible = s.possibleResets > 0 ? `, ${s.possibleResets} may be reset` : "";
  const parts = [
    `${s.launch} to launch`,
    `${s.reconfigure} to reconfigure (${resets}${possible})`,
    `${s.replace} to replace`,
    `${s.destroy} to destroy`,
  ];
  for (const k of ["import", "move", "forget"] as const) if (s[k] > 0) parts.push(`${s[k]} to ${k}`);
  if (s.settings > 0) parts.push(`${s.settings} with terraform-only changes`);
  if (s.applications > 0)
    parts.push(`${s.applications} application change${s.applications === 1 ? "" : "s"}`);
  if (s.workflowRuns > 0) parts.push(`${s.workflowRuns} workflow run${s.workflowRuns === 1 ? "" : "s"}`);
  if (s.environments > 0)
    parts.push(`${s.environments} environment change${s.environments === 1 ? "" : "s"}`);
  if (s.drift > 0) parts.push(`${s.drift} changed outside terraform`);
  return parts.join(", ");
}

/** Data-source reads, unchanged instances and other resources: counted, not listed. */
export function notListedLine(review: Review): string | undefined {
  const s = review.summary;
  const parts: string[] = [];
  if (s.unchanged > 0) parts.push(`${s.unchanged} unchanged`);
  if (s.dataSourcesRead > 0)
    parts.push(`${s.dataSourcesRead} data source${s.dataSourcesRead === 1 ? "" : "s"} read`);
  if (s.otherChanges > 0)
    parts.push(`${s.otherChanges} other resource change${s.otherChanges === 1 ? "" : "s"}`);
  return parts.length > 0 ? `Not listed: ${parts.join(", ")}.` : undefined;
}

/** The drift section's lead: what the rows mean. */
export const DRIFT_LEAD =
  "Changed outside terraform (found by the refresh; before: the state, after: what the service reports now):";

/** A drifted object's line: `shop (appmgmt_instance.shop): changed, reverted by this plan`. */
export function driftHeading(d: DriftReview): string {
  const what = d.gone ? "deleted outside terraform" : "changed outside terraform";
  const back = d.revertedByPlan ? (d.gone ? "; this plan launches it again" : "; this plan reverts it") : "";
  return `${what}${back}`;
}

/** A drifted value's last column: whether this plan sets it back, resets it or may reset it. */
export function driftPlanCell(c: DriftChange): string {
  if (c.resetByPlan === "certain") return "reset to its default by this plan";
  if (c.resetByPlan === "possible") return "may be reset by this plan";
  if (c.revertedByPlan) return "reverted by this plan";
  if (c.changedByPlan) return "changed by this plan";
  if (c.follows) return `follows ${c.follows.attribute}, which this plan ${c.follows.by}s`;
  return "kept";
}

/** A value as terraform's plan output shows it. */
export function shownText(v: Shown): string {
  switch (v.kind) {
    case "value":
      return v.value;
    case "absent":
      return "(none)";
    case "unknown":
      return "(known after apply)";
    case "sensitive":
      return "(sensitive value)";
  }
}

/** What a certain reset sets the value to: the default, or nothing when the target version drops it. */
export function resetTarget(d: string | undefined): string {
  return d ?? "(removed: the target manifest version does not declare it)";
}

/** Why a possible reset cannot be told at plan time, and what would tell it. */
export function possibleResetWhy(p: PossibleResetReview): string {
  const follow =
    p.mayFollow === undefined
      ? ""
      : `; if the manifest binds it to ${p.mayFollow.map((m) => `parameters["${m}"]`).join(" or ")}, it follows that instead`;
  switch (p.because) {
    case "no-manifest":
      return `defaults unknown without manifest${follow}`;
    case "submodule-default":
      return "its default is in the submodule's own manifest";
    case "revision":
      return "the revision's stored value, else the default";
  }
}

/** The sentence before the list of possible resets. */
export function possibleResetsLead(list: PossibleResetReview[]): string {
  const fix = list.some((p) => p.because === "no-manifest")
    ? " Set `manifest` on the instance to make the review (and the plan) exact, or list a value to keep it."
    : " List a value to keep it.";
  return `Values not in the configuration that the reconfigure may reset to their defaults (the plan cannot tell which).${fix}`;
}

/** An application change in one line: `shop (appmgmt_application.shop): create, ...`. */
export function applicationLine(a: ApplicationReview): string {
  return `${a.name === undefined ? a.address : `${a.name} (${a.address})`}: ${a.action}`;
}

/** A workflow run in one line: `backup on shop-1 (appmgmt_instance.shop), parameters target=s3://b: run`. */
export function workflowRunLine(w: WorkflowRunReview): string {
  const params = Object.entries(w.parameters).map(([k, v]) => `${k}=${v}`);
  const given = params.length > 0 ? `, parameters ${params.join(", ")}` : ", no parameters";
  return `workflow ${w.workflow} on ${w.instance}${given} (${w.address}): ${w.action}`;
}

/** Environments changing in the same way (the same action and changes) share one entry, as instances do. */
export function environmentGroups(
  list: EnvironmentReview[],
): { who: string[]; action: string; changes: string[] }[] {
  const groups = new Map<string, { who: string[]; action: string; changes: string[] }>();
  for (const e of list) {
    const key = JSON.stringify([e.action, e.changes]);
    const who = e.name === undefined ? e.address : `${e.name} (${e.address})`;
    const g = groups.get(key);
    if (g) g.who.push(who);
    else groups.set(key, { who: [who], action: e.action, changes: e.changes });
  }
  return [...groups.values()];
}

/** The heading of the secrets a reconfigure resets: held by the service, no longer supplied. */
export const SECRET_RESETS_LEAD =
  "Secrets the service holds that this reconfigure resets to their defaults (no longer supplied; supply them in secret_parameters to keep them):";
