// Issue 39 item 7: the text form puts each kind of change under its heading (a forgotten application or
// environment never reads as one more --fail-on violation), and a change of auto_destroy_after is named as what
// it does on the service.
import { buildReview, policyViolations, renderMarkdown, renderText } from "../../../src/review";
import { planOf, resourceChange } from "../../helpers/plan-fixtures";

const shop = (values: Record<string, unknown> = {}) => ({
  id: "5f00000000000000000001a1",
  application_id: "5f0000000000000000000a11",
  instance_name: "shop-1",
  environment_id: "5f0000000000000000000e01",
  revision_id: null,
  manifest_version: 1,
  manifest: null,
  parameters: { "input.app-fork": "main" },
  submodules: null,
  timeouts: null,
  auto_destroy_after: "4h",
  status: "Running",
  effective_parameters: { "input.app-fork": "main" },
  effective_submodules: {},
  return_values: {},
  ...values,
});

test("--fail-on destroy in text: the violations, then the forgotten application and environment under their headings", () => {
  const review = buildReview(
    planOf([
      resourceChange("appmgmt_instance.a", ["delete"], shop({ instance_name: "a" }), null),
      resourceChange("appmgmt_instance.b", ["delete"], shop({ instance_name: "b" }), null),
      resourceChange("appmgmt_application.shop", ["delete"], { name: "shop", manifest: null }, null),
      resourceChange(
        "appmgmt_environment.sandbox",
        ["delete"],
        { id: "5f0000000000000000000e0a", name: "sandbox", properties: {}, markers: [], policies: null },
        null,
      ),
    ]),
  );
  review.policy = { failOn: ["destroy"], violations: policyViolations(review, ["destroy"]) };
  const text = renderText(review);
  const lines = text.split("\n");
  const start = lines.indexOf("--fail-on destroy: 2 violation(s)");
  expect(lines.slice(start, start + 5)).toEqual([
    "--fail-on destroy: 2 violation(s)",
    "  destroy: a (appmgmt_instance.a): destroy",
    "  destroy: b (appmgmt_instance.b): destroy",
    "",
    "Applications:",
  ]);
  expect(text).toMatch(/\nApplications:\n {2}shop \(appmgmt_application\.shop\): forget/);
  expect(text).toMatch(/\nEnvironments:\n {2}sandbox \(appmgmt_environment\.sandbox\): forget/);
});

test("a new auto_destroy_after moves the service's scheduled destroy; none cancels it", () => {
  const moved = buildReview(
    planOf([resourceChange("appmgmt_instance.shop", ["update"], shop(), shop({ auto_destroy_after: "8h" }))]),
  );
  expect(moved.instances[0]).toMatchObject({
    kind: "settings",
    action: "move the service's scheduled destroy to 8h after this apply (auto_destroy_after)",
    workflow: "none: the service moves its scheduled destroy in place",
    changes: [
      {
        attribute: "auto_destroy_after",
        before: { kind: "value", value: "4h" },
        after: { kind: "value", value: "8h" },
      },
    ],
  });
  expect(renderMarkdown(moved)).not.toContain("terraform-only settings ()");
  const cancelled = buildReview(
    planOf([resourceChange("appmgmt_instance.shop", ["update"], shop(), shop({ auto_destroy_after: null }))]),
  );
  expect(cancelled.instances[0].action).toBe(
    "cancel the service's scheduled destroy (auto_destroy_after removed: never destroyed on its own)",
  );
  // with a reconfigure: both are said
  const both = buildReview(
    planOf([
      resourceChange(
        "appmgmt_instance.shop",
        ["update"],
        shop(),
        shop({ auto_destroy_after: "8h", parameters: { "input.app-fork": "next" } }),
        { after_unknown: { status: true, effective_parameters: true } },
      ),
    ]),
  );
  expect(both.instances[0].action).toBe(
    "reconfigure in place; move the service's scheduled destroy to 8h after this apply (auto_destroy_after)",
  );
});
