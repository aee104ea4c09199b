// The shape of a review: what buildReview returns and the renderers (Markdown, text, JSON) read.

import type { UnknownOutcome } from "../rules/resets";

/** What happens to an instance, most consequential first (the order of the review). */
/** "settings": only terraform-side attributes (manifest text, timeouts) change; the service is not called. */
export const KINDS = [
  "replace",
  "destroy",
  "reconfigure",
  "launch",
  "import",
  "move",
  "forget",
  "settings",
] as const;
export type Kind = (typeof KINDS)[number];

/** A value as the review shows it: terraform's placeholders for what it cannot show. */
/** An environment (environment_id) is shown by name, with its id in `id` (and in `value` too when names repeat). */
export type Shown =
  | { kind: "value"; value: string; id?: string }
  | { kind: "absent" }
  | { kind: "unknown" }
  | { kind: "sensitive" };

export interface ValueChange {
  /** `parameters["input.app-fork"]`, `submodules["db"].revision_id`, `instance_name`. */
  attribute: string;
  before: Shown;
  after: Shown;
}

/** A value the reconfigure changes for certain (src/rules/resets.ts). */
export interface ResetReview {
  attribute: string;
  current: Shown;
  /** The manifest default it becomes; undefined when the target version does not declare it (dropped). */
  default?: string;
}

/** A value the request does not list whose outcome the plan cannot know: it may be reset. */
export interface PossibleResetReview {
  attribute: string;
  current: Shown;
  /** What the plan cannot see: the defaults (no manifest), a submodule's defaults, a revision's values. */
  because: UnknownOutcome;
  /** Main parameters it may follow instead, if the manifest binds it (no manifest: it has their value). */
  mayFollow?: string[];
}

export interface InstanceReview {
  address: string;
  /** The instance_name the service knows it by (after the change, else before); undefined when unknown. */
  instanceName?: string;
  kind: Kind;
  /** The action in words, e.g. "replace (application_id forces it)", "import, then reconfigure in place". */
  action: string;
  previousAddress?: string;
  importId?: string;
  /** Attributes that force a replacement. */
  replacedBecause: string[];
  changes: ValueChange[];
  resets: ResetReview[];
  possibleResets: PossibleResetReview[];
  findings: string[];
  /** Secret parameters sent, in words: version change, names added or removed; never a value. */
  secrets: string[];
  /**
   * Names of secrets the service holds that this plan's reconfigure no longer supplies, so resets to their
   * defaults (issue 35); `--fail-on reset` fails on them.
   */
  secretResets: string[];
  /** The workflow(s) the service runs, in words. */
  workflow: string;
}

/** A value changed outside terraform, and whether this plan sets it back. */
export type DriftChange = ValueChange & {
  revertedByPlan: boolean;
  /** Added in 1.3: the planned reconfigure resets it to its default ("certain"), or may ("possible"). */
  resetByPlan?: "certain" | "possible";
  /** Added in 1.3: the plan sets it to another value than the state's (not reverted). */
  changedByPlan?: boolean;
  /** Added in 1.3: a bound submodule value follows the parameter binding it, which this plan resets or changes. */
  follows?: { attribute: string; by: "reset" | "change" };
};

/** An object terraform's refresh found changed (or gone) outside terraform. */
export interface DriftReview {
  address: string;
  instanceName?: string;
  /** Deleted outside terraform. */
  gone: boolean;
  /** This plan sets (some of) it back: a changed value to the state's, a gone instance launched again. */
  revertedByPlan: boolean;
  /** Before: in the state; after: what the refresh found. */
  changes: DriftChange[];
}

export interface ReviewSummary {
  launch: number;
  reconfigure: number;
  resets: number;
  /** Values left out of a reconfigure that may be reset (the plan cannot tell). */
  possibleResets: number;
  replace: number;
  destroy: number;
  import: number;
  move: number;
  forget: number;
  settings: number;
  unchanged: number;
  dataSourcesRead: number;
  /** Other resource types that change (not reviewed in detail). */
  otherChanges: number;
  /** appmgmt_application changes (created, manifest uploaded, forgotten). */
  applications: number;
  /** appmgmt_instance_workflow runs (and forgotten runs). */
  workflowRuns: number;
  /** Objects changed or deleted outside terraform (added in 1.2). */
  drift: number;
  /** appmgmt_environment changes (added in 1.3). */
  environments: number;
}

/** An application created, its manifest uploaded again, replaced or forgotten. */
export interface ApplicationReview {
  address: string;
  name?: string;
  /** In words, e.g. "replace its manifest: uploaded as the next manifest version". */
  action: string;
  /** What the new manifest changes: "adds parameter input.replicas (default \"1\")", "removes workflow backup". */
  manifestChanges: string[];
}

/** An environment created (cloned), changed, replaced or forgotten (added in 1.3). */
export interface EnvironmentReview {
  address: string;
  name?: string;
  /** In words, e.g. "create by cloning staging (5f…)", "update in place", "forget (removed from the state): …". */
  action: string;
  /** What it sets, one line each: "property db-host changed: \"a\" → \"b\"", "marker rogue removed", "policy added: …". */
  changes: string[];
}

/** A workflow run (or a run forgotten). */
export interface WorkflowRunReview {
  address: string;
  workflow: string;
  /** "run", "run again (triggers forces it)", "forget (...)". */
  action: string;
  /** The instance it runs on: "shop-1 (appmgmt_instance.shop)", or its id. */
  instance: string;
  parameters: Record<string, string>;
}

/**
 * The version of the review's JSON form (`appmgmt review --format json`): the minor number grows when
 * fields are added, the major one when a field changes meaning or goes away.
 */
export const REVIEW_FORMAT_VERSION = "1.3";

/** What `--fail-on` can name. */
export const POLICIES = ["replace", "destroy", "reset", "possible-reset", "drift", "secret"] as const;
export type Policy = (typeof POLICIES)[number];

/** One instance breaking one --fail-on policy, and how. */
export interface Violation {
  policy: Policy;
  address: string;
  instanceName?: string;
  /** E.g. "replace (instance_name forces it)", "resets parameters[\"input.replicas\"]". */
  why: string;
}

export interface Review {
  formatVersion: typeof REVIEW_FORMAT_VERSION;
  terraformVersion?: string;
  summary: ReviewSummary;
  instances: InstanceReview[];
  /** Other resources that change, "address: actions", sorted. */
  otherChanges: string[];
  /** Added in 1.1. */
  applications: ApplicationReview[];
  /** Added in 1.1. */
  workflowRuns: WorkflowRunReview[];
  /** Added in 1.2: what changed outside terraform, from the plan's resource_drift. */
  drift: DriftReview[];
  /** Added in 1.3, with environments shown by name (a value's `id` holds the environment id). */
  environments: EnvironmentReview[];
  /** The --fail-on policies checked and the instances breaking them; absent when none were asked for. */
  policy?: { failOn: Policy[]; violations: Violation[] };
}
