// The corpus of manifests in the service's form with real terraform (issue 31 item 5, issue 27 item 6): each one is
// uploaded through appmgmt_application, launched and reconfigured by appmgmt_instance against the simulator, in one
// working directory. The plan warns about what it could not check (db/replica, whose components only db's own
// manifest declares) and how typed defaults are sent; a binding-rule violation and a command named without its
// interface fail the plan; a command runs as a workflow through appmgmt_instance_workflow.
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { CORPUS, corpusManifest, corpusSeed, type CorpusName } from "../helpers/manifest-corpus";
import { PROVIDER_HCL } from "../helpers/terraform";

/** The parameter each instance changes on reconfigure. */
const CHANGED: Record<CorpusName, [string, string]> = {
  "workflow-commands": ["input.app-branch", "release-2"],
  "hierarchy-platform": ["input.app-fork", "feature"],
  "db-cluster": ["input.engine", "postgres-16"],
  "db-replica": ["input.lag", "30s"],
  "dotted-bindings": ["input.web-fork", "canary"],
  "typed-configuration": ["input.replicas", "5"],
  "service-consumer": ["input.key-id", "rotated-key"],
  "interface-parameters": ["in.app_input", "changed"],
  "interface-bindings": ["input.image", "ubuntu-24.04"],
  "yaml-anchors": ["input.green-fork", "release"],
  "flow-mapping-indent": ["input.greeting", "hi"],
  "submodule-by-name": ["input.database-size", "large"],
  "wildcard-pins": ["input.replicas", "5"],
  "tier-top": ["top_parent_in.middle_child_input", "changed-at-top"],
  "tier-middle": ["parent_in.middle_setting", "fast"],
  "tier-bottom": ["child_in.flavour", "large"],
};

const resourceName = (name: CorpusName) => name.replace(/-/g, "_");

function stack(
  opts: { changed?: boolean; extra?: string; platformDb?: string; tierMiddle?: string } = {},
): string {
  const blocks = CORPUS.map((name) => {
    const r = resourceName(name);
    const [key, value] = CHANGED[name];
    const parameters = opts.changed ? `{ "${key}" = "${value}" }` : "{}";
    const submodules =
      name === "hierarchy-platform"
        ? `
  submodules = {
    db           = { parameters = { ${opts.platformDb ?? '"input.replica-size" = "large"'} } }
    "db/replica" = { parameters = { "input.lag" = "1s" } }
  }`
        : name === "tier-top" && opts.tierMiddle
          ? `
  submodules = {
    middle = { parameters = { ${opts.tierMiddle} } }
  }`
          : "";
    // not the seeded children's names: a create adopts a forgotten application of its name (issue 35)
    return `
resource "appmgmt_application" "${r}" {
  organization_id = "${DEMO.organizationId}"
  name            = "corpus-${name}"
  manifest        = file("\${path.module}/${name}.yml")
}

resource "appmgmt_instance" "${r}" {
  application_id   = appmgmt_application.${r}.id
  manifest_version = appmgmt_application.${r}.manifest_version
  manifest         = appmgmt_application.${r}.manifest
  instance_name    = "corpus-${name}"
  parameters       = ${parameters}${submodules}
}
`;
  });
  return `${PROVIDER_HCL}${blocks.join("")}${opts.extra ?? ""}`;
}

const scaleUp = (workflow: string) => `
resource "appmgmt_instance_workflow" "scale_up" {
  instance_id = appmgmt_instance.workflow_commands.id
  workflow    = "${workflow}"
  parameters  = { count = "3" }
  manifest    = appmgmt_instance.workflow_commands.manifest
}
`;

