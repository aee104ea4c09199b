// Client ↔ simulator over HTTP: POST /api/1/organizations/{org}/applications and
// PUT /api/1/applications/{app}/manifest (application/x-yaml), the manifest checked by the project's parser,
// versions kept and launchable, and both kept across a --state restart.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AppMgmtClient, BadRequestError } from "../../../src/client";
import { DEMO, DEMO_MANIFESTS } from "../../../src/simulator";
import { call, startFast } from "../simulator/http";
import { settled, startHarness, type Harness } from "./setup";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe("applications and manifests through the client", () => {
  it("creates an application, uploads versions 1 and 2, launches either; a missing version is refused", async () => {
    const { id } = await h.client.createApplication(DEMO.organizationId, { name: "shop" });
    expect(await h.client.listApplications(DEMO.organizationId)).toContainEqual({ id, name: "shop" });
    await expect(h.client.launch(id, {})).rejects.toThrow(/has no manifest yet; upload one/);

    expect(await h.client.uploadManifest(id, DEMO_MANIFESTS.webshop[1])).toEqual({ version: 1 });
    expect(await h.client.uploadManifest(id, DEMO_MANIFESTS.webshop[2])).toEqual({ version: 2 });

    const latest = await settled(h.client, (await h.client.launch(id, { destroyInterval: -1 })).id);
    expect(latest).toMatchObject({ status: "Running", version: 2, application: id });
    expect(latest.parameters["input.replicas"]).toBe("1");
    const first = await settled(
      h.client,
      (await h.client.launch(id, { version: 1, destroyInterval: -1 })).id,
    );
    expect(first).toMatchObject({ status: "Running", version: 1 });
    expect(Object.keys(first.parameters)).not.toContain("input.replicas");
    const missing = await h.client.launch(id, { version: 3 }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(BadRequestError);
    expect((missing as Error).message).toContain("use one of 1, 2");
  });

  it("refuses a manifest the parser refuses with 400 and the parser's message", async () => {
    const { id } = await h.client.createApplication(DEMO.organizationId, { name: "broken" });
    const err = await h.client
      .uploadManifest(id, "application:\n  interfaces:\n    input:\n      size: bind(nowhere#input.size)\n")
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadRequestError);
    expect((err as BadRequestError).errors[0]).toMatch(/^incorrect manifest: [\s\S]*nowhere/);
    // Nothing was kept: the application still has no version.
    await expect(h.client.launch(id, {})).rejects.toThrow(/has no manifest yet/);
  });

  it("takes the YAML as application/x-yaml only (JSON is 400, incorrect content type), and refuses other organizations' ids", async () => {
    const { id } = await h.client.createApplication(DEMO.organizationId, { name: "typed" });
    const json = await call(h.svc.url, "PUT", `/api/1/applications/${id}/manifest`, {
      body: { manifest: DEMO_MANIFESTS.postgres[1] },
    });
    expect(json.status).toBe(400);
    expect(JSON.stringify(json.body)).toContain("incorrect content type");
    expect(JSON.stringify(json.body)).toContain("application/x-yaml");
    await expect(h.client.createApplication("5f00000000000000000000ff", { name: "nowhere" })).rejects.toThrow(
      /not found/,
    );
  });
});

describe("created applications and uploaded manifests across a restart", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "appmgmt-sim-apps-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps both in the state file", async () => {
    const statePath = join(dir, "state.json");
    const first = await startFast({ statePath });
    const client = (url: string) =>
      new AppMgmtClient({ baseUrl: url, email: DEMO.email, password: DEMO.password });
    const c1 = client(first.url);
    const { id } = await c1.createApplication(DEMO.organizationId, { name: "kept" });
    await c1.uploadManifest(id, DEMO_MANIFESTS.postgres[1]);
    await c1.close();
    await first.close();

    const second = await startFast({ statePath });
    const c2 = client(second.url);
    try {
      expect(await c2.listApplications(DEMO.organizationId)).toContainEqual({ id, name: "kept" });
      expect(await c2.uploadManifest(id, DEMO_MANIFESTS.postgres[1])).toEqual({ version: 2 });
      const launched = await settled(c2, (await c2.launch(id, { version: 1, destroyInterval: -1 })).id);
      expect(launched).toMatchObject({ status: "Running", version: 1 });
    } finally {
      await c2.close();
      await second.close();
    }
  });
});
