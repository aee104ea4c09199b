// Client ↔ simulator: every row of the ARCHITECTURE.md §3 endpoint table through AppMgmtClient, and the typed errors
// for the service's error statuses.
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
  WorkflowFailedError,
  waitForInstance,
} from "../../../src/client";
import { DEMO } from "../../../src/simulator";
import { IN_FLIGHT_MS, withTiming } from "../simulator/http";
import { FAST_POLLS, launched, settled, startHarness, type Harness } from "./setup";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe("ARCHITECTURE.md §3 table through the client", () => {
  it("POST /refreshToken/jwtBearer: a refresh-token client gets a session token and uses it", async () => {
    const client = h.newClient({ email: undefined, password: undefined, refreshToken: DEMO.refreshToken });
    expect(await client.listOrganizations()).toEqual([{ id: DEMO.organizationId, name: "Demo Org" }]);
    expect(h.svc.sim.stats.tokenCallsByUser[DEMO.email]).toBeGreaterThanOrEqual(1);
  });

  it("GET /api/1/organizations", async () => {
    expect(await h.client.listOrganizations()).toEqual([{ id: DEMO.organizationId, name: "Demo Org" }]);
  });

  it("GET /api/1/organizations/{org}/applications", async () => {
    expect(await h.client.listApplications(DEMO.organizationId)).toEqual([
      { id: DEMO.webshopApplicationId, name: "webshop" },
      { id: DEMO.postgresApplicationId, name: "postgres" },
    ]);
  });

  it("GET /api/1/organizations/{org}/environments", async () => {
    expect(await h.client.listEnvironments(DEMO.organizationId)).toEqual([
      { id: DEMO.defaultEnvironmentId, name: "default", default: true, online: true },
      { id: DEMO.stagingEnvironmentId, name: "staging", default: false, online: true },
    ]);
  });

  it("POST /api/1/applications/{app}/launch: defaults (default environment, latest version, generated name)", async () => {
    const s = await launched(h.client, {});
    expect(s).toMatchObject({
      environment: DEMO.defaultEnvironmentId,
      version: 2,
      name: expect.stringMatching(/^webshop-/),
      parameters: { "input.app-fork": "master", "input.db-size": "small", "input.replicas": "1" },
    });
  });

  it("GET /api/1/environments/{env}/instances", async () => {
    const s = await launched(h.client, {
      instanceName: "in-staging",
      environmentId: DEMO.stagingEnvironmentId,
    });
    expect(await h.client.listInstances(DEMO.stagingEnvironmentId)).toContainEqual({
      id: s.id,
      name: "in-staging",
      application: DEMO.webshopApplicationId,
      revision: null,
      environment: DEMO.stagingEnvironmentId,
      status: "Running",
    });
  });

  it("PUT /api/1/instances/{id}/configuration: Executing (workflow reconfigure) → Running", async () => {
    const s = await launched(h.client, {});
    const accepted = await withTiming(h.svc, { reconfigureMs: IN_FLIGHT_MS }, () =>
      h.client.reconfigure(s.id, { parameters: { "input.app-fork": "dev" } }),
    );
    expect(accepted).toEqual({ id: s.id });
    const during = await h.client.getInstance(s.id);
    expect(during).toMatchObject({ status: "Executing", workflow: { name: "reconfigure" } });
    expect(await settled(h.client, s.id)).toMatchObject({
      status: "Running",
      parameters: { "input.app-fork": "dev" },
    });
  });

  it("GET /api/1/instances/{id}: the full status record, submodule settings read from its components", async () => {
    const s = await launched(h.client, { instanceName: "full-status" });
    const reads = h.svc.sim.stats.requestCount;
    const status = await h.client.getInstance(s.id);
    // one read of the instance, one of its one submodule instance
    expect(h.svc.sim.stats.requestCount - reads).toBe(2);
    expect(status).toEqual({
      id: s.id,
      name: "full-status",
      status: "Running",
      application: DEMO.webshopApplicationId,
      environment: DEMO.defaultEnvironmentId,
      revision: null,
      version: 2,
      parameters: { "input.app-fork": "master", "input.db-size": "small", "input.replicas": "1" },
      submodules: {
        db: {
          manifestVersion: 1,
          revision: null,
          parameters: { "input.size": "small", "input.engine": "postgres-15" },
        },
      },
      components: [{ id: expect.stringMatching(/^[0-9a-f]{24}$/), name: "db", status: "Running" }],
      ownerId: expect.stringMatching(/^[0-9a-f]{24}$/),
      workflowHistory: [expect.objectContaining({ name: "launch", status: "Succeeded" })],
      workflow: null,
      errorMessage: null,
      returnValues: { url: "https://full-status.apps.example.test" },
    });
  });

  it("GET /api/1/applications/{app}/instances and /revisions/{rev}/instances", async () => {
    const s = await launched(h.client, { instanceName: "by-revision", revisionId: DEMO.stableRevisionId });
    expect(await h.client.listApplicationInstances(DEMO.webshopApplicationId)).toContainEqual(
      expect.objectContaining({ id: s.id, name: "by-revision" }),
    );
    expect(await h.client.listRevisionInstances(DEMO.stableRevisionId)).toEqual([
      expect.objectContaining({ id: s.id, revision: DEMO.stableRevisionId }),
    ]);
  });

  it("GET /api/1/applications/{app}/revisions: the seed's named revisions; none for an application without", async () => {
    expect(await h.client.listRevisions(DEMO.webshopApplicationId)).toEqual([
      { id: DEMO.stableRevisionId, name: "stable" },
    ]);
    expect(await h.client.listRevisions(DEMO.postgresApplicationId)).toEqual([]);
    await expect(h.client.listRevisions("5f00000000000000000000ff")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("POST /api/1/instances/{id}/destroy: Destroying → Destroyed", async () => {
    const s = await launched(h.client, {});
    const accepted = await withTiming(h.svc, { destroyMs: IN_FLIGHT_MS }, () => h.client.destroy(s.id));
    expect(accepted).toEqual({ id: s.id });
    expect((await h.client.getInstance(s.id)).status).toBe("Destroying");
    expect((await settled(h.client, s.id)).status).toBe("Destroyed");
  });

  it("DELETE /api/1/instances/{id}?force=true removes the record", async () => {
    const s = await launched(h.client, {});
    await h.client.forceDelete(s.id);
    await expect(h.client.getInstance(s.id)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("error statuses as typed client errors", () => {
  it("409 while a workflow runs → ConflictError (reconfigure and destroy)", async () => {
    const { id } = await withTiming(h.svc, { launchMs: IN_FLIGHT_MS }, () =>
      h.client.launch(DEMO.webshopApplicationId, {}),
    );
    await expect(h.client.reconfigure(id, {})).rejects.toBeInstanceOf(ConflictError);
    await expect(h.client.destroy(id)).rejects.toBeInstanceOf(ConflictError);
    await h.client.forceDelete(id);
  });

  it("400 unknown parameter → BadRequestError with the service's errors[]", async () => {
    const err = await h.client
      .launch(DEMO.webshopApplicationId, { parameters: { "input.colour": "red" } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadRequestError);
    expect((err as BadRequestError).errors.join("\n")).toMatch(/input\.colour/);
  });

  it("400 unknown manifest version", async () => {
    await expect(h.client.launch(DEMO.webshopApplicationId, { version: 7 })).rejects.toBeInstanceOf(
      BadRequestError,
    );
  });

  it("413 over 1 MiB → PayloadTooLargeError", async () => {
    const huge = { parameters: { "input.app-fork": "x".repeat(1024 * 1024) } };
    await expect(h.client.launch(DEMO.webshopApplicationId, huge)).rejects.toBeInstanceOf(
      PayloadTooLargeError,
    );
  });

  it("404 unknown instance → NotFoundError, saying it may as well be another organization's", async () => {
    const err = await h.client.getInstance("5f00000000000000000000ff").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    // The service may answer 404 for another organization's object: the two cannot be told apart.
    expect((err as Error).message).toContain("Not found or not accessible");
  });
});

describe("waitForInstance against real workflows", () => {
  it("reports progress through Requested/Executing and returns Running", async () => {
    const { id } = await withTiming(h.svc, { launchMs: IN_FLIGHT_MS }, () =>
      h.client.launch(DEMO.webshopApplicationId, {}),
    );
    const seen: string[] = [];
    const s = await waitForInstance(h.client, id, {
      until: (x) => x.status === "Running",
      timeoutMs: 5000,
      schedule: FAST_POLLS,
      onProgress: (x) => seen.push(x.status),
    });
    expect(s.status).toBe("Running");
    expect(seen[seen.length - 1]).toBe("Running");
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.slice(0, -1).every((x) => x === "Requested" || x === "Executing")).toBe(true);
  });

  it("throws WorkflowFailedError with the errorMessage of a failed workflow", async () => {
    h.svc.sim.failApplication(DEMO.webshopApplicationId, "out of capacity");
    try {
      const { id } = await h.client.launch(DEMO.webshopApplicationId, {});
      const err = await waitForInstance(h.client, id, {
        until: (x) => x.status === "Running",
        timeoutMs: 5000,
        schedule: FAST_POLLS,
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(WorkflowFailedError);
      expect((err as Error).message).toMatch(/out of capacity/);
    } finally {
      h.svc.sim.failApplication(DEMO.webshopApplicationId, null);
    }
  });
});
