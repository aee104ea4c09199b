// The shape of a review: what buildReview returns and the renderers (Markdown, text, JSON) read.

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
export type Shown =
  { kind: "value"; value: string } | { kind: "absent" } | { kind: "unknown" } | { kind: "sensitive" };

export interface ValueChange {
  /** `parameters["input.app-fork"]`, `submodules["db"].revision_id`, `instance_name`. */
  attribute: string;
  before: Shown;
  after: Shown;
}

export interface ResetReview {
  attribute: string;
  current: Shown;
  /** undefined when the default is not in the plan (submodule defaults, a revision's values). */
  default?: string;
}

export interface InstanceReview {
  address: string;
  kind: Kind;
  /** The action in words, e.g. "replace (application_id forces it)", "import, then reconfigure in place". */
  action: string;
  previousAddress?: string;
  importId?: string;
  /** Attributes that force a replacement. */
  replacedBecause: string[];
  changes: ValueChange[];
  resets: ResetReview[];
  findings: string[];
  /** The workflow(s) the service runs, in words. */
  workflow: string;
}

export interface ReviewSummary {
  launch: number;
  reconfigure: number;
  resets: number;
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
}

export interface Review {
  terraformVersion?: string;
  summary: ReviewSummary;
  instances: InstanceReview[];
  /** Other resources that change, "address: actions", sorted. */
  otherChanges: string[];
}
