// The pure review logic on plan JSON: actions in words, value tables, resets from the rules, findings,
// placeholders, order, the comment limit, input errors and the --fail-on policies; instances named by
// instance_name, grouped when they change in the same way, and what never folds out of sight.
import { reconfigureResets } from "../../../src/rules";
import { parseManifest } from "../../../src/manifest";
import {
  buildReview,
  parsePlanJson,
  policyViolations,
  renderMarkdown,
  renderText,
  REVIEW_FORMAT_VERSION,
  REVIEW_MARKER,
  ReviewInputError,
  summaryLine,
  violationLine,
  type ResourceChange,
} from "../../../src/review";
import { parseMarkdown } from "../../helpers/markdown";
import { DEMO_MANIFESTS } from "../../../src/simulator/demo-seed";

const WEBSHOP_MANIFEST = DEMO_MANIFESTS.webshop[2];

const APP = "5f0000000000000000000a11";

function instance(values: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    application_id: APP,
    instance_name: "web",
    environment_id: "5f0000000000000000000e01",
    revision_id: null,
    manifest_version: 2,
    manifest: WEBSHOP_MANIFEST,
    parameters: { "input.app-fork": "release-1" },
    submodules: null,
    timeouts: null,
    effective_parameters: { "input.app-fork": "release-1", "input.db-size": "small", "input.replicas": "1" },
    ...values,
  };
}

/** A resource_changes entry; action_reason and previous_address sit beside `change`, the rest inside. */
function change(address: string, actions: string[], before: unknown, after: unknown, extra: object = {}) {
  const [type, name] = address.split(".");
  const { action_reason, previous_address, ...inner } = extra as Record<string, unknown>;
  const outer = Object.fromEntries(
    Object.entries({ action_reason, previous_address }).filter(([, v]) => v !== undefined),
  );
  return {
    address,
    mode: "managed",
    type,
    name,
    ...outer,
    change: { actions, before, after, ...inner },
  } as ResourceChange;
}

/** The instance sections (level-3 headings) of a review's Markdown. */
function instanceSections(md: string) {
  return parseMarkdown(md).filter((s) => s.level === 3);
}

function plan(...resource_changes: ResourceChange[]) {
  return parsePlanJson(
    JSON.stringify({ format_version: "1.2", terraform_version: "1.11.4", resource_changes }),
  );
}

