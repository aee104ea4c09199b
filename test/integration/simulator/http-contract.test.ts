// The simulator's HTTP contract (ARCHITECTURE.md §3) over real loopback HTTP with raw requests: every endpoint of the
// table, every error status, the error body shape and the status sequences of the workflows.
import { DEMO, type RunningSimulator } from "../../../src/simulator";
import {
  IN_FLIGHT_MS,
  OTHER,
  call,
  componentStatuses,
  launchDemo,
  pollInstance,
  startFast,
  twoOrgSeed,
  withTiming,
} from "./http";

let svc: RunningSimulator;
let url: string;

// 403 for another organization's objects here; the default, 404, is shown at the end of this file.
beforeAll(async () => {
  svc = await startFast({ seed: { ...twoOrgSeed(), foreignObjects: 403 } });
  url = svc.url;
});
afterAll(() => svc.close());

function expectErrors(res: { status: number; body: unknown }, status: number, pattern: RegExp): void {
  expect(res.status).toBe(status);
  const body = res.body as { errors: unknown[] };
  expect(Object.keys(body)).toEqual(["errors"]);
  expect(body.errors.length).toBeGreaterThan(0);
  for (const e of body.errors) expect(typeof e).toBe("string");
  expect(body.errors.join("\n")).toMatch(pattern);
}

const INSTANCES = `/api/1/environments/${DEMO.defaultEnvironmentId}/instances`;
const LAUNCH = `/api/1/applications/${DEMO.webshopApplicationId}/launch`;

describe("POST /refreshToken/jwtBearer", () => {
  it("returns jwtBearer and expiresIn for a known refresh token, without an auth header", async () => {
    const res = await call(url, "POST", "/refreshToken/jwtBearer", {
      auth: null,
      body: { refreshToken: DEMO.refreshToken },
    });
    expect(res.status).toBe(200);
    const body = res.body as { jwtBearer: string; expiresIn: number };
    expect(body.expiresIn).toBe(3600);
    const claims = JSON.parse(Buffer.from(body.jwtBearer.split(".")[1], "base64url").toString()) as {
      exp: number;
      sub: string;
    };
    expect(claims.sub).toBe(DEMO.email);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  });

  it("answers 401 for an unknown refresh token and 400 without one", async () => {
    const unknown = await call(url, "POST", "/refreshToken/jwtBearer", {
      auth: null,
      body: { refreshToken: "x" },
    });
    expectErrors(unknown, 401, /refresh token not recognised/);
    expectErrors(
      await call(url, "POST", "/refreshToken/jwtBearer", { auth: null, body: {} }),
      400,
      /refreshToken/,
    );
  });

  it("answers 400 for malformed JSON without quoting the body, which may hold the refresh token", async () => {
    const secret = "s3cret-refresh-token-value";
    const res = await call(url, "POST", "/refreshToken/jwtBearer", {
      auth: null,
      rawBody: `{"refreshToken": ${secret}}`,
    });
    expectErrors(res, 400, /not valid JSON/);
    expect(JSON.stringify(res.body)).not.toMatch(/s3cret/);
  });
});

describe("GET /api/1/organizations", () => {
  it("lists only the caller's organizations", async () => {
    const res = await call(url, "GET", "/api/1/organizations");
    expect(res).toMatchObject({ status: 200, body: [{ id: DEMO.organizationId, name: "Demo Org" }] });
    const other = await call(url, "GET", "/api/1/organizations", { auth: OTHER.basic });
    expect(other.body).toEqual([{ id: OTHER.organizationId, name: "Other Org" }]);
  });

  it("gives every answer its own x-request-id, errors included", async () => {
    const ids = [
      await call(url, "GET", "/api/1/organizations"),
      await call(url, "GET", "/api/1/organizations"),
      await call(url, "GET", "/api/1/organizations", { auth: null }),
    ].map((r) => r.headers["x-request-id"]);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}-[0-9a-f]+$/);
    expect(new Set(ids).size).toBe(3);
  });

  it("answers 401 without credentials and with a wrong password", async () => {
    expectErrors(await call(url, "GET", "/api/1/organizations", { auth: null }), 401, /missing credentials/);
    const wrong = `Basic ${Buffer.from(`${DEMO.email}:nope`).toString("base64")}`;
    expectErrors(
      await call(url, "GET", "/api/1/organizations", { auth: wrong }),
      401,
      /wrong email or password/,
    );
  });
});

