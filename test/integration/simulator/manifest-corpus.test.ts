// The corpus of manifests in the service's form against the simulator over loopback HTTP (issue 31 item 4, issue 27
// item 6): each is uploaded and launched, reconfigured, its commands run as workflows, its launch signals
// published as return values, and the hierarchy below a submodule resolved from each application's own manifest.
import type { AppMgmtClient } from "../../../src/client";
import { DEMO } from "../../../src/simulator";
import { CORPUS, corpusManifest, corpusSeed } from "../../helpers/manifest-corpus";
import { runDiscover } from "../../helpers/discover";
import { settled, startHarness, type Harness } from "../client/setup";

let h: Harness;
let client: AppMgmtClient;
const appIds: Record<string, string> = {};
beforeAll(async () => {
  h = await startHarness(corpusSeed());
  client = h.client;
  for (const name of CORPUS) {
    const { id } = await client.createApplication(DEMO.organizationId, { name });
    await expect(client.uploadManifest(id, corpusManifest(name))).resolves.toEqual({ version: 1 });
    appIds[name] = id;
  }
});
afterAll(() => h.close());

async function launchedApp(name: (typeof CORPUS)[number], request = {}) {
  const { id } = await client.launch(appIds[name], request);
  const status = await settled(client, id);
  expect(status.status).toBe("Running");
  return { id, status };
}

describe("the corpus against the simulator", () => {
  it.each(CORPUS)("%s: uploads, launches with its defaults, reconfigures and destroys", async (name) => {
    const { id, status } = await launchedApp(name);
    const defaults = Object.keys(status.parameters);
    await client.reconfigure(id, { parameters: status.parameters });
    expect((await settled(client, id)).status).toBe("Running");
    expect(Object.keys((await client.getInstance(id)).parameters)).toEqual(defaults);
    await client.destroy(id);
    expect((await settled(client, id)).status).toBe("Destroyed");
  });

  it("publishes the signals launch returns as <interface>.<pin> return values, a list as a list", async () => {
    expect((await launchedApp("workflow-commands")).status.returnValues).toEqual({
      "endpoints.url": "https://shop.apps.example.test",
      "endpoints.build": "42",
    });
    expect((await launchedApp("typed-configuration")).status.returnValues).toEqual({
      "result.hosts": ["host-1.example.test", "host-2.example.test"],
    });
    expect((await launchedApp("dotted-bindings")).status.returnValues).toEqual({
      "endpoint.url": "https://web.apps.example.test",
    });
  });

  it("sends typed defaults as strings", async () => {
    expect((await launchedApp("typed-configuration")).status.parameters).toMatchObject({
      "input.replicas": "3",
      "input.zones": '["eu-west-1a","eu-west-1b"]',
      "input.debug": "false",
    });
  });

  it("runs the interfaces' commands as workflows <interface>.<command>, and refuses others naming them", async () => {
    const { id } = await launchedApp("workflow-commands");
    await client.runWorkflow(id, "manage.scale-up", { count: "2" });
    const after = await settled(client, id);
    expect(after.returnValues["manage.scale-up.count"]).toBe("2");
    await expect(client.runWorkflow(id, "scale-up", {})).rejects.toThrow("did you mean 'manage.scale-up'?");
  });

  it("resolves db/replica from db's own manifest: the nested value is set and the bound one refused", async () => {
    const { id, status } = await launchedApp("hierarchy-platform", {
      parameters: { "input.db-engine": "postgres-16" },
      submodules: {
        db: {
          parameters: { "input.replica-size": "large" },
          submodules: { replica: { parameters: { "input.lag": "1s" } } },
        },
      },
    });
    expect(status.submodules["db"].parameters).toMatchObject({
      "input.engine": "postgres-16",
      "input.replica-size": "large",
    });
    expect(status.submodules["db/replica"].parameters).toEqual({ "input.size": "large", "input.lag": "1s" });
    await expect(
      client.reconfigure(id, {
        submodules: { db: { submodules: { replica: { parameters: { "input.size": "huge" } } } } },
      }),
    ).rejects.toThrow("Fix: set submodules.db.parameters['input.replica-size'] instead");
  });
});