describe("buildReview", () => {
  test("names each action and orders the instances: replace, destroy, reconfigure, launch, import, move, forget", () => {
    const review = buildReview(
      plan(
        change("appmgmt_instance.z_new", ["create"], null, instance(), { after_unknown: { id: true } }),
        change("appmgmt_instance.a_new", ["create"], null, instance()),
        change("appmgmt_instance.gone", ["delete"], instance(), null, {
          action_reason: "delete_because_no_resource_config",
        }),
        change(
          "appmgmt_instance.swap",
          ["delete", "create"],
          instance(),
          instance({ application_id: "5f0000000000000000000a12" }),
          {
            replace_paths: [["application_id"]],
          },
        ),
        change(
          "appmgmt_instance.fork",
          ["update"],
          instance(),
          instance({ parameters: { "input.app-fork": "b" } }),
        ),
        change("appmgmt_instance.adopted", ["no-op"], instance(), instance(), { importing: { id: "abc" } }),
        change("appmgmt_instance.renamed", ["no-op"], instance(), instance(), {
          previous_address: "appmgmt_instance.old",
        }),
        change("appmgmt_instance.left", ["forget"], instance(), null),
        change("appmgmt_instance.same", ["no-op"], instance(), instance()),
        { ...change("data.appmgmt_organizations.mine", ["read"], null, {}), mode: "data" },
        change("terraform_data.x", ["create"], null, {}),
      ),
    );
    expect(review.instances.map((i) => [i.address, i.action])).toEqual([
      ["appmgmt_instance.swap", "replace (application_id forces it)"],
      ["appmgmt_instance.gone", "destroy (removed from the configuration)"],
      ["appmgmt_instance.fork", "reconfigure in place"],
      ["appmgmt_instance.a_new", "launch"],
      ["appmgmt_instance.z_new", "launch"],
      ["appmgmt_instance.adopted", "import"],
      ["appmgmt_instance.renamed", "move from appmgmt_instance.old"],
      ["appmgmt_instance.left", "forget (removed from state; the instance keeps running)"],
    ]);
    expect(review.summary).toMatchObject({ unchanged: 1, dataSourcesRead: 1, otherChanges: 1 });
    expect(review.otherChanges).toEqual(["terraform_data.x: create"]);
    const md = renderMarkdown(review);
    // the marker pipelines find their earlier comment by, then the heading and the summary
    expect(md.split("\n").slice(0, 2)).toEqual([REVIEW_MARKER, "## appmgmt review"]);
    expect(md.split("\n")[3]).toBe(
      "**2 to launch, 1 to reconfigure (0 values reset to defaults), 1 to replace, 1 to destroy, 1 to import, 1 to move, 1 to forget**",
    );
    expect(md).toContain("Not listed: 1 unchanged, 1 data source read, 1 other resource change.");
  });

  test("a reconfigure lists changed values and the values it resets, with defaults from the manifest", () => {
    const before = instance({
      parameters: { "input.app-fork": "release-1", "input.db-size": "medium" },
      submodules: {
        db: { revision_id: null, manifest_version: null, parameters: { "input.engine": "postgres-16" } },
      },
      effective_parameters: {
        "input.app-fork": "release-1",
        "input.db-size": "medium",
        "input.replicas": "4",
      },
    });
    const after = instance({ parameters: { "input.app-fork": "release-2" }, submodules: null });
    const review = buildReview(
      plan(
        change("appmgmt_instance.web", ["update"], before, after, {
          after_unknown: { effective_parameters: true },
        }),
      ),
    );
    const [web] = review.instances;
    expect(web.workflow).toMatch(/^reconfigure/);
    expect(web.resets).toEqual([
      {
        attribute: 'parameters["input.db-size"]',
        current: { kind: "value", value: "medium" },
        default: "small",
      },
      // set outside terraform (effective value), reset all the same
      { attribute: 'parameters["input.replicas"]', current: { kind: "value", value: "4" }, default: "1" },
    ]);
    // a submodule's defaults are in its own manifest: the review cannot claim the engine changes
    expect(web.possibleResets).toEqual([
      {
        attribute: 'submodules["db"].parameters["input.engine"]',
        current: { kind: "value", value: "postgres-16" },
        because: "submodule-default",
      },
    ]);
    expect(review.summary).toMatchObject({ resets: 2, possibleResets: 1 });
    const [section] = instanceSections(renderMarkdown(review));
    expect(section.heading).toBe("web (appmgmt_instance.web): reconfigure in place");
    expect(section.tables[0]).toEqual([
      ["attribute", "before", "after"],
      ['parameters["input.app-fork"]', "release-1", "release-2"],
      ['parameters["input.db-size"]', "medium", "(none)"],
      ['submodules["db"].parameters["input.engine"]', "postgres-16", "(none)"],
    ]);
    expect(section.tables[1]).toEqual([
      ["attribute", "now", "after the reconfigure"],
      ['parameters["input.db-size"]', "medium", "small"],
      ['parameters["input.replicas"]', "4", "1"],
    ]);
    expect(section.tables[2]).toEqual([
      ["attribute", "now", "after the reconfigure"],
      [
        'submodules["db"].parameters["input.engine"]',
        "postgres-16",
        "unknown: its default is in the submodule's own manifest",
      ],
    ]);
    // reset: certain resets only, each with the value it becomes; possible-reset: the rest
    expect(policyViolations(review, ["replace", "destroy", "reset", "possible-reset"])).toEqual([
      {
        policy: "reset",
        address: "appmgmt_instance.web",
        instanceName: "web",
        why: 'resets parameters["input.db-size"] (medium → small), parameters["input.replicas"] (4 → 1)',
      },
      {
        policy: "possible-reset",
        address: "appmgmt_instance.web",
        instanceName: "web",
        why: 'may reset submodules["db"].parameters["input.engine"]',
      },
    ]);
  });

  test("a change of the manifest text alone runs no workflow and resets nothing", () => {
    const review = buildReview(
      plan(
        change(
          "appmgmt_instance.web",
          ["update"],
          instance(),
          instance({ manifest: `${WEBSHOP_MANIFEST}\n# note\n` }),
        ),
      ),
    );
    expect(review.instances[0]).toMatchObject({
      kind: "settings",
      action: "update of terraform-only settings (manifest)",
      workflow: "none: these settings stay in terraform",
    });
    expect(summaryLine(review)).toBe(
      "0 to launch, 0 to reconfigure (0 values reset to defaults), 0 to replace, 0 to destroy, 1 with terraform-only changes",
    );
    expect(review.instances[0].resets).toEqual([]);
  });

  test("sensitive and unknown values are shown as terraform shows them", () => {
    const after = instance({ parameters: { "input.app-fork": "secret-fork" } });
    const review = buildReview(
      plan(
        change("appmgmt_instance.web", ["create"], null, after, {
          after_unknown: { id: true, manifest_version: true },
          after_sensitive: { parameters: { "input.app-fork": true } },
        }),
      ),
    );
    const text = renderText(review);
    expect(text).not.toContain("secret-fork");
    expect(text).toMatch(/parameters\["input.app-fork"\] +\(none\) → \(sensitive value\)/);
    expect(text).toMatch(/manifest_version +\(none\) → \(known after apply\)/);
    expect(renderText(review, { colour: true })).toContain(
      "\x1b[32mweb (appmgmt_instance.web): launch\x1b[0m",
    );
  });

  test("a replacement names every attribute forcing it, or terraform's reason", () => {
    const review = buildReview(
      plan(
        change("appmgmt_instance.a", ["create", "delete"], instance(), instance(), {
          replace_paths: [["submodules", "db", "revision_id"], ["instance_name"]],
        }),
        change("appmgmt_instance.b", ["delete", "create"], instance(), instance(), {
          action_reason: "replace_because_tainted",
        }),
      ),
    );
    expect(review.instances.map((i) => [i.action, i.workflow])).toEqual([
      [
        'replace (instance_name, submodules["db"].revision_id force it)',
        "launch of the new instance, then destroy of the old one (create_before_destroy)",
      ],
      [
        "replace (tainted: an earlier launch failed or did not finish)",
        "destroy of the old instance, then launch of the new one",
      ],
    ]);
  });

  test("binding-rule findings come from src/rules", () => {
    const after = instance({
      submodules: {
        db: { revision_id: null, manifest_version: null, parameters: { "input.size": "large" } },
      },
    });
    const [web] = buildReview(plan(change("appmgmt_instance.web", ["create"], null, after))).instances;
    expect(web.findings).toEqual([expect.stringContaining("set parameters['input.db-size'] instead")]);
  });

  test("long diffs are collapsed in <details>; odd values stay inside their table cell", () => {
    const parameters = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`input.p${i}`, `v|${i}\`x`]));
    const review = buildReview(
      plan(change("appmgmt_instance.web", ["create"], null, instance({ parameters, manifest: null }))),
    );
    const md = renderMarkdown(review);
    expect(md).toContain("<details><summary>16 values change</summary>");
    const [section] = instanceSections(md);
    const rows = section.tables[0].filter((r) => r[0].startsWith("parameters"));
    expect(rows[0]).toEqual(['parameters["input.p0"]', "(none)", "v|0`x"]);
    expect(rows).toHaveLength(12);
  });

  test("the Markdown stays under the limit and says what it cut", () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      change(
        `appmgmt_instance.i${String(i).padStart(3, "0")}`,
        ["create"],
        null,
        // each launches with its own values, so no two are reviewed as one group
        instance({ manifest: null, instance_name: `i${i}`, parameters: { "input.app-fork": `fork-${i}` } }),
      ),
    );
    const md = renderMarkdown(buildReview(plan(...many)), { limit: 20_000 });
    expect(md.length).toBeLessThanOrEqual(20_000);
    expect(md).toMatch(/\*\*Cut:\*\* the details of \d+ instances are left out/);
    const sections = instanceSections(md);
    expect(sections[0].heading).toBe("i0 (appmgmt_instance.i000): launch");
    const listed = md.match(/^- i\d+ \(`appmgmt_instance\.i\d+`\): launch$/gm) ?? [];
    const more = Number(/^- … and (\d+) more$/m.exec(md)?.[1]);
    // every instance is either detailed, listed by name in the note, or counted as "more"
    expect(sections.length + listed.length + more).toBe(300);
    const full = renderMarkdown(buildReview(plan(...many)));
    expect(full.length).toBeLessThanOrEqual(65_536);
  });
});

