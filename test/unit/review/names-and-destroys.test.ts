// Issue 28 item 10: the review names environments (environment_name, planned by the provider) instead of
// 24-hex ids, with the id where two environments share a name; a destroy lists what the instance runs.
import { buildReview, renderMarkdown, renderText } from "../../../src/review";
import { planOf, resourceChange } from "../../helpers/plan-fixtures";

const STAGING = "5f0000000000000000000e02";
const SANDBOX_A = "5f0000000000000000000e0a";
const SANDBOX_B = "5f0000000000000000000e0b";

const instance = (values: Record<string, unknown> = {}) => ({
  application_id: "5f0000000000000000000a11",
  instance_name: "shop",
  environment_id: STAGING,
  environment_name: "staging",
  revision_id: null,
  manifest_version: 2,
  parameters: { "input.app-fork": "release-1" },
  submodules: null,
  effective_parameters: { "input.app-fork": "release-1", "input.db-size": "small" },
  effective_submodules: {},
  secret_parameter_names: null,
  ...values,
});

test("a launch shows its environment by name, and the JSON form keeps the id", () => {
  const r = buildReview(planOf([resourceChange("appmgmt_instance.shop", ["create"], null, instance())]));
  const row = r.instances[0].changes.find((c) => c.attribute === "environment_id");
  expect(row).toEqual({
    attribute: "environment_id",
    before: { kind: "absent" },
    after: { kind: "value", value: "staging", id: STAGING },
  });
  expect(renderMarkdown(r)).toContain("| `environment_id` | *(none)* | `staging` |");
  expect(renderMarkdown(r)).not.toContain(STAGING);
});

test("two environments of one name are told apart by id; one not known at plan shows as unknown", () => {
  const r = buildReview(
    planOf([
      resourceChange(
        "appmgmt_instance.a",
        ["create"],
        null,
        instance({ environment_id: SANDBOX_A, environment_name: "Copy of staging" }),
      ),
      resourceChange(
        "appmgmt_instance.b",
        ["create"],
        null,
        instance({ environment_id: SANDBOX_B, environment_name: "Copy of staging" }),
      ),
      resourceChange(
        "appmgmt_instance.c",
        ["create"],
        null,
        instance({ environment_id: null, environment_name: null }),
        {
          after_unknown: { environment_id: true, environment_name: true },
        },
      ),
    ]),
  );
  const env = (address: string) =>
    r.instances.find((i) => i.address === address)!.changes.find((c) => c.attribute === "environment_id")!
      .after;
  expect(env("appmgmt_instance.a")).toMatchObject({ value: `Copy of staging (${SANDBOX_A})` });
  expect(env("appmgmt_instance.b")).toMatchObject({ value: `Copy of staging (${SANDBOX_B})` });
  expect(env("appmgmt_instance.c")).toEqual({ kind: "unknown" });
});

test("a state without environment_name (written before it) still shows the id", () => {
  const before = instance({ environment_name: undefined });
  const r = buildReview(planOf([resourceChange("appmgmt_instance.shop", ["delete"], before, null)]));
  expect(r.instances[0].changes.find((c) => c.attribute === "environment_id")!.before).toEqual({
    kind: "value",
    value: STAGING,
  });
});

test("a destroy lists what the instance runs: application, environment, manifest version, every actual value", () => {
  const before = instance({
    parameters: null,
    secret_parameter_names: ["input.db-password"],
    submodules: { db: { revision_id: null, manifest_version: 3, parameters: null } },
    effective_submodules: { db: { parameters: { "input.engine": "postgres-15", "input.size": "large" } } },
  });
  const r = buildReview(
    planOf([
      resourceChange("appmgmt_instance.shop", ["delete"], before, null, {
        before_sensitive: { secret_parameter_names: [false] },
      }),
    ]),
  );
  const rows = r.instances[0].changes.map((c) => [
    c.attribute,
    c.before.kind === "value" ? c.before.value : c.before.kind,
  ]);
  expect(rows).toEqual([
    ["application_id", "5f0000000000000000000a11"],
    ["instance_name", "shop"],
    ["environment_id", "staging"],
    ["manifest_version", "2"],
    ['parameters["input.app-fork"]', "release-1"],
    ['parameters["input.db-size"]', "small"],
    ['submodules["db"].manifest_version', "3"],
    ['submodules["db"].parameters["input.engine"]', "postgres-15"],
    ['submodules["db"].parameters["input.size"]', "large"],
    ["secret_parameter_names", "input.db-password"],
  ]);
  expect(r.instances[0].changes.every((c) => c.after.kind === "absent")).toBe(true);
  const text = renderText(r);
  expect(text).toMatch(/submodules\["db"\]\.parameters\["input\.size"\]\s+large\s+→ \(none\)/);
  expect(text).toContain("secret_parameter_names");
});

test("a destroy never shows a sensitive value", () => {
  const before = instance({
    effective_parameters: { "input.app-fork": "release-1", "input.token": "t0ken" },
  });
  const r = buildReview(
    planOf([
      resourceChange("appmgmt_instance.shop", ["delete"], before, null, {
        before_sensitive: { effective_parameters: { "input.token": true } },
      }),
    ]),
  );
  expect(renderMarkdown(r)).not.toContain("t0ken");
  expect(r.instances[0].changes.find((c) => c.attribute === 'parameters["input.token"]')!.before).toEqual({
    kind: "sensitive",
  });
});
