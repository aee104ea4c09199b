// The environment calls at the HTTP level (undici MockAgent): what each sends (method, path, media types,
// body), how answers of other shapes are read, and the clone's launch rule (never resent once it may have
// arrived). The same calls against the simulator: test/integration/client/environments.test.ts.
import { BadResponseError, OutcomeUnknownError } from "../../../src/client";
import { ENV, INST, JSON_HEADERS, harness } from "./helpers";

const PATH = `/api/1/environments/${ENV}`;

describe("environment calls", () => {
  it("reads the policies as YAML text (Accept: application/x-yaml) and puts them as application/x-yaml", async () => {
    const h = harness();
    const yaml = "policies:\n  - action: launch\n";
    let sent: { headers?: unknown; body?: unknown } = {};
    h.pool
      .intercept({ path: PATH, method: "GET", headers: { accept: "application/x-yaml" } })
      .reply(200, yaml, { headers: { "content-type": "application/x-yaml" } });
    h.pool.intercept({ path: PATH, method: "PUT", headers: { "content-type": "application/x-yaml" } }).reply(
      200,
      (opts) => {
        sent = opts;
        return "{}";
      },
      JSON_HEADERS,
    );
    expect(await h.client.environments.getPolicies(ENV)).toBe(yaml);
    await h.client.environments.putPolicies(ENV, yaml);
    expect(sent.body).toBe(yaml);
    h.agent.assertNoPendingInterceptors();
  });

  it('puts properties as {"properties": [{name, type, value}]} and markers as {"markers": [{name}]}', async () => {
    const h = harness();
    const bodies: unknown[] = [];
    for (const path of [`${PATH}/properties`, `${PATH}/markers`])
      h.pool.intercept({ path, method: "PUT" }).reply(
        200,
        (opts) => {
          bodies.push(JSON.parse(String(opts.body)));
          return "[]";
        },
        JSON_HEADERS,
      );
    await h.client.environments.putProperties(ENV, [{ name: "n", type: "int", value: "3" }]);
    await h.client.environments.putMarkers(ENV, ["a", "b"]);
    expect(bodies).toEqual([
      { properties: [{ name: "n", type: "int", value: "3" }] },
      { markers: [{ name: "a" }, { name: "b" }] },
    ]);
  });

  it("reads the wrapped lists of the documentation", async () => {
    const h = harness();
    h.pool
      .intercept({ path: `${PATH}/markers`, method: "GET" })
      .reply(200, { markers: [{ name: "x" }, "y"] }, JSON_HEADERS);
    h.pool
      .intercept({ path: `${PATH}/properties`, method: "GET" })
      .reply(200, { properties: [{ name: "n", type: "int", value: "3" }] }, JSON_HEADERS);
    expect(await h.client.environments.getMarkers(ENV)).toEqual(["x", "y"]);
    expect(await h.client.environments.getProperties(ENV)).toEqual([{ name: "n", type: "int", value: "3" }]);
  });

  it("reads a bare list, bare marker names, typed property values and a missing type too", async () => {
    const h = harness();
    h.pool
      .intercept({ path: `${PATH}/markers`, method: "GET" })
      .reply(200, ["x", { name: "y" }], JSON_HEADERS);
    h.pool.intercept({ path: `${PATH}/properties`, method: "GET" }).reply(
      200,
      [
        { name: "n", type: "int", value: 3 },
        { name: "s", value: "v" },
        { name: "b", type: "bool", value: true },
      ],
      JSON_HEADERS,
    );
    expect(await h.client.environments.getMarkers(ENV)).toEqual(["x", "y"]);
    expect(await h.client.environments.getProperties(ENV)).toEqual([
      { name: "n", type: "int", value: "3" },
      { name: "s", type: "string", value: "v" },
      { name: "b", type: "bool", value: "true" },
    ]);
  });

  it("names the shape a malformed answer lacks", async () => {
    const h = harness();
    h.pool.intercept({ path: `${PATH}/markers`, method: "GET" }).reply(200, [{ id: 1 }], JSON_HEADERS);
    const err = await h.client.environments.getMarkers(ENV).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadResponseError);
    expect((err as Error).message).toContain('markers[0] is neither a name nor {"name"}');
    h.pool.intercept({ path: `${PATH}/properties`, method: "GET" }).reply(200, { items: [] }, JSON_HEADERS);
    await expect(h.client.environments.getProperties(ENV)).rejects.toThrow(
      'properties is neither {"properties": [...]} nor a JSON array',
    );
  });

  it("clones with {name} or {} and answers the new id", async () => {
    const h = harness();
    const bodies: unknown[] = [];
    h.pool
      .intercept({ path: `${PATH}/clone`, method: "POST" })
      .reply(
        200,
        (opts) => {
          bodies.push(JSON.parse(String(opts.body)));
          return JSON.stringify({ id: INST });
        },
        JSON_HEADERS,
      )
      .times(2);
    expect(await h.client.environments.clone(ENV, "sandbox")).toEqual({ id: INST });
    await h.client.environments.clone(ENV);
    expect(bodies).toEqual([{ name: "sandbox" }, {}]);
  });

  it("never resends a clone whose answer was lost (a second clone could not be deleted)", async () => {
    const h = harness();
    h.pool
      .intercept({ path: `${PATH}/clone`, method: "POST" })
      .reply(503, { errors: ["down"] }, JSON_HEADERS);
    const err = await h.client.environments.clone(ENV, "sandbox").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutcomeUnknownError);
    h.agent.assertNoPendingInterceptors();
  });

  it("resends a property put after a 503 (idempotent)", async () => {
    const h = harness();
    h.pool
      .intercept({ path: `${PATH}/properties`, method: "PUT" })
      .reply(503, { errors: ["down"] }, JSON_HEADERS);
    h.pool.intercept({ path: `${PATH}/properties`, method: "PUT" }).reply(200, [], JSON_HEADERS);
    await h.client.environments.putProperties(ENV, []);
    expect(h.delays).toHaveLength(1);
  });

  it("puts an instance's user data as {userData}", async () => {
    const h = harness();
    let body: unknown;
    h.pool.intercept({ path: `/api/1/instances/${INST}/userData`, method: "PUT" }).reply(
      200,
      (opts) => {
        body = JSON.parse(String(opts.body));
        return "{}";
      },
      JSON_HEADERS,
    );
    await h.client.putUserData(INST, "owner: a");
    expect(body).toEqual({ userData: "owner: a" });
  });
});