describe("parsePlanJson", () => {
  test.each([
    ["", /the input is empty/],
    ["not json", /the input is not JSON .*terraform show -json PLANFILE/],
    ["[1]", /not a terraform plan \(not an object\)/],
    ['{"a":1}', /not a terraform plan \(no format_version\)/],
    ['{"format_version":"2.0","planned_values":{}}', /unsupported plan format_version "2.0"/],
    ['{"format_version":"1.0","values":{}}', /looks like a state/],
  ])("refuses %j", (text, message) => {
    expect(() => parsePlanJson(text)).toThrow(ReviewInputError);
    expect(() => parsePlanJson(text)).toThrow(message);
  });
});

describe("one rule for resets (src/rules reconfigureResets, as the plan's warnings use it)", () => {
  const manifest = parseManifest(WEBSHOP_MANIFEST);
  const current = { "input.app-fork": "master", "input.db-size": "small", "input.replicas": "2" };
  test("with the manifest, a value at its default is no reset; a revision's values are not defaults", () => {
    expect(reconfigureResets(manifest, { current, after: {}, targetVersion: "same" })).toEqual({
      manifestApplies: true,
      resets: [{ path: ["parameters", "input.replicas"], current: "2", default: "1" }],
      possible: [],
    });
    const fromRevision = reconfigureResets(manifest, {
      current,
      after: {},
      afterRevision: true,
      targetVersion: "same",
    });
    expect(fromRevision.resets).toEqual([]);
    expect(fromRevision.possible.map((p) => [p.path[1], p.because])).toEqual([
      ["input.app-fork", "revision"],
      ["input.db-size", "revision"],
      ["input.replicas", "revision"],
    ]);
  });
  test("without a manifest, no reset is claimed: every unlisted actual value may be reset", () => {
    const plan = reconfigureResets(undefined, {
      current: { "input.a": "1", "input.b": "2" },
      currentSubmodules: { db: { "input.size": "2", "input.engine": "x" } },
      after: { parameters: { "input.a": "1" } },
      targetVersion: "same",
    });
    expect(plan.resets).toEqual([]);
    expect(plan.possible).toEqual([
      { path: ["parameters", "input.b"], current: "2", because: "no-manifest" },
      { path: ["submodules", "db", "parameters", "input.engine"], current: "x", because: "no-manifest" },
      {
        path: ["submodules", "db", "parameters", "input.size"],
        current: "2",
        because: "no-manifest",
        mayFollow: ["input.b"],
      },
    ]);
  });
  test("a manifest of another version than the running one is not used for defaults", () => {
    const v1 = parseManifest(DEMO_MANIFESTS.webshop[1]);
    const plan = reconfigureResets(v1, { current, after: {}, targetVersion: "same" });
    expect([plan.manifestApplies, plan.resets, plan.possible.length]).toEqual([false, [], 3]);
  });
  test("names in natural order: flag-2 before flag-10", () => {
    const plan = reconfigureResets(undefined, {
      current: { "input.flag-10": "a", "input.flag-2": "b", "input.flag-1": "c" },
      after: {},
      targetVersion: "same",
    });
    expect(plan.possible.map((p) => p.path[1])).toEqual(["input.flag-1", "input.flag-2", "input.flag-10"]);
  });
});

