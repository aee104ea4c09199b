// `appmgmt review`: terraform's JSON plan in, a review for a pull request out (ARCHITECTURE.md §7).

import type { Review } from "./review";

export { parsePlanJson, ReviewInputError, type PlanJson, type ResourceChange } from "./plan-json";
export { buildReview, reviewInstance, KINDS, type InstanceReview, type Kind, type Review } from "./review";
export { renderMarkdown, COMMENT_LIMIT } from "./markdown";
export { renderText } from "./text";
export { summaryLine } from "./summary";

/** What `--fail-on` can name. */
export const POLICIES = ["replace", "destroy", "reset"] as const;
export type Policy = (typeof POLICIES)[number];

/** The policies in `failOn` that the reviewed plan breaks: "reset" = a reconfigure resets a value. */
export function policyViolations(review: Review, failOn: readonly Policy[]): Policy[] {
  const s = review.summary;
  const broken: Record<Policy, boolean> = {
    replace: s.replace > 0,
    destroy: s.destroy > 0,
    reset: s.resets > 0,
  };
  return failOn.filter((p) => broken[p]);
}
