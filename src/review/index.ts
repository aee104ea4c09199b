// `appmgmt review`: terraform's JSON plan in, a review for a pull request out (ARCHITECTURE.md §7).

export { parsePlanJson, ReviewInputError, type PlanJson, type ResourceChange } from "./plan-json";
export { buildReview, reviewInstance, KINDS, type InstanceReview, type Kind, type Review } from "./review";
export { renderMarkdown, COMMENT_LIMIT, REVIEW_MARKER } from "./markdown";
export { renderText } from "./text";
export { summaryLine } from "./summary";

export { policyViolations, violationLine, POLICIES, type Policy, type Violation } from "./policy";
export { groupInstances, type InstanceGroup } from "./groups";
export { REVIEW_FORMAT_VERSION, type ApplicationReview, type WorkflowRunReview } from "./types";