describe("GET /api/1/organizations/{org}/applications and /environments", () => {
  it("lists applications", async () => {
    const res = await call(url, "GET", `/api/1/organizations/${DEMO.organizationId}/applications`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: DEMO.webshopApplicationId, name: "webshop" },
      { id: DEMO.postgresApplicationId, name: "postgres" },
    ]);
  });

  it("lists environments with the default flag, as the documentation's sample (no isOnline)", async () => {
    const res = await call(url, "GET", `/api/1/organizations/${DEMO.organizationId}/environments`);
    expect(res.body).toEqual([
      { id: DEMO.defaultEnvironmentId, name: "default", isDefault: true },
      { id: DEMO.stagingEnvironmentId, name: "staging", isDefault: false },
    ]);
  });

  it("answers 403 for another organization, 404 for an unknown one, 400 for a malformed id", async () => {
    const other = await call(url, "GET", `/api/1/organizations/${OTHER.organizationId}/applications`);
    expectErrors(other, 403, /not a member/);
    const unknown = await call(url, "GET", "/api/1/organizations/5f00000000000000000000ff/environments");
    expectErrors(unknown, 404, /not found/);
    expectErrors(await call(url, "GET", "/api/1/organizations/nope/applications"), 400, /malformed/);
  });
});

describe("POST /api/1/applications/{app}/launch", () => {
  it("launches with defaults: default environment, latest version, generated name; Requested → Executing → Running", async () => {
    // The first poll must land in the Requested phase (the first 20% of the launch), even on a busy machine.
    const id = await withTiming(svc, { launchMs: 2 * IN_FLIGHT_MS }, () => launchDemo(url, {}));
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    const { last, seen } = await pollInstance(url, id, (s) => s.status === "Running");
    expect(seen).toEqual(["Requested", "Executing", "Running"]);
    // The public status: no revision field, submodules as child instances, workflow only while one runs.
    expect(last).toEqual({
      id,
      name: expect.stringMatching(/^webshop-[0-9a-f]{6}$/),
      status: "Running",
      applicationId: DEMO.webshopApplicationId,
      environmentId: DEMO.defaultEnvironmentId,
      version: 2,
      parameters: { "input.app-fork": "master", "input.db-size": "small", "input.replicas": "1" },
      components: [{ id: expect.stringMatching(/^[0-9a-f]{24}$/), name: "db", status: "Running" }],
      ownerId: expect.stringMatching(/^[0-9a-f]{24}$/),
      workflowHistory: [
        {
          name: "launch",
          status: "Succeeded",
          ownerId: last.ownerId,
          steps: [{ name: "launch", status: "Succeeded", percentComplete: 100 }],
        },
      ],
      errorMessage: null,
      returnValues: expect.any(Object),
    });
    const { db } = await componentStatuses(url, last);
    expect(db).toMatchObject({
      id: (last.components as { id: string }[])[0].id,
      name: "db",
      status: "Running",
      applicationId: DEMO.postgresApplicationId,
      environmentId: DEMO.defaultEnvironmentId,
      version: 1,
      parameters: { "input.size": "small", "input.engine": "postgres-15" },
    });
  });

  it("accepts an empty body as {}", async () => {
    const res = await call(url, "POST", LAUNCH, { rawBody: "" });
    expect(res.status).toBe(200);
  });

  it("launches a revision into another environment at a given version, bound values following the main parameter", async () => {
    const id = await launchDemo(url, {
      instanceName: "rev-launch",
      environmentId: DEMO.stagingEnvironmentId,
      revisionId: DEMO.stableRevisionId,
      parameters: { "input.db-size": "large" },
    });
    const { last } = await pollInstance(url, id, (s) => s.status === "Running");
    expect(last).toMatchObject({
      name: "rev-launch",
      environmentId: DEMO.stagingEnvironmentId,
      version: 1,
      parameters: { "input.app-fork": "release-1", "input.db-size": "large" },
    });
    const { db } = await componentStatuses(url, last);
    expect(db.parameters).toEqual({ "input.size": "large", "input.engine": "postgres-16" });
    const byRevision = await call(url, "GET", `/api/1/revisions/${DEMO.stableRevisionId}/instances`);
    expect(byRevision.body).toContainEqual(expect.objectContaining({ id, revision: DEMO.stableRevisionId }));
  });

  it("answers 400 naming each invalid value: unknown parameter, non-string value, bound submodule parameter, unknown submodule, unknown version", async () => {
    const res = await call(url, "POST", LAUNCH, {
      body: {
        version: 9,
        parameters: { "input.colour": "red", "input.app-fork": 3 },
        submodules: { db: { parameters: { "input.size": "big" } }, cache: {} },
      },
    });
    expectErrors(res, 400, /version 9/);
    const text = (res.body as { errors: string[] }).errors.join("\n");
    expect(text).toMatch(/input\.colour/);
    expect(text).toMatch(/input\.app-fork.*must be a string/);
    expect(text).toMatch(
      /input\.size.*bound to parameters\['input\.db-size'\].*set parameters\['input\.db-size'\] instead/,
    );
    expect(text).toMatch(/submodule 'cache'/);
  });

  it("answers 400 for malformed ids and unknown fields, 404 for an unknown application, 403 for another organization's", async () => {
    expectErrors(await call(url, "POST", LAUNCH, { body: { environmentId: "xyz" } }), 400, /environmentId/);
    expectErrors(
      await call(url, "POST", LAUNCH, { body: { colour: "red" } }),
      400,
      /colour is not a known field/,
    );
    expectErrors(
      await call(url, "POST", "/api/1/applications/5f00000000000000000000ff/launch", { body: {} }),
      404,
      /not found/,
    );
    const foreign = await call(url, "POST", `/api/1/applications/${OTHER.applicationId}/launch`, {
      body: {},
    });
    expectErrors(foreign, 403, /not a member/);
  });

  it("answers 400 for a body that is not JSON, or JSON but not an object", async () => {
    expectErrors(await call(url, "POST", LAUNCH, { rawBody: "{nope" }), 400, /not valid JSON/);
    expectErrors(await call(url, "POST", LAUNCH, { rawBody: "null" }), 400, /body must be a JSON object/);
    expectErrors(await call(url, "POST", LAUNCH, { rawBody: "[]" }), 400, /body must be a JSON object/);
  });

  it("answers 413 for a body over 1 MiB", async () => {
    const big = JSON.stringify({ parameters: { "input.app-fork": "x".repeat(1024 * 1024) } });
    expectErrors(await call(url, "POST", LAUNCH, { rawBody: big }), 413, /over 1048576 bytes/);
  });
});

