import { secretsOf } from "../../../src/review/secrets";
import { policyViolations } from "../../../src/review/policy";
import type { InstanceReview, Review } from "../../../src/review/types";

const state = (version: number | null, names: string[] | null) => ({
  secret_parameters_version: version,
  secret_parameter_names: names,
  secret_parameters: null,
});

describe("the review of secret parameters", () => {
  it("says they are sent again with the version change and names keys added or removed, never a value", () => {
    expect(secretsOf(state(2, ["input.a", "input.b"]), state(3, ["input.b", "db/input.c"]), {})).toEqual([
      "secret parameters sent again (version 2 → 3)",
      "secret parameters added: db/input.c",
      "secret parameters removed: input.a",
    ]);
    expect(secretsOf(state(2, ["input.a"]), state(2, ["input.a"]), {})).toEqual([]);
    expect(secretsOf(undefined, state(1, ["input.a"]), {})).toEqual([
      "secret parameters sent (version 1): input.a",
    ]);
    expect(secretsOf(undefined, state(null, null), {})).toEqual([]);
    expect(
      secretsOf(state(1, []), { secret_parameters_version: 1 }, { secret_parameter_names: true }),
    ).toEqual(["secret parameter names known after apply"]);
  });

  it("breaks --fail-on secret when secrets are sent, naming the instance", () => {
    const instance = {
      address: "appmgmt_instance.db",
      secrets: ["secret parameters sent again (version 2 → 3)"],
    };
    const review = {
      instances: [instance as InstanceReview, { address: "x", secrets: [] } as unknown as InstanceReview],
    };
    expect(policyViolations(review as Review, ["secret"])).toEqual([
      {
        policy: "secret",
        address: "appmgmt_instance.db",
        why: "secret parameters sent again (version 2 → 3)",
      },
    ]);
  });
});
