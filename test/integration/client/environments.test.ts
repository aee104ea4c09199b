// Client ↔ simulator over loopback HTTP: an environment's policies (YAML both ways), properties, markers,
// clones ("Copy of <name>", copying all three, ready only after a while: launches refused with 409 until then,
// resent by the client within their deadline), and
// the instance's user data; all kept across a --state restart.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AppMgmtClient, BadRequestError, ConflictError, NotFoundError } from "../../../src/client";
import { DEMO } from "../../../src/simulator";
import { call, OTHER, startFast, twoOrgSeed } from "../simulator/http";
import { pollUntil } from "../../helpers/wait";
import { launched, settled, startHarness, type Harness } from "./setup";

let h: Harness;
beforeAll(async () => {
  h = await startHarness(twoOrgSeed());
});
afterAll(() => h.close());

const POLICIES = "policies:\n  - action: launch\n    parameter: instance.destroy-after\n    value: 4h\n";

describe("an environment's policies, properties and markers", () => {
  it("exports an environment's policies as application/x-yaml and imports new ones", async () => {
    const env = DEMO.stagingEnvironmentId;
    expect(await h.client.environments.getPolicies(env)).toBe("policies: []\n");
    await h.client.environments.putPolicies(env, POLICIES);
    expect(await h.client.environments.getPolicies(env)).toBe(POLICIES);
    const raw = await fetch(`${h.svc.url}/api/1/environments/${env}`, {
      headers: { authorization: `Basic ${Buffer.from(`${DEMO.email}:${DEMO.password}`).toString("base64")}` },
    });
    expect(raw.headers.get("content-type")).toBe("application/x-yaml");
  });

  it("refuses policies that are not a YAML mapping, and JSON instead of YAML (400)", async () => {
    const env = DEMO.defaultEnvironmentId;
    const err = await h.client.environments.putPolicies(env, "- just\n- a list\n").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadRequestError);
    expect((err as Error).message).toContain("the document must be a mapping");
    await expect(h.client.environments.putPolicies(env, "policies: [unclosed\n")).rejects.toThrow(
      /incorrect policies YAML/,
    );
    const json = await call(h.svc.url, "PUT", `/api/1/environments/${env}`, { body: { policies: [] } });
    expect(json.status).toBe(400);
  });

  it("replaces properties and markers with the lists put, and refuses bad names naming the entry", async () => {
    const env = DEMO.stagingEnvironmentId;
    const props = [
      { name: "db-host", type: "string", value: "db.internal" },
      { name: "replicas", type: "int", value: "3" },
    ];
    await h.client.environments.putProperties(env, props);
    expect(await h.client.environments.getProperties(env)).toEqual(props);
    await h.client.environments.putProperties(env, [props[1]]);
    expect(await h.client.environments.getProperties(env)).toEqual([props[1]]);

    await h.client.environments.putMarkers(env, ["sandbox", "team-a"]);
    expect(await h.client.environments.getMarkers(env)).toEqual(["sandbox", "team-a"]);
    // the documented shapes on the wire, both ways
    const wire = await call(h.svc.url, "GET", `/api/1/environments/${env}/markers`);
    expect(wire.body).toEqual({ markers: [{ name: "sandbox" }, { name: "team-a" }] });
    const wireProps = await call(h.svc.url, "GET", `/api/1/environments/${env}/properties`);
    expect(wireProps.body).toEqual({ properties: [props[1]] });
    const puts = h.svc.sim.stats.requestCount;
    await h.client.environments.putMarkers(env, ["sandbox", "team-a"]);
    expect(h.svc.sim.stats.requestsSince(puts).map((r) => `${r.method} ${r.status}`)).toEqual(["PUT 200"]);
    // names themselves inside the wrapper (the Ruby client's writer) are read too; a bare list is refused
    const rubyStyle = await call(h.svc.url, "PUT", `/api/1/environments/${env}/markers`, {
      body: { markers: ["sandbox", "team-a"] },
    });
    expect(rubyStyle.status).toBe(200);
    const bare = await call(h.svc.url, "PUT", `/api/1/environments/${env}/markers`, {
      body: [{ name: "x" }],
    });
    expect(bare.status).toBe(400);
    expect(JSON.stringify(bare.body)).toContain('wrap the list in an object under \\"markers\\"');
    const bareProps = await call(h.svc.url, "PUT", `/api/1/environments/${env}/properties`, { body: [] });
    expect(bareProps.status).toBe(400);
    expect(await h.client.environments.getMarkers(env)).toEqual(["sandbox", "team-a"]);

    const bad = await h.client.environments
      .putProperties(env, [{ name: "has space", type: "string", value: "x" }])
      .catch((e: unknown) => e);
    expect((bad as BadRequestError).errors).toEqual([
      'properties[0].name: property name "has space" is not valid: use 1 to 64 letters, digits, ".", "_" or "-", ' +
        "starting with a letter or digit",
    ]);
    await expect(h.client.environments.putMarkers(env, ["ok", "/no"])).rejects.toThrow(
      /markers\[1\]\.name: marker name/,
    );
    const twice = await call(h.svc.url, "PUT", `/api/1/environments/${env}/properties`, {
      body: {
        properties: [
          { name: "a", type: "string", value: "1" },
          { name: "a", type: "string", value: "2" },
        ],
      },
    });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain("listed twice");
    // Nothing refused was kept.
    expect(await h.client.environments.getProperties(env)).toEqual([props[1]]);
  });

  it("refuses another organization's environment as it refuses any of its objects (404)", async () => {
    const err = await h.client.environments.getMarkers(OTHER.environmentId).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
  });
});