describe("GET /api/1/environments/{env}/instances", () => {
  it("lists the environment's instances with the summary fields", async () => {
    const id = await launchDemo(url, { instanceName: "listed" });
    const res = await call(url, "GET", INSTANCES);
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({
      id,
      name: "listed",
      application: DEMO.webshopApplicationId,
      revision: null,
      environment: DEMO.defaultEnvironmentId,
      status: expect.stringMatching(/^(Requested|Executing|Running)$/),
    });
  });

  it("answers 403 for another organization's environment and 404 for an unknown one", async () => {
    expectErrors(
      await call(url, "GET", `/api/1/environments/${OTHER.environmentId}/instances`),
      403,
      /not a member/,
    );
    expectErrors(
      await call(url, "GET", "/api/1/environments/5f00000000000000000000ff/instances"),
      404,
      /not found/,
    );
  });
});

describe("PUT /api/1/instances/{id}/configuration", () => {
  it("runs workflow reconfigure (Executing → Running) and answers 409 while a workflow runs", async () => {
    const id = await withTiming(svc, { launchMs: IN_FLIGHT_MS }, () => launchDemo(url));
    expectErrors(
      await call(url, "PUT", `/api/1/instances/${id}/configuration`, { body: {} }),
      409,
      /executing workflow launch/,
    );
    await pollInstance(url, id, (s) => s.status === "Running");
    const res = await withTiming(svc, { reconfigureMs: IN_FLIGHT_MS }, () =>
      call(url, "PUT", `/api/1/instances/${id}/configuration`, {
        body: { parameters: { "input.app-fork": "dev" } },
      }),
    );
    expect(res).toMatchObject({ status: 200, body: { id } });
    const during = await call(url, "GET", `/api/1/instances/${id}`);
    expect(during.body).toMatchObject({
      status: "Executing",
      workflow: { name: "reconfigure", status: "Executing" },
    });
    expectErrors(
      await call(url, "PUT", `/api/1/instances/${id}/configuration`, { body: {} }),
      409,
      /reconfigure/,
    );
    const { last } = await pollInstance(url, id, (s) => s.status === "Running");
    expect(last).toMatchObject({ parameters: { "input.app-fork": "dev" } });
    expect(last).not.toHaveProperty("workflow");
    expect(
      (last.workflowHistory as { name: string; status: string }[]).map((w) => [w.name, w.status]),
    ).toEqual([
      ["launch", "Succeeded"],
      ["reconfigure", "Succeeded"],
    ]);
  });

  it("answers 400 for a bound submodule parameter, an unknown manifest version and a revisionId under submodules", async () => {
    const id = await launchDemo(url);
    await pollInstance(url, id, (s) => s.status === "Running");
    const path = `/api/1/instances/${id}/configuration`;
    const bound = await call(url, "PUT", path, {
      body: { submodules: { db: { parameters: { "input.size": "big" } } } },
    });
    expectErrors(bound, 400, /set parameters\['input\.db-size'\] instead/);
    expectErrors(await call(url, "PUT", path, { body: { manifestVersion: 3 } }), 400, /manifestVersion 3/);
    const subRevision = await call(url, "PUT", path, {
      body: { submodules: { db: { revisionId: DEMO.stableRevisionId } } },
    });
    expectErrors(subRevision, 400, /revisionId is not a known field/);
  });

  it("answers 404 for an unknown instance and 400 for a malformed id", async () => {
    expectErrors(
      await call(url, "PUT", "/api/1/instances/5f00000000000000000000ff/configuration", { body: {} }),
      404,
      /not found/,
    );
    expectErrors(await call(url, "PUT", "/api/1/instances/12/configuration", { body: {} }), 400, /malformed/);
    expectErrors(await call(url, "GET", "/api/1/instances/%E0%A4%A"), 400, /not valid percent-encoding/);
  });
});

