import { MockAgent } from "undici";
import { AppMgmtClient, ConfigError, ValidationError } from "../../../src/client";
import { APP, BASE, ENV, INST, JSON_HEADERS, ORG, REV, harness, instanceBody } from "./helpers";

describe("API version mapping", () => {
  it.each([
    ["1.0", "/api/1"],
    ["1.1", "/api/1"],
    ["1.2", "/api/1"],
    ["2.0", "/api/2"],
  ])("api_version %s uses %s", async (apiVersion, prefix) => {
    const h = harness({ apiVersion });
    h.pool.intercept({ path: `${prefix}/organizations`, method: "GET" }).reply(200, [], JSON_HEADERS);
    await expect(h.client.listOrganizations()).resolves.toEqual([]);
    h.agent.assertNoPendingInterceptors();
  });

  it("defaults to 1.2 (/api/1)", () => {
    expect(harness().client.apiVersion).toBe("1.2");
  });

  it.each(["3.0", "1", "1.3", "", "v1"])(
    "refuses api_version %j naming the field and the accepted values",
    (v) => {
      const make = () => new AppMgmtClient({ baseUrl: BASE, apiVersion: v });
      expect(make).toThrow(ConfigError);
      expect(make).toThrow(/api_version .* use one of "1.0", "1.1", "1.2", "2.0"/);
    },
  );
});

describe("configuration checks", () => {
  it.each([
    "ftp://host",
    "not a url",
    "https://user:pw@host",
    "https://user:pw@host:99999",
    "http://host/?q=1",
    "http://admin:S3cr3t/x@host",
    "http://admin:S3cr3t",
    "https://admin@host",
  ])("refuses base_url %j, showing no part of its userinfo", (url) => {
    try {
      new AppMgmtClient({ baseUrl: url });
      throw new Error("accepted");
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).field).toBe("base_url");
      for (const part of ["pw", "user", "admin", "S3cr3t"])
        expect((err as Error).message).not.toContain(part);
    }
  });

  it("names the credentials as the reason for refusing a base_url with userinfo", () => {
    expect(() => new AppMgmtClient({ baseUrl: "http://admin:S3cr3t/x@host" })).toThrow(
      /must not contain credentials \(nor any "@"\).*set email\/password or refresh_token instead/,
    );
  });

  it("keeps a path prefix of base_url and drops its trailing slash", async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    const client = new AppMgmtClient({ baseUrl: `${BASE}/svc/` }, { dispatcher: agent });
    agent.get(BASE).intercept({ path: "/svc/api/1/organizations" }).reply(200, [], JSON_HEADERS);
    await expect(client.listOrganizations()).resolves.toEqual([]);
  });

  it("needs email and password together", () => {
    expect(() => new AppMgmtClient({ baseUrl: BASE, email: "a@b.c" })).toThrow(/password is missing/);
  });

  it("checks ca_cert_pem and max_retries", () => {
    expect(() => new AppMgmtClient({ baseUrl: BASE, caCertPem: "nope" })).toThrow(/ca_cert_pem/);
    expect(() => new AppMgmtClient({ baseUrl: BASE, maxRetries: -1 })).toThrow(/max_retries/);
  });

  it("rejects malformed ids before sending anything", async () => {
    const h = harness();
    await expect(h.client.getInstance("ABC")).rejects.toThrow(ValidationError);
    await expect(h.client.getInstance("5F0000000000000000000A01")).rejects.toThrow(
      /instanceId must be a 24-character/,
    );
    await expect(h.client.launch(APP, { environmentId: "staging" })).rejects.toThrow(/environmentId/);
    await expect(h.client.launch(APP, { submodules: { db: { revisionId: "x" } } })).rejects.toThrow(
      /submodules\.db\.revisionId/,
    );
    await expect(h.client.reconfigure(INST, { revisionId: "1" })).rejects.toThrow(/revisionId/);
    expect(h.logs).toEqual([]);
  });
});

