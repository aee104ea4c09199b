// `appmgmt review` with nested submodules (issue 19, item 4): a change under a path key is shown under that
// key, and a nested value the reconfigure leaves out is a possible reset, by the same rule as the plan.
import { buildReview, parsePlanJson, type ResourceChange } from "../../../src/review";
import { stackManifest } from "../../helpers/nested-apps";

const MANIFEST = stackManifest("5f00000000000000000000c1", "5f00000000000000000000c2");

function instance(submodules: Record<string, unknown>): Record<string, unknown> {
  return {
    application_id: "5f0000000000000000000a11",
    instance_name: "platform",
    environment_id: "5f0000000000000000000e01",
    revision_id: null,
    manifest_version: 1,
    manifest: MANIFEST,
    parameters: { "input.app-fork": "master", "input.db-engine": "postgres-15" },
    submodules,
    timeouts: null,
    effective_parameters: { "input.app-fork": "master", "input.db-engine": "postgres-15" },
  };
}

const settings = (parameters: Record<string, string>) => ({
  revision_id: null,
  manifest_version: null,
  parameters,
});

test("a nested change is shown under its path key; a nested value left out may be reset", () => {
  const before = instance({
    db: settings({ "input.replica-size": "small" }),
    "db/replica": settings({ "input.lag": "5s" }),
  });
  const after = instance({ db: settings({ "input.replica-size": "large" }) });
  const resourceChange = {
    address: "appmgmt_instance.platform",
    mode: "managed",
    type: "appmgmt_instance",
    name: "platform",
    change: { actions: ["update"], before, after, after_unknown: { effective_parameters: true } },
  } as ResourceChange;
  const review = buildReview(
    parsePlanJson(
      JSON.stringify({
        format_version: "1.2",
        terraform_version: "1.11.4",
        resource_changes: [resourceChange],
      }),
    ),
  );
  const [platform] = review.instances;
  expect(platform.changes.map((c) => c.attribute)).toEqual([
    'submodules["db"].parameters["input.replica-size"]',
    'submodules["db/replica"].parameters["input.lag"]',
  ]);
  expect(platform.possibleResets).toEqual([
    {
      attribute: 'submodules["db/replica"].parameters["input.lag"]',
      current: { kind: "value", value: "5s" },
      because: "submodule-default",
    },
  ]);
});