describe("GET /api/1/instances/{id}", () => {
  it("answers 403 for another organization's instance", async () => {
    const res = await call(url, "POST", `/api/1/applications/${OTHER.applicationId}/launch`, {
      auth: OTHER.basic,
      body: {},
    });
    const id = (res.body as { id: string }).id;
    expectErrors(await call(url, "GET", `/api/1/instances/${id}`), 403, /not a member/);
    expect((await call(url, "GET", `/api/1/instances/${id}`, { auth: OTHER.basic })).status).toBe(200);
  });

  it("ends a workflow Failed with the errorMessage of sim.failApplication", async () => {
    svc.sim.failApplication(OTHER.applicationId, "quota exceeded");
    try {
      const res = await call(url, "POST", `/api/1/applications/${OTHER.applicationId}/launch`, {
        auth: OTHER.basic,
        body: {},
      });
      const id = (res.body as { id: string }).id;
      const { last } = await pollInstance(
        url,
        id,
        (s) => s.status !== "Requested" && s.status !== "Executing",
        {
          auth: OTHER.basic,
        },
      );
      expect(last).toMatchObject({ status: "Failed", errorMessage: "quota exceeded" });
      expect(last).not.toHaveProperty("workflow");
    } finally {
      svc.sim.failApplication(OTHER.applicationId, null);
    }
  });
});

describe("POST /api/1/instances/{id}/destroy and DELETE /api/1/instances/{id}", () => {
  it("destroys (Destroying → Destroyed), answers 409 meanwhile, then deletes the record", async () => {
    const id = await withTiming(svc, { launchMs: IN_FLIGHT_MS }, () => launchDemo(url));
    expectErrors(await call(url, "POST", `/api/1/instances/${id}/destroy`, { body: {} }), 409, /launch/);
    await pollInstance(url, id, (s) => s.status === "Running");
    expectErrors(await call(url, "DELETE", `/api/1/instances/${id}`), 400, /force=true/);
    const destroying = await withTiming(svc, { destroyMs: IN_FLIGHT_MS }, () =>
      call(url, "POST", `/api/1/instances/${id}/destroy`, { body: {} }),
    );
    expect(destroying).toMatchObject({
      status: 200,
      body: { id },
    });
    const during = await call(url, "GET", `/api/1/instances/${id}`);
    expect(during.body).toMatchObject({ status: "Destroying", workflow: { name: "destroy" } });
    expectErrors(await call(url, "POST", `/api/1/instances/${id}/destroy`, { body: {} }), 409, /destroy/);
    const { seen } = await pollInstance(url, id, (s) => s.status === "Destroyed");
    expect(seen).toEqual(["Destroying", "Destroyed"]);
    expect((await call(url, "DELETE", `/api/1/instances/${id}`)).status).toBe(200);
    expectErrors(await call(url, "GET", `/api/1/instances/${id}`), 404, /not found/);
  });

  it("removes a running instance with ?force=true", async () => {
    const id = await launchDemo(url);
    expect((await call(url, "DELETE", `/api/1/instances/${id}?force=true`)).status).toBe(200);
    expect((await call(url, "GET", `/api/1/instances/${id}`)).status).toBe(404);
  });
});