describe("a review a reviewer wants to read (issue 20 item 9)", () => {
  /** A for_each member: address web["key"], instance_name web-key. */
  const member = (key: string, values: Record<string, unknown> = {}) =>
    instance({ instance_name: `web-${key}`, ...values });

  test("a for_each of 60 instances changing one value is one section listing the 60, by name and address", () => {
    const keys = Array.from({ length: 60 }, (_, i) => String(i + 1));
    const review = buildReview(
      plan(
        ...keys.map((k) =>
          change(
            `appmgmt_instance.web["${k}"]`,
            ["update"],
            member(k),
            member(k, { parameters: { "input.app-fork": "release-2" } }),
          ),
        ),
      ),
    );
    const md = renderMarkdown(review);
    const sections = instanceSections(md);
    expect(sections.map((x) => x.heading)).toEqual(["60 instances: reconfigure in place"]);
    const [section] = sections;
    // natural order of addresses: web["2"] before web["10"]
    const members = section.paragraphs.filter((p) => p.startsWith("web-"));
    expect(members.slice(0, 3)).toEqual([
      'web-1 (appmgmt_instance.web["1"])',
      'web-2 (appmgmt_instance.web["2"])',
      'web-3 (appmgmt_instance.web["3"])',
    ]);
    expect(members).toHaveLength(60);
    // plain changes: the long list of who folds; the one changed value is shown once
    expect(md).toContain("<details><summary>60 instances</summary>");
    expect(section.tables[0]).toEqual([
      ["attribute", "before", "after"],
      ['parameters["input.app-fork"]', "release-1", "release-2"],
    ]);
    expect(renderText(review)).toContain(
      '60 instances: reconfigure in place\n  - web-1 (appmgmt_instance.web["1"])',
    );
  });

  test("instances changing differently keep their own sections", () => {
    const review = buildReview(
      plan(
        change(
          "appmgmt_instance.a",
          ["update"],
          member("a"),
          member("a", { parameters: { "input.app-fork": "x" } }),
        ),
        change(
          "appmgmt_instance.b",
          ["update"],
          member("b"),
          member("b", { parameters: { "input.app-fork": "y" } }),
        ),
      ),
    );
    expect(instanceSections(renderMarkdown(review)).map((x) => x.heading)).toEqual([
      "web-a (appmgmt_instance.a): reconfigure in place",
      "web-b (appmgmt_instance.b): reconfigure in place",
    ]);
  });

  test("never folds a reset, a replace reason or a destroy; only plain changes fold", () => {
    const parameters = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`input.p${i}`, `v${i}`]));
    const before = instance({
      manifest: null,
      effective_parameters: { ...parameters, "input.kept": "k" },
      parameters: { ...parameters, "input.kept": "k" },
    });
    const after = instance({
      manifest: null,
      parameters: Object.fromEntries(Object.keys(parameters).map((k) => [k, "new"])),
    });
    const destroyed = Array.from({ length: 15 }, (_, i) =>
      change(`appmgmt_instance.old["${i}"]`, ["delete"], member(`old-${i}`), null),
    );
    const md = renderMarkdown(
      buildReview(
        plan(
          change("appmgmt_instance.web", ["update"], before, after),
          change(
            "appmgmt_instance.swap",
            ["delete", "create"],
            member("swap"),
            member("swap", { application_id: "5f0000000000000000000a12" }),
            {
              replace_paths: [["application_id"]],
            },
          ),
          ...destroyed,
        ),
      ),
    );
    const sections = instanceSections(md);
    expect(sections.map((x) => x.heading)).toEqual([
      "web-swap (appmgmt_instance.swap): replace (application_id forces it)",
      "15 instances: destroy",
      "web (appmgmt_instance.web): reconfigure in place",
    ]);
    // what is inside <details> blocks: only the reconfigure's plain value changes
    const folded = [...md.matchAll(/<details>[\s\S]*?<\/details>/g)].map((m) => m[0]);
    expect(folded).toHaveLength(1);
    expect(folded[0]).toContain("13 values change");
    expect(folded[0]).not.toContain("may reset");
    expect(folded[0]).not.toContain("appmgmt_instance.old");
    const web = sections[2];
    // the value left out is listed outside the fold, as one the reconfigure may reset
    expect(web.tables[1]).toEqual([
      ["attribute", "now", "after the reconfigure"],
      ['parameters["input.kept"]', "k", "unknown: defaults unknown without manifest"],
    ]);
    expect(sections[1].paragraphs).toContain('web-old-14 (appmgmt_instance.old["14"])');
  });

  test("--fail-on names each address and the rule it breaks, in the review too", () => {
    const review = buildReview(
      plan(
        change("appmgmt_instance.gone", ["delete"], member("gone"), null),
        change(
          "appmgmt_instance.web",
          ["update"],
          instance({ manifest: null }),
          instance({ manifest: null, parameters: {} }),
        ),
      ),
    );
    // values that may be reset break possible-reset, not reset
    expect(policyViolations(review, ["reset"])).toEqual([]);
    const violations = policyViolations(review, ["possible-reset", "destroy"]);
    expect(violations.map(violationLine)).toEqual([
      "destroy: web-gone (appmgmt_instance.gone): destroy",
      'possible-reset: web (appmgmt_instance.web): may reset parameters["input.app-fork"], parameters["input.db-size"], parameters["input.replicas"]',
    ]);
    review.policy = { failOn: ["possible-reset", "destroy"], violations };
    const head = parseMarkdown(renderMarkdown(review)).find((x) => x.heading === "appmgmt review")!;
    expect(head.paragraphs).toEqual(
      expect.arrayContaining([
        "--fail-on possible-reset,destroy: 2 violations (the review exits 3):",
        "destroy: web-gone (appmgmt_instance.gone): destroy",
        'possible-reset: web (appmgmt_instance.web): may reset parameters["input.app-fork"], parameters["input.db-size"], parameters["input.replicas"]',
      ]),
    );
    expect(renderText(review)).toContain("  destroy: web-gone (appmgmt_instance.gone): destroy\n");
  });

  test("keys sort naturally (flag-2 before flag-10) and the JSON form carries a formatVersion", () => {
    const parameters = { "input.flag-10": "a", "input.flag-2": "b", "input.flag-1": "c" };
    const review = buildReview(
      plan(change("appmgmt_instance.web", ["create"], null, instance({ manifest: null, parameters }))),
    );
    expect(
      review.instances[0].changes.filter((c) => c.attribute.startsWith("parameters")).map((c) => c.attribute),
    ).toEqual(['parameters["input.flag-1"]', 'parameters["input.flag-2"]', 'parameters["input.flag-10"]']);
    expect(JSON.parse(JSON.stringify(review))).toMatchObject({ formatVersion: REVIEW_FORMAT_VERSION });
    expect(REVIEW_FORMAT_VERSION).toBe("1.3");
  });
});