describe("the forms the service's engineers publish, against the simulator (issue 36)", () => {
  it("parameters on other interfaces: launched, reconfigured with a change, their command run", async () => {
    const { id, status } = await launchedApp("interface-parameters", {
      parameters: { "configuration.scm-uri": "https://git.example.test/fork.git" },
    });
    expect(status.parameters).toEqual({
      "configuration.scm-uri": "https://git.example.test/fork.git",
      "configuration.recipe-url": "https://recipes.example.test/shop.tar.gz",
      "in.app_input": "hello",
    });
    await client.reconfigure(id, { parameters: { ...status.parameters, "in.app_input": "changed" } });
    expect((await settled(client, id)).parameters["in.app_input"]).toBe("changed");
    await expect(client.reconfigure(id, { parameters: { "in.app_inptu": "x" } })).rejects.toThrow(
      "did you mean parameters['in.app_input']?",
    );
    await client.runWorkflow(id, "actions.redeploy", { revision: "r2" });
    expect((await settled(client, id)).returnValues["actions.redeploy.revision"]).toBe("r2");
  });

  it("three levels bound across levels on other interfaces: a change at the top reaches the bottom", async () => {
    const { id, status } = await launchedApp("tier-top", {
      submodules: { middle: { submodules: { child: { parameters: { "child_in.flavour": "large" } } } } },
    });
    expect(status.parameters).toEqual({
      "top_parent_in.middle_child_input": "from-the-top",
      "top_parent_in.region": "eu-west",
    });
    expect(status.submodules["middle"].parameters).toEqual({
      "parent_in.child_input": "from-the-top",
      "parent_in.middle_setting": "balanced",
    });
    expect(status.submodules["middle/child"].parameters).toEqual({
      "child_in.child_input": "from-the-top",
      "child_in.flavour": "large",
    });
    await client.reconfigure(id, {
      parameters: { ...status.parameters, "top_parent_in.middle_child_input": "changed" },
    });
    expect((await settled(client, id)).submodules["middle/child"].parameters["child_in.child_input"]).toBe(
      "changed",
    );
    await expect(
      client.reconfigure(id, {
        submodules: { middle: { submodules: { child: { parameters: { "child_in.child_input": "x" } } } } },
      }),
    ).rejects.toThrow("Fix: set submodules.middle.parameters['parent_in.child_input'] instead");
    // `appmgmt discover` adopts it with the same names: the main ones, and the free nested one only
    const adopted = await runDiscover(h.svc.url, [
      "--environment",
      DEMO.defaultEnvironmentId,
      "--application",
      appIds["tier-top"],
      "--format",
      "typescript",
    ]);
    expect(adopted.stdout).toContain('"top_parent_in.middle_child_input": "changed"');
    // (the reconfigure above listed no submodule values: flavour is back to its default)
    expect(adopted.stdout).toContain('"child_in.flavour": "small"');
    expect(adopted.stdout).toContain('"parent_in.middle_setting": "balanced"');
    expect(adopted.stdout).not.toContain('"child_in.child_input"');
    expect(adopted.stdout).not.toContain('"parent_in.child_input"');
  });

  it("a submodule referenced by name runs the organization's one application of that name", async () => {
    const { status } = await launchedApp("submodule-by-name");
    expect(status.submodules["database"].parameters).toEqual({ "input.size": "medium", "input.lag": "5s" });
    const { id } = await client.createApplication(DEMO.organizationId, { name: "by-name-refusals" });
    const naming = (name: string) =>
      corpusManifest("submodule-by-name").replace('application-id: "Database"', `application-id: "${name}"`);
    await expect(client.uploadManifest(id, naming("Nowhere"))).rejects.toThrow(
      'component database: __locator.application-id "Nowhere" names no application of organization ' +
        `${DEMO.organizationId}; use the name or id of one of: "webshop" (${DEMO.webshopApplicationId})`,
    );
    // two applications of one name: refused, naming both
    await client.createApplication(DEMO.organizationId, { name: "twice" });
    await client.createApplication(DEMO.organizationId, { name: "twice" });
    await expect(client.uploadManifest(id, naming("twice"))).rejects.toThrow(
      /__locator.application-id "twice" names 2 applications of organization \w+ \(\w{24}, \w{24}\); write the id of the one meant/,
    );
  });

  it("wildcard pins, anchors and a YAML 1.1 flow mapping: their parameters and return values", async () => {
    const wildcard = await launchedApp("wildcard-pins", { parameters: { "input.replicas": "4" } });
    expect(wildcard.status.parameters).toEqual({ "input.fork": "main", "input.replicas": "4" });
    expect(wildcard.status.returnValues).toEqual({
      "result.url": "https://cluster.apps.example.test",
      "result.hosts": ["node-1.example.test", "node-2.example.test"],
    });
    expect((await launchedApp("yaml-anchors")).status.returnValues).toEqual({
      "endpoints.blue": "https://blue.apps.example.test",
      "endpoints.green": "https://green.apps.example.test",
    });
    expect((await launchedApp("flow-mapping-indent")).status.returnValues).toEqual({
      "endpoints.said": "hello-world",
    });
  });
});