describe("calls", () => {
  it("reads each component's settings from its own status; a submodules map needs no more reads", async () => {
    const h = harness();
    const DB = "5f00000000000000000001db";
    const GONE = "5f00000000000000000001dd";
    h.pool.intercept({ path: `/api/1/instances/${INST}` }).reply(
      200,
      {
        ...instanceBody({ submodules: undefined }),
        components: [
          { id: DB, name: "db", status: "Running" },
          { id: GONE, name: "cache", status: "Destroying" },
        ],
      },
      JSON_HEADERS,
    );
    h.pool
      .intercept({ path: `/api/1/instances/${DB}` })
      .reply(200, instanceBody({ id: DB, name: "db", version: 3, parameters: { "input.size": "large" } }));
    h.pool.intercept({ path: `/api/1/instances/${GONE}` }).reply(404, { errors: ["instance not found"] });
    const s = await h.client.getInstance(INST);
    // a component gone between the reads (its parent being destroyed) has no settings
    expect(s.submodules).toEqual({
      db: { manifestVersion: 3, revision: null, parameters: { "input.size": "large" } },
    });

    h.pool.intercept({ path: `/api/1/instances/${INST}` }).reply(200, {
      ...instanceBody(),
      components: [{ id: DB, name: "db", status: "Running" }],
    });
    // no interceptor for the component: a read of it would fail the call
    expect((await h.client.getInstance(INST)).submodules.db.parameters).toEqual({ "input.size": "small" });
  });

  it("reads isDefault as default (the older `default` still accepted) and isOnline as online", async () => {
    const h = harness();
    h.pool.intercept({ path: `/api/1/organizations/${ORG}/environments` }).reply(200, [
      { id: ENV, name: "default", isDefault: true, isOnline: true },
      { id: REV, name: "staging", isDefault: false, isOnline: false },
    ]);
    expect(await h.client.listEnvironments(ORG)).toEqual([
      { id: ENV, name: "default", default: true, online: true },
      { id: REV, name: "staging", default: false, online: false },
    ]);
  });

  it("lists organizations, applications, environments and instances, keeping extra fields", async () => {
    const h = harness();
    h.pool.intercept({ path: "/api/1/organizations" }).reply(200, [{ id: ORG, name: "Demo", plan: "gold" }]);
    h.pool
      .intercept({ path: `/api/1/organizations/${ORG}/applications` })
      .reply(200, [{ id: APP, name: "webshop" }]);
    h.pool.intercept({ path: `/api/1/organizations/${ORG}/environments` }).reply(200, [
      { id: ENV, name: "default", default: true },
      { id: REV, name: "staging" },
    ]);
    h.pool.intercept({ path: `/api/1/environments/${ENV}/instances` }).reply(200, [
      { id: INST, name: "a", application: APP, revision: REV, environment: ENV, status: "Running" },
      { id: INST, name: "b", applicationId: APP, revisionId: null, environmentId: ENV, status: "Destroyed" },
    ]);
    expect(await h.client.listOrganizations()).toEqual([{ id: ORG, name: "Demo", plan: "gold" }]);
    expect(await h.client.listApplications(ORG)).toEqual([{ id: APP, name: "webshop" }]);
    // No isOnline (older answers): online.
    expect(await h.client.listEnvironments(ORG)).toEqual([
      { id: ENV, name: "default", default: true, online: true },
      { id: REV, name: "staging", default: false, online: true },
    ]);
    const instances = await h.client.listInstances(ENV);
    expect(instances[1]).toEqual({
      id: INST,
      name: "b",
      application: APP,
      revision: null,
      environment: ENV,
      status: "Destroyed",
    });
    expect(instances[0].revision).toBe(REV);
  });

  it("normalises applicationId/environmentId/revisionId in the instance status, submodules included", async () => {
    const h = harness();
    const legacy = instanceBody();
    for (const key of ["application", "environment", "revision"]) delete legacy[key];
    h.pool.intercept({ path: `/api/1/instances/${INST}` }).reply(200, {
      ...legacy,
      applicationId: APP,
      environmentId: ENV,
      revisionId: REV,
      submodules: { db: { manifestVersion: 2, revisionId: REV, parameters: {} } },
      futureField: 1,
    });
    const s = await h.client.getInstance(INST);
    expect(s).toMatchObject({ application: APP, environment: ENV, revision: REV, futureField: 1 });
    expect(s).not.toHaveProperty("applicationId");
    expect(s.submodules.db).toEqual({ manifestVersion: 2, revision: REV, parameters: {} });
  });

  it("sends launch, reconfigure, destroy and force delete with the right method, path and body", async () => {
    const h = harness();
    const seen: Array<{ method: string; path: string; body: unknown }> = [];
    const record = (opts: { method: string; path: string; body?: unknown }) => {
      seen.push({
        method: opts.method,
        path: opts.path,
        body: opts.body ? JSON.parse(String(opts.body)) : undefined,
      });
      return { statusCode: 200, data: { id: INST } };
    };
    h.pool.intercept({ path: `/api/1/applications/${APP}/launch`, method: "POST" }).reply(record);
    h.pool.intercept({ path: `/api/1/instances/${INST}/configuration`, method: "PUT" }).reply(record);
    h.pool.intercept({ path: `/api/1/instances/${INST}/destroy`, method: "POST" }).reply(record);
    h.pool.intercept({ path: `/api/1/instances/${INST}?force=true`, method: "DELETE" }).reply(record);

    const launch = { instanceName: "shop-1", environmentId: ENV, parameters: { "input.app-fork": "x" } };
    expect(await h.client.launch(APP, launch)).toEqual({ id: INST });
    expect(await h.client.reconfigure(INST, { parameters: {}, manifestVersion: 2 })).toEqual({ id: INST });
    expect(await h.client.destroy(INST)).toEqual({ id: INST });
    await expect(h.client.forceDelete(INST)).resolves.toBeUndefined();
    expect(seen).toEqual([
      { method: "POST", path: `/api/1/applications/${APP}/launch`, body: launch },
      {
        method: "PUT",
        path: `/api/1/instances/${INST}/configuration`,
        body: { parameters: {}, manifestVersion: 2 },
      },
      { method: "POST", path: `/api/1/instances/${INST}/destroy`, body: {} },
      { method: "DELETE", path: `/api/1/instances/${INST}?force=true`, body: undefined },
    ]);
  });

  it("turns an unreadable success body into BadResponseError", async () => {
    const h = harness();
    h.pool.intercept({ path: `/api/1/instances/${INST}` }).reply(200, "<html>");
    h.pool.intercept({ path: "/api/1/organizations" }).reply(200, { not: "a list" });
    await expect(h.client.getInstance(INST)).rejects.toMatchObject({ code: "E_BAD_RESPONSE" });
    await expect(h.client.listOrganizations()).rejects.toThrow(/organizations is not a JSON array/);
  });

  it("logs one debug event per attempt with method, path, status, ms and attempt, and no credentials", async () => {
    const h = harness();
    h.pool.intercept({ path: "/api/1/organizations" }).reply(503, { errors: ["busy"] });
    h.pool.intercept({ path: "/api/1/organizations" }).reply(200, []);
    await h.client.listOrganizations();
    expect(h.logs.map((l) => l.fields)).toEqual([
      { method: "GET", path: "/api/1/organizations", status: 503, ms: 0, attempt: 1 },
      { method: "GET", path: "/api/1/organizations", status: 200, ms: 0, attempt: 2 },
    ]);
    expect(h.logs.every((l) => (l as { level?: string }).level === "debug")).toBe(true);
    expect(JSON.stringify(h.logs)).not.toMatch(/SECRET|Basic|Bearer/);
  });
});
