// The review of appmgmt_application and appmgmt_instance_workflow changes: an application created or its
// manifest uploaded again, with what the new manifest changes; a workflow run with its name, parameters and
// instance (named through the configuration when its id is known only after apply); in every renderer.
import { buildReview, renderMarkdown, renderText, summaryLine, type PlanJson } from "../../../src/review";
import { DEMO_MANIFESTS } from "../../../src/simulator";
import { corpusManifest } from "../../helpers/manifest-corpus";

const V1 = DEMO_MANIFESTS.webshop[1];
const V2 = DEMO_MANIFESTS.webshop[2].replace("input.app-fork: master", "input.app-fork: main");
const WITH_BACKUP = `${V1}\n  workflows:\n    backup:\n      parameters:\n        target: configuration(string)\n`;
const ID = "6a0000000000000000000001";

function plan(
  resource_changes: PlanJson["resource_changes"],
  configuration?: PlanJson["configuration"],
): PlanJson {
  return { format_version: "1.2", resource_changes, ...(configuration ? { configuration } : {}) };
}

const application = (actions: string[], before: unknown, after: unknown, replace_paths?: string[][]) => ({
  address: "appmgmt_application.shop",
  mode: "managed" as const,
  type: "appmgmt_application",
  name: "shop",
  change: { actions, before, after, ...(replace_paths ? { replace_paths } : {}) },
});

describe("review of appmgmt_application", () => {
  it("names the workflows a manifest in the service's form adds: its commands, <interface>.<command>", () => {
    const text = corpusManifest("workflow-commands");
    const review = buildReview(plan([application(["create"], null, { name: "shop", manifest: text })]));
    expect(review.applications[0].manifestChanges).toEqual([
      'adds parameter input.app-branch (default "HEAD")',
      'adds parameter input.app-fork (default "master")',
      "adds workflow manage.deploy",
      "adds workflow manage.scale-up",
    ]);
  });

  it("names parameters of every interface <interface>.<pin>, wildcards expanded, as the plan does", () => {
    const text = corpusManifest("interface-parameters");
    const next = text.replace("in.app_input: hello", "in.app_input: bonjour");
    const review = buildReview(
      plan([
        application(["create"], null, { name: "catalogue", manifest: text }),
        {
          ...application(
            ["update"],
            { name: "w", manifest: corpusManifest("wildcard-pins"), manifest_version: 1 },
            { name: "w", manifest: next, manifest_version: null },
          ),
          address: "appmgmt_application.w",
        },
      ]),
    );
    expect(review.applications.map((a) => a.manifestChanges)).toEqual([
      [
        'adds parameter configuration.recipe-url (default "https://recipes.example.test/shop.tar.gz")',
        'adds parameter configuration.scm-uri (default "https://git.example.test/shop.git")',
        'adds parameter in.app_input (default "hello")',
        "adds workflow actions.redeploy",
      ],
      [
        'adds parameter configuration.recipe-url (default "https://recipes.example.test/shop.tar.gz")',
        'adds parameter configuration.scm-uri (default "https://git.example.test/shop.git")',
        'adds parameter in.app_input (default "bonjour")',
        "removes parameter input.fork",
        "removes parameter input.replicas",
        "adds workflow actions.redeploy",
      ],
    ]);
  });

  it("a new manifest version: what it adds, removes and whose default it changes", () => {
    const review = buildReview(
      plan([
        application(
          ["update"],
          { name: "shop", manifest: WITH_BACKUP, manifest_version: 1 },
          { name: "shop", manifest: V2, manifest_version: null },
        ),
      ]),
    );
    expect(review.applications).toEqual([
      {
        address: "appmgmt_application.shop",
        name: "shop",
        action: "replace its manifest: uploaded as the next manifest version",
        manifestChanges: [
          'adds parameter input.replicas (default "1")',
          'changes the default of input.app-fork from "master" to "main"',
          "removes workflow backup",
        ],
      },
    ]);
    expect(summaryLine(review)).toContain("1 application change");
    // Markdown escapes the underscores of addresses; read as rendered.
    const md = renderMarkdown(review).replace(/\\_/g, "_");
    expect(md).toContain("Applications:");
    expect(md).toContain(
      "- shop (appmgmt_application.shop): replace its manifest: uploaded as the next manifest version",
    );
    expect(md).toContain('  - adds parameter input.replicas (default "1")');
  });

  it("a created application lists its manifest; a replaced one says the old one stays; destroy forgets", () => {
    const created = buildReview(
      plan([application(["create"], null, { name: "shop", manifest: WITH_BACKUP })]),
    );
    expect(created.applications[0].action).toBe("create, and upload its manifest as version 1");
    expect(created.applications[0].manifestChanges).toEqual([
      'adds parameter input.app-fork (default "master")',
      'adds parameter input.db-size (default "small")',
      "adds submodule db",
      "adds workflow backup",
    ]);
    const replaced = buildReview(
      plan([
        application(["delete", "create"], { name: "shop", manifest: V1 }, { name: "shop-2", manifest: V1 }, [
          ["name"],
        ]),
      ]),
    );
    expect(replaced.applications[0].action).toMatch(
      /^replace \(name forces it\).*the old one stays in the service/,
    );
    expect(replaced.applications[0].manifestChanges).toEqual([]);
    const forgotten = buildReview(plan([application(["delete"], { name: "shop", manifest: V1 }, null)]));
    expect(renderText(forgotten)).toContain(
      "Applications:\n  shop (appmgmt_application.shop): forget (removed from the state: the API cannot delete an application; its instances are unaffected)",
    );
  });
});

