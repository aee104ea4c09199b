import { buildReview, renderMarkdown, renderText } from "../../../src/review";
import { secretsOf } from "../../../src/review/secrets";
import { planOf, resourceChange } from "../../helpers/plan-fixtures";
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

describe("an adoption that would reset secrets the service holds (issue 35)", () => {
  const imported = {
    application_id: "5f0000000000000000000a11",
    instance_name: "shop",
    environment_id: "5f0000000000000000000e01",
    manifest_version: 1,
    parameters: { "input.app-fork": "main" },
    submodules: null,
    effective_parameters: { "input.app-fork": "main" },
    effective_submodules: null,
    ...state(1, ["input.db-password", "db/input.engine"]),
  };
  // generated configuration without the secrets: the plan drops their names, so its reconfigure resets them
  const plan = planOf([
    resourceChange(
      "appmgmt_instance.shop",
      ["update"],
      imported,
      {
        ...imported,
        ...state(null, null),
        submodules: { db: { parameters: { "input.engine": "postgres-16" } } },
      },
      { importing: { id: "5f00000000000000000000a1" } },
    ),
  ]);
  const review = buildReview(plan);

  it("counts the import as a reconfigure, and names each secret it resets under its own heading", () => {
    expect(review.summary).toMatchObject({ reconfigure: 1, import: 0 });
    expect(review.instances[0]).toMatchObject({
      action: "import, then reconfigure in place",
      secretResets: ["input.db-password"],
    });
    expect(renderText(review)).toMatch(
      /Secrets the service holds that this reconfigure resets.*\n\s+input\.db-password\n/,
    );
    expect(renderMarkdown(review)).toContain("- `input.db-password`");
  });

  it("breaks --fail-on reset", () => {
    expect(policyViolations(review, ["reset"])).toEqual([
      expect.objectContaining({
        policy: "reset",
        address: "appmgmt_instance.shop",
        why: expect.stringContaining("resets secrets the service holds: input.db-password"),
      }),
    ]);
  });
});