describe("paths and versions", () => {
  it("answers 404 for /api/2/... and for unknown paths", async () => {
    expectErrors(await call(url, "GET", "/api/2/organizations"), 404, /API version 1 only/);
    expectErrors(await call(url, "GET", "/api/1/nothing"), 404, /no such endpoint/);
    expectErrors(
      await call(url, "PATCH", `/api/1/instances/${DEMO.stableRevisionId}`),
      404,
      /no such endpoint/,
    );
  });

  it("logs every request in sim.stats.requests and counts it", async () => {
    const before = svc.sim.stats.requestCount;
    await call(url, "GET", "/api/1/organizations");
    expect(svc.sim.stats.requestCount).toBe(before + 1);
    expect(svc.sim.stats.requestsSince(before)).toEqual([
      { seq: before + 1, method: "GET", path: "/api/1/organizations", status: 200, at: expect.any(Number) },
    ]);
  });
});

describe("the real service's shapes (docs/service-api.md)", () => {
  it("allows two live instances of one name in one environment; both are listed", async () => {
    const first = await launchDemo(url, { instanceName: "twin" });
    const second = await launchDemo(url, { instanceName: "twin" });
    expect(second).not.toBe(first);
    const listed = (await call(url, "GET", INSTANCES)).body as { id: string; name: string }[];
    expect(listed.filter((i) => i.name === "twin").map((i) => i.id)).toEqual([first, second]);
  });

  it("lists an application's instances in every environment, and 404 for an unknown application", async () => {
    const here = await launchDemo(url, { instanceName: "app-list-1" });
    const there = await launchDemo(url, {
      instanceName: "app-list-2",
      environmentId: DEMO.stagingEnvironmentId,
    });
    const res = await call(url, "GET", `/api/1/applications/${DEMO.webshopApplicationId}/instances`);
    const ids = (res.body as { id: string }[]).map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining([here, there]));
    expectErrors(
      await call(url, "GET", "/api/1/applications/5f00000000000000000000ff/instances"),
      404,
      /not found/,
    );
  });

  it("refuses DELETE, destroy and reconfigure of a submodule instance (400 is a submodule)", async () => {
    const id = await launchDemo(url, { instanceName: "parent-of-db" });
    const { last } = await pollInstance(url, id, (s) => s.status === "Running");
    const [db] = last.components as { id: string }[];
    const refused = new RegExp(`is a submodule \\(db\\) of instance ${id}`);
    expectErrors(await call(url, "DELETE", `/api/1/instances/${db.id}?force=true`), 400, refused);
    expectErrors(await call(url, "POST", `/api/1/instances/${db.id}/destroy`, { body: {} }), 400, refused);
    expectErrors(
      await call(url, "PUT", `/api/1/instances/${db.id}/configuration`, { body: {} }),
      400,
      refused,
    );
  });

  it("removes a running instance with the Ruby client's bare ?1, and ?true; its ?0 is no force", async () => {
    for (const query of ["1", "true"]) {
      const id = await launchDemo(url);
      await pollInstance(url, id, (s) => s.status === "Running");
      expect((await call(url, "DELETE", `/api/1/instances/${id}?${query}`)).status).toBe(200);
      expect((await call(url, "GET", `/api/1/instances/${id}`)).status).toBe(404);
    }
    const kept = await launchDemo(url);
    await pollInstance(url, kept, (s) => s.status === "Running");
    expectErrors(await call(url, "DELETE", `/api/1/instances/${kept}?0`), 400, /not Destroyed/);
  });

  it("destroys with workflow parameters in the body; DELETE takes force=1 and force=yes too", async () => {
    for (const force of ["1", "yes", "TRUE"]) {
      const id = await launchDemo(url);
      await pollInstance(url, id, (s) => s.status === "Running");
      const destroy = await call(url, "POST", `/api/1/instances/${id}/destroy`, {
        body: { "input.reason": "done" },
      });
      expect(destroy).toMatchObject({ status: 200, body: { id } });
      await pollInstance(url, id, (s) => s.status === "Destroyed");
      expect((await call(url, "DELETE", `/api/1/instances/${id}?force=${force}`)).status).toBe(200);
      expect((await call(url, "GET", `/api/1/instances/${id}`)).status).toBe(404);
    }
    const kept = await launchDemo(url);
    await pollInstance(url, kept, (s) => s.status === "Running");
    expectErrors(await call(url, "DELETE", `/api/1/instances/${kept}?force=no`), 400, /not Destroyed/);
  });

  it.each(["Canceled", "Suspended"] as const)(
    "ends a workflow %s when sim.failApplication says so",
    async (end) => {
      svc.sim.failApplication(OTHER.applicationId, "stopped by an operator", end);
      try {
        const res = await call(url, "POST", `/api/1/applications/${OTHER.applicationId}/launch`, {
          auth: OTHER.basic,
          body: {},
        });
        const id = (res.body as { id: string }).id;
        const { last } = await pollInstance(url, id, (s) => s.status === end, { auth: OTHER.basic });
        expect((last.workflowHistory as { status: string }[]).map((w) => w.status)).toEqual([end]);
      } finally {
        svc.sim.failApplication(OTHER.applicationId, null);
      }
    },
  );

  it("destroys an instance on its schedule (destroyInterval), never with -1, after the seed default without", async () => {
    const scheduled = await launchDemo(url, { destroyInterval: 300 });
    const never = await launchDemo(url, { destroyInterval: -1 });
    const { last } = await pollInstance(url, scheduled, (s) => s.status === "Destroyed");
    expect(
      (last.workflowHistory as { name: string; status: string }[]).map((w) => [w.name, w.status]),
    ).toEqual([
      ["launch", "Succeeded"],
      ["destroy", "Succeeded"],
    ]);
    expect((await call(url, "GET", `/api/1/instances/${never}`)).body).toMatchObject({ status: "Running" });
    expectErrors(await call(url, "POST", LAUNCH, { body: { destroyInterval: 0 } }), 400, /destroyInterval/);

    const shortLived = await startFast({ seed: { ...twoOrgSeed(), defaultDestroyIntervalMs: 300 } });
    try {
      const id = await launchDemo(shortLived.url);
      await pollInstance(shortLived.url, id, (s) => s.status === "Destroyed");
    } finally {
      await shortLived.close();
    }
  });
});

