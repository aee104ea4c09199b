// Plan JSON fixtures for the review's unit tests: a resource_changes (or resource_drift) entry by address,
// and a plan of them as `terraform show -json` writes it.
import { parsePlanJson, type PlanJson, type ResourceChange } from "../../src/review";

/** A managed resource's change; `extra` goes inside `change` (after_unknown, *_sensitive, replace_paths). */
export function resourceChange(
  address: string,
  actions: string[],
  before: unknown,
  after: unknown,
  extra: object = {},
): ResourceChange {
  const [type, name] = address.split(".");
  return { address, mode: "managed", type, name, change: { actions, before, after, ...extra } };
}

export function planOf(resource_changes: ResourceChange[], more: Partial<PlanJson> = {}): PlanJson {
  return parsePlanJson(
    JSON.stringify({ format_version: "1.2", terraform_version: "1.11.4", resource_changes, ...more }),
  );
}