describe("the manifest corpus with real terraform", () => {
  const ctx = useTerraformAgainstSimulator({ seed: corpusSeed() });
  const instanceId = async (name: CorpusName) =>
    (await ctx.tf.resource(`appmgmt_instance.${resourceName(name)}`))!.values.id as string;

  test("uploads, launches and reconfigures every manifest; warns about what it could not check", async () => {
    const { tf, svc } = ctx;
    for (const name of CORPUS) tf.writeFile(`${name}.yml`, corpusManifest(name));
    tf.writeMain(stack());
    await tf.init();
    const plan = await tf.plan();
    const said = `${plan.stdout}${plan.stderr}`.replace(/\s+/g, " ");
    expect(said).toContain("Nested submodule not checked at plan");
    expect(said).toContain(
      `submodules["db/replica"] is sent as written: the manifest does not declare the components of submodule db ` +
        `(application 5f00000000000000000031c1 declares them in its own manifest)`,
    );
    expect(said).toContain("Typed defaults sent as strings");
    expect(said).toContain(
      'the list default of input.zones (configuration(list<string>)) is sent as the JSON text "[\\"eu-west-1a\\",\\"eu-west-1b\\"]"',
    );
    expect(said).toContain(
      'the number default of input.replicas (configuration(int)) is sent as the string "3"',
    );
    expect(said).toContain("Manifest YAML accepted as YAML 1.1 reads it");
    expect(said).toContain("line 9: the closing `}` is indented less than its key");
    await tf.apply();

    for (const name of CORPUS) {
      const status = await svc.client.getInstance(await instanceId(name));
      expect({ name, status: status.status, version: status.version }).toEqual({
        name,
        status: "Running",
        version: 1,
      });
    }
    const platform = await svc.client.getInstance(await instanceId("hierarchy-platform"));
    expect(platform.submodules["db/replica"].parameters).toEqual({
      "input.size": "large",
      "input.lag": "1s",
    });
    const top = await svc.client.getInstance(await instanceId("tier-top"));
    expect(top.submodules["middle/child"].parameters["child_in.child_input"]).toBe("from-the-top");
    expect(
      (await svc.client.getInstance(await instanceId("submodule-by-name"))).submodules["database"].parameters,
    ).toEqual({
      "input.size": "medium",
      "input.lag": "5s",
    });
    expect((await tf.resource("appmgmt_instance.interface_parameters"))!.values.effective_parameters).toEqual(
      {
        "configuration.scm-uri": "https://git.example.test/shop.git",
        "configuration.recipe-url": "https://recipes.example.test/shop.tar.gz",
        "in.app_input": "hello",
      },
    );
    const commands = (await tf.resource("appmgmt_instance.workflow_commands"))!.values;
    expect(commands.return_values).toEqual({
      "endpoints.url": "https://shop.apps.example.test",
      "endpoints.build": "42",
    });
    expect(
      (await tf.resource("appmgmt_instance.typed_configuration"))!.values.effective_parameters,
    ).toMatchObject({
      "input.replicas": "3",
      "input.zones": '["eu-west-1a","eu-west-1b"]',
    });

    tf.writeMain(stack({ changed: true }));
    const changes = (await tf.plannedChanges()).map((c) => `${c.address}:${c.action}`).sort();
    expect(changes).toEqual(CORPUS.map((name) => `appmgmt_instance.${resourceName(name)}:update`).sort());
    await tf.apply();
    for (const name of CORPUS) {
      const id = await instanceId(name);
      const [key, value] = CHANGED[name];
      expect((await svc.client.getInstance(id)).parameters[key]).toBe(value);
    }
    const topAfter = await svc.client.getInstance(await instanceId("tier-top"));
    expect(topAfter.submodules["middle/child"].parameters["child_in.child_input"]).toBe("changed-at-top");
    expect((await tf.plan()).code).toBe(0);
  }, 300_000);

  test("a parameter bound across levels on another interface fails the plan naming the top one", async () => {
    const { tf } = ctx;
    tf.writeMain(stack({ changed: true, tierMiddle: '"parent_in.child_input" = "x"' }));
    const plan = await tf.plan({ check: false });
    expect(plan.code).toBe(1);
    expect(plan.stderr.replace(/\s+/g, " ")).toContain(
      "Fix: set parameters['top_parent_in.middle_child_input'] instead",
    );
  });

  test("submodules by name: an unknown one fails the apply before anything is created; one created first resolves", async () => {
    const { tf, svc } = ctx;
    const named = (resource: string, reference: string, dependsOn = "") => `
resource "appmgmt_application" "${resource}" {
  organization_id = "${DEMO.organizationId}"
  name            = "${resource}"
  manifest        = replace(file("\${path.module}/submodule-by-name.yml"), "Database", "${reference}")${dependsOn}
}
`;
    const applications = async () =>
      (await svc.client.listApplications(DEMO.organizationId)).map((a) => a.name).sort();
    const before = await applications();
    tf.writeMain(stack({ changed: true, extra: named("by_unknown_name", "Nowhere") }));
    const plan = await tf.plan();
    expect(`${plan.stdout}${plan.stderr}`.replace(/\s+/g, " ")).toContain(
      "Submodule reference not resolved at plan",
    );
    const refused = await tf.apply({ check: false });
    expect(refused.code).toBe(1);
    expect(refused.stderr.replace(/\s+/g, " ")).toContain(
      'component database: __locator.application-id "Nowhere" names no application of organization',
    );
    expect(await applications()).toEqual(before);

    tf.writeMain(
      stack({
        changed: true,
        extra:
          named("named_first", "Database") +
          named(
            "by_name_of_another",
            "named_first",
            "\n  depends_on      = [appmgmt_application.named_first]",
          ),
      }),
    );
    await tf.apply();
    expect(await applications()).toEqual([...before, "by_name_of_another", "named_first"].sort());
  });

  test("a parameter db's restated pin binds fails the plan naming the fix; nothing is sent", async () => {
    const { tf, svc } = ctx;
    const reconfigures = () => svc.sim.stats.requests.filter((r) => r.path.endsWith("/configuration")).length;
    const before = reconfigures();
    tf.writeMain(stack({ changed: true, platformDb: '"input.engine" = "mysql-8"' }));
    const plan = await tf.plan({ check: false });
    expect(plan.code).toBe(1);
    const output = plan.stderr.replace(/\s+/g, " ");
    expect(output).toContain(
      "submodules.db.parameters['input.engine']: input.engine of submodule db is bound to",
    );
    expect(output).toContain("Fix: set parameters['input.db-engine'] instead");
    expect(reconfigures()).toBe(before);
  });

  test("an interface command runs as a workflow; a bare command name fails the plan with did you mean", async () => {
    const { tf, svc } = ctx;
    tf.writeMain(stack({ changed: true, extra: scaleUp("scale-up") }));
    const refused = await tf.plan({ check: false });
    expect(refused.code).toBe(1);
    expect(refused.stderr.replace(/\s+/g, " ")).toContain("did you mean 'manage.scale-up'?");

    tf.writeMain(stack({ changed: true, extra: scaleUp("manage.scale-up") }));
    await tf.apply();
    const history = (await svc.client.getInstance(await instanceId("workflow-commands"))).workflowHistory;
    expect(history.map((r) => `${r.name}:${r.status}`)).toContain("manage.scale-up:Succeeded");
  });

  test("destroys every instance of the corpus", async () => {
    const { tf, svc } = ctx;
    const ids = await Promise.all(CORPUS.map((name) => instanceId(name)));
    await tf.destroy();
    for (const id of ids) expect((await svc.client.getInstance(id)).status).toBe("Destroyed");
  });
});
