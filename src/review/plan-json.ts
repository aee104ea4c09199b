// The part of terraform's JSON plan format (`terraform show -json PLANFILE`, format_version 1.x) that the
// review reads, and its validation: a state document, another tool's JSON or a future major version is
// refused with a message that says what to pass instead.

export interface PlanChange {
  actions: string[];
  before: unknown;
  after: unknown;
  after_unknown?: unknown;
  before_sensitive?: unknown;
  after_sensitive?: unknown;
  replace_paths?: (string | number)[][];
  importing?: { id?: string; identity?: unknown } | null;
}

export interface ResourceChange {
  address: string;
  previous_address?: string;
  mode: "managed" | "data";
  type: string;
  name: string;
  change: PlanChange;
  action_reason?: string;
}

export interface PlanJson {
  format_version: string;
  terraform_version?: string;
  resource_changes?: ResourceChange[];
  /** What the refresh found changed outside terraform (before: the state, after: the refreshed object). */
  resource_drift?: ResourceChange[];
  prior_state?: { values?: { root_module?: StateModule } };
  /** The configuration's expressions: which resource an unknown value comes from. */
  configuration?: {
    root_module?: {
      resources?: { address: string; expressions?: Record<string, { references?: string[] } | undefined> }[];
    };
  };
  errored?: boolean;
}

interface StateModule {
  resources?: { address: string; mode: string }[];
  child_modules?: StateModule[];
}

/** Bad input: the message says what was wrong and what to pass. */
export class ReviewInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReviewInputError";
  }
}

const HOW =
  "pass the output of `terraform show -json PLANFILE` (a plan saved with `terraform plan -out PLANFILE`)";

/** Parses and checks the text of a JSON plan. */
export function parsePlanJson(text: string): PlanJson {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    const what =
      text.trim() === "" ? "the input is empty" : `the input is not JSON (${(e as Error).message})`;
    throw new ReviewInputError(`${what}: ${HOW}`);
  }
  if (typeof doc !== "object" || doc === null || Array.isArray(doc)) {
    throw new ReviewInputError(`the input is JSON but not a terraform plan (not an object): ${HOW}`);
  }
  const plan = doc as Record<string, unknown>;
  if (typeof plan.format_version !== "string") {
    throw new ReviewInputError(`the input is JSON but not a terraform plan (no format_version): ${HOW}`);
  }
  const major = plan.format_version.split(".")[0];
  if (major !== "1") {
    throw new ReviewInputError(
      `unsupported plan format_version ${JSON.stringify(plan.format_version)}: appmgmt review reads format 1.x ` +
        "(terraform 1.x and OpenTofu)",
    );
  }
  if (!("planned_values" in plan) && !("resource_changes" in plan)) {
    const state =
      "values" in plan ? " (it looks like a state: `terraform show -json` without a plan file)" : "";
    throw new ReviewInputError(`the input is not a terraform plan${state}: ${HOW}`);
  }
  if (plan.resource_changes !== undefined && !Array.isArray(plan.resource_changes)) {
    throw new ReviewInputError(`the plan's resource_changes is not a list: ${HOW}`);
  }
  return plan as unknown as PlanJson;
}

/** Addresses of the data sources terraform read while planning (they land in prior_state). */
export function dataSourcesReadAtPlan(plan: PlanJson): string[] {
  const out: string[] = [];
  const visit = (m: StateModule | undefined) => {
    for (const r of m?.resources ?? []) if (r.mode === "data") out.push(r.address);
    for (const child of m?.child_modules ?? []) visit(child);
  };
  visit(plan.prior_state?.values?.root_module);
  return out;
}