describe("foreignObjects: 404 (the default)", () => {
  it("answers another organization's instance, application, environment and organization exactly like an unknown one", async () => {
    const sim404 = await startFast({ seed: twoOrgSeed() });
    try {
      const launched = await call(sim404.url, "POST", `/api/1/applications/${OTHER.applicationId}/launch`, {
        auth: OTHER.basic,
        body: {},
      });
      const id = (launched.body as { id: string }).id;
      const unknownId = "5f00000000000000000000ff";
      const pairs: [string, string][] = [
        [`/api/1/instances/${id}`, `/api/1/instances/${unknownId}`],
        [
          `/api/1/applications/${OTHER.applicationId}/instances`,
          `/api/1/applications/${unknownId}/instances`,
        ],
        [
          `/api/1/environments/${OTHER.environmentId}/instances`,
          `/api/1/environments/${unknownId}/instances`,
        ],
        [
          `/api/1/organizations/${OTHER.organizationId}/environments`,
          `/api/1/organizations/${unknownId}/environments`,
        ],
      ];
      for (const [foreign, unknown] of pairs) {
        const a = await call(sim404.url, "GET", foreign);
        const b = await call(sim404.url, "GET", unknown);
        expectErrors(a, 404, /doesn't exist or user demo@example.com is not authorized/);
        expect((a.body as { errors: string[] }).errors[0].replace(/[0-9a-f]{24}/g, "ID")).toBe(
          (b.body as { errors: string[] }).errors[0].replace(/[0-9a-f]{24}/g, "ID"),
        );
      }
      expect((await call(sim404.url, "GET", `/api/1/instances/${id}`, { auth: OTHER.basic })).status).toBe(
        200,
      );
    } finally {
      await sim404.close();
    }
  });
});
