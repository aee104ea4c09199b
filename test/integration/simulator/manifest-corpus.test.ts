// The corpus of manifests in the service's form against the simulator over loopback HTTP (issue 31 item 4, issue 27
// item 6): each is uploaded and launched, reconfigured, its commands run as workflows, its launch signals
// published as return values, and the hierarchy below a submodule resolved from each application's own manifest.
import type { AppMgmtClient } from "../../../src/client";
import { DEMO } from "../../../src/simulator";
import { CORPUS, corpusManifest, corpusSeed } from "../../helpers/manifest-corpus";
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
