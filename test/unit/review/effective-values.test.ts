// The review reads a plan's submodule effective values whole (issue 38): the state stores them without what the
// configuration sets, and buildReview adds those back once, for changes and drift alike.
import { withWholeEffectiveValues } from "../../../src/review/effective-values";
import type { PlanJson, ResourceChange } from "../../../src/review/plan-json";

const stored = {
  parameters: { "input.app-fork": "main" },
  submodules: { db: { parameters: { "input.engine": "postgres-16" } } },
  effective_parameters: { "input.db-size": "small" },
  effective_submodules: { db: { parameters: { "input.size": "small" } }, cache: { parameters: {} } },
};
const change = (type: string): ResourceChange => ({
  address: `${type}.x`,
  mode: "managed",
  type,
  name: "x",
  change: { actions: ["update"], before: stored, after: { ...stored, effective_submodules: null } },
});

describe("a plan's effective values", () => {
  it("are made whole from the configured values, before and after, in changes and drift", () => {
    const plan: PlanJson = {
      format_version: "1.2",
      resource_changes: [change("appmgmt_instance")],
      resource_drift: [change("appmgmt_instance")],
    };
    const whole = withWholeEffectiveValues(plan);
    for (const rc of [...whole.resource_changes!, ...whole.resource_drift!]) {
      expect(rc.change.before).toMatchObject({
        effective_parameters: { "input.db-size": "small" },
        effective_submodules: {
          db: { parameters: { "input.engine": "postgres-16", "input.size": "small" } },
          cache: { parameters: {} },
        },
      });
      // unknown (null in the JSON) stays so
      expect(rc.change.after).toMatchObject({ effective_submodules: null });
    }
    // the plan read is not changed
    expect(plan.resource_changes![0].change.before).toBe(stored);
  });

  it("of other resources are left as they are", () => {
    const plan: PlanJson = { format_version: "1.2", resource_changes: [change("appmgmt_application")] };
    expect(withWholeEffectiveValues(plan).resource_changes![0].change.before).toBe(stored);
  });
});