describe("review of appmgmt_instance_workflow", () => {
  const run = (actions: string[], before: unknown, after: unknown, extra: object = {}) => ({
    address: "appmgmt_instance_workflow.backup",
    mode: "managed" as const,
    type: "appmgmt_instance_workflow",
    name: "backup",
    change: { actions, before, after, ...extra },
  });

  it("names the workflow, its parameters and the instance by its name and address", () => {
    const instance = {
      address: "appmgmt_instance.shop",
      mode: "managed" as const,
      type: "appmgmt_instance",
      name: "shop",
      change: {
        actions: ["no-op"],
        before: { id: ID, instance_name: "shop-1" },
        after: { id: ID, instance_name: "shop-1" },
      },
    };
    const before = {
      instance_id: ID,
      workflow: "backup",
      parameters: { target: "s3://a" },
      triggers: { v: "1" },
    };
    const after = { ...before, parameters: { target: "s3://b" }, triggers: { v: "2" } };
    const review = buildReview(
      plan([
        instance,
        run(["delete", "create"], before, after, { replace_paths: [["triggers"], ["parameters"]] }),
      ]),
    );
    expect(review.workflowRuns).toEqual([
      {
        address: "appmgmt_instance_workflow.backup",
        workflow: "backup",
        action: "run again (parameters, triggers force it)",
        instance: "shop-1 (appmgmt_instance.shop)",
        parameters: { target: "s3://b" },
      },
    ]);
    expect(renderMarkdown(review).replace(/\\_/g, "_")).toContain(
      "- workflow backup on shop-1 (appmgmt_instance.shop), parameters target=s3://b (appmgmt_instance_workflow.backup): run again (parameters, triggers force it)",
    );
    expect(summaryLine(review)).toContain("1 workflow run");
  });

  it("an instance launched in the same plan is named through the configuration's reference", () => {
    const instance = {
      address: "appmgmt_instance.shop",
      mode: "managed" as const,
      type: "appmgmt_instance",
      name: "shop",
      change: {
        actions: ["create"],
        before: null,
        after: { instance_name: "shop-1" },
        after_unknown: { id: true },
      },
    };
    const review = buildReview(
      plan(
        [
          instance,
          run(
            ["create"],
            null,
            { workflow: "backup", parameters: {} },
            { after_unknown: { instance_id: true } },
          ),
        ],
        {
          root_module: {
            resources: [
              {
                address: "appmgmt_instance_workflow.backup",
                expressions: {
                  instance_id: { references: ["appmgmt_instance.shop.id", "appmgmt_instance.shop"] },
                },
              },
            ],
          },
        },
      ),
    );
    expect(review.workflowRuns[0]).toMatchObject({
      action: "run",
      instance: "shop-1 (appmgmt_instance.shop), known after apply",
    });
    expect(renderText(review)).toContain(
      "workflow backup on shop-1 (appmgmt_instance.shop), known after apply, no parameters",
    );
  });
});