describe("clones", () => {
  it("copies policies, properties and markers; unnamed is 'Copy of <name>'; ready only after the delay: a launch is refused, and resent within its deadline", async () => {
    h.svc.sim.environments.setOnlineDelay(60_000);
    const source = DEMO.defaultEnvironmentId;
    await h.client.environments.putPolicies(source, POLICIES);
    await h.client.environments.putProperties(source, [{ name: "tier", type: "string", value: "gold" }]);
    await h.client.environments.putMarkers(source, ["prod-like"]);

    const named = await h.client.environments.clone(source, "sandbox-pr-7");
    const unnamed = await h.client.environments.clone(source);
    // The public list carries no isOnline (the documentation's sample): a clone reads as online.
    const listed = await h.client.listEnvironments(DEMO.organizationId);
    expect(listed).toContainEqual({ id: named.id, name: "sandbox-pr-7", default: false, online: true });
    expect(listed).toContainEqual({ id: unnamed.id, name: "Copy of default", default: false, online: true });
    const wireList = await call(h.svc.url, "GET", `/api/1/organizations/${DEMO.organizationId}/environments`);
    for (const entry of wireList.body as object[])
      expect(Object.keys(entry)).toEqual(["id", "name", "isDefault"]);
    expect(await h.client.environments.getPolicies(named.id)).toBe(POLICIES);
    expect(await h.client.environments.getProperties(named.id)).toEqual([
      { name: "tier", type: "string", value: "gold" },
    ]);
    expect(await h.client.environments.getMarkers(named.id)).toEqual(["prod-like"]);

    // A clone is its own environment: changing it leaves the source as it was.
    await h.client.environments.putMarkers(named.id, []);
    expect(await h.client.environments.getMarkers(source)).toEqual(["prod-like"]);

    // Not ready yet: a launch is refused with 409, and nothing launched ...
    const refused = await h.client
      .launch(DEMO.webshopApplicationId, { environmentId: named.id })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConflictError);
    expect((refused as Error).message).toContain("is not online yet");
    expect(await h.client.listInstances(named.id)).toEqual([]);

    // ... and one with a deadline is resent until the clone is ready.
    const since = h.svc.sim.stats.requestCount;
    const launchPath = `/api/1/applications/${DEMO.webshopApplicationId}/launch`;
    const pending = h.client.launch(
      DEMO.webshopApplicationId,
      { environmentId: named.id, destroyInterval: -1 },
      { deadline: Date.now() + 30_000 },
    );
    await pollUntil(
      "the launch refused as not ready",
      () =>
        h.svc.sim.stats.requestsSince(since).some((r) => r.path === launchPath && r.status === 409) ||
        undefined,
    );
    h.svc.sim.advanceClock(60_000);
    const { id: launchedId } = await pending;
    expect(
      h.svc.sim.stats
        .requestsSince(since)
        .filter((r) => r.path === launchPath)
        .map((r) => r.status)
        .slice(-1),
    ).toEqual([200]);
    expect((await settled(h.client, launchedId)).status).toBe("Running");
    const inClone = await launched(h.client, { environmentId: named.id, destroyInterval: -1 });
    expect(inClone.environment).toBe(named.id);
    expect((await h.client.listInstances(named.id)).map((i) => i.id).sort()).toEqual(
      [launchedId, inClone.id].sort(),
    );
  });

  it("refuses a clone with an empty name, and of an environment that does not exist", async () => {
    await expect(h.client.environments.clone(DEMO.stagingEnvironmentId, " ")).rejects.toThrow(
      /name: must be a non-empty string/,
    );
    await expect(h.client.environments.clone("5f00000000000000000000ee")).rejects.toThrow(/not found/);
  });

  it("has no delete: DELETE of an environment is no endpoint", async () => {
    const res = await call(h.svc.url, "DELETE", `/api/1/environments/${DEMO.stagingEnvironmentId}`);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).toContain("no such endpoint");
  });
});

describe("instance user data", () => {
  it("sets userData in place; the status shows it", async () => {
    const inst = await launched(h.client, { destroyInterval: -1 });
    await h.client.putUserData(inst.id, "owner: team-a");
    const status = await settled(h.client, inst.id);
    expect(status).toMatchObject({ userData: "owner: team-a", status: "Running" });
    const bad = await call(h.svc.url, "PUT", `/api/1/instances/${inst.id}/userData`, {
      body: { userData: 1 },
    });
    expect(bad.status).toBe(400);
  });
});

describe("environments across a restart", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "appmgmt-sim-envs-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps clones and their settings in the state file", async () => {
    const statePath = join(dir, "state.json");
    const client = (url: string) =>
      new AppMgmtClient({ baseUrl: url, email: DEMO.email, password: DEMO.password });
    const first = await startFast({ statePath });
    const c1 = client(first.url);
    const { id } = await c1.environments.clone(DEMO.stagingEnvironmentId, "kept");
    await c1.environments.putMarkers(id, ["kept-marker"]);
    await c1.close();
    await first.close();

    const second = await startFast({ statePath });
    const c2 = client(second.url);
    try {
      expect((await c2.listEnvironments(DEMO.organizationId)).map((e) => e.name)).toContain("kept");
      expect(await c2.environments.getMarkers(id)).toEqual(["kept-marker"]);
    } finally {
      await c2.close();
      await second.close();
    }
  });
});
