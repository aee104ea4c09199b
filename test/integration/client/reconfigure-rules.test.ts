// Client ↔ simulator: the reconfigure semantics of spec §4.6 (one test per rule 1–7) and the binding rule
// of spec §2 on launch and on reconfigure.
import { BadRequestError, type AppMgmtClient } from "../../../src/client";
import { DEMO, demoSeed } from "../../../src/simulator";
import { IN_FLIGHT_MS, withTiming } from "../simulator/http";
import { launched, settled, startHarness, type Harness } from "./setup";

const POSTGRES_V2 = `application:
  configuration:
    input.size: small
    input.engine: postgres-17
  interfaces:
    input:
      size: configuration(string)
      engine: configuration(string)
`;

const PG_REVISION = "5f0000000000000000000c02";

let h: Harness;
let client: AppMgmtClient;
beforeAll(async () => {
  // The demo data plus a second postgres manifest version, for submodule version changes (rule 4), and a
  // postgres revision, for submodule revisions on launch.
  const seed = demoSeed();
  const postgres = seed.organizations[0].applications.find((a) => a.id === DEMO.postgresApplicationId)!;
  postgres.manifests["2"] = POSTGRES_V2;
  postgres.revisions = [
    {
      id: PG_REVISION,
      name: "pg-tuned",
      manifestVersion: 2,
      parameters: { "input.engine": "postgres-17-tuned" },
    },
  ];
  h = await startHarness(seed);
  client = h.client;
});
afterAll(() => h.close());

async function reconfigured(id: string, req: Parameters<AppMgmtClient["reconfigure"]>[1]) {
  await client.reconfigure(id, req);
  const s = await settled(client, id);
  expect(s.status).toBe("Running");
  return s;
}

describe("spec §4.6 reconfigure rules", () => {
  it("rule 1: parameters omitted or empty → every parameter resets to the current manifest version's defaults", async () => {
    const s = await launched(client, {
      version: 1,
      parameters: { "input.app-fork": "feature", "input.db-size": "large" },
    });
    const after = await reconfigured(s.id, {});
    expect(after.version).toBe(1);
    expect(after.parameters).toEqual({ "input.app-fork": "master", "input.db-size": "small" });
    expect(after.submodules.db.parameters["input.size"]).toBe("small");
    const again = await reconfigured(s.id, { parameters: {} });
    expect(again.parameters).toEqual({ "input.app-fork": "master", "input.db-size": "small" });
  });

  it("rule 2: listed parameters take the given values, every unlisted one resets to its default", async () => {
    const s = await launched(client, { parameters: { "input.app-fork": "feature", "input.replicas": "3" } });
    const after = await reconfigured(s.id, { parameters: { "input.db-size": "medium" } });
    expect(after.parameters).toEqual({
      "input.app-fork": "master",
      "input.db-size": "medium",
      "input.replicas": "1",
    });
  });

  it("rule 3: manifestVersion → all parameters reset to the target version's defaults, listed ones keep the listed values", async () => {
    const s = await launched(client, { version: 1, parameters: { "input.app-fork": "feature" } });
    const after = await reconfigured(s.id, { manifestVersion: 2, parameters: { "input.db-size": "large" } });
    expect(after.version).toBe(2);
    expect(after.parameters).toEqual({
      "input.app-fork": "master",
      "input.db-size": "large",
      "input.replicas": "1",
    });
  });

  it("rule 4: submodules.<name>.manifestVersion changes the submodule's version; values to keep are listed in the same request", async () => {
    const s = await launched(client, {
      submodules: { db: { manifestVersion: 1, parameters: { "input.engine": "postgres-16" } } },
    });
    expect(s.submodules.db).toMatchObject({
      manifestVersion: 1,
      parameters: { "input.engine": "postgres-16" },
    });
    const reset = await reconfigured(s.id, { submodules: { db: { manifestVersion: 2 } } });
    expect(reset.submodules.db).toMatchObject({
      manifestVersion: 2,
      parameters: { "input.engine": "postgres-17" },
    });
    const kept = await reconfigured(s.id, {
      submodules: { db: { manifestVersion: 1, parameters: { "input.engine": "postgres-16" } } },
    });
    expect(kept.submodules.db).toMatchObject({
      manifestVersion: 1,
      parameters: { "input.engine": "postgres-16" },
    });
  });

  it("rule 5: revisionId applies the manifest version and parameters stored in the revision", async () => {
    const s = await launched(client, {
      parameters: { "input.app-fork": "feature", "input.db-size": "large" },
    });
    const after = await reconfigured(s.id, { revisionId: DEMO.stableRevisionId });
    expect(after).toMatchObject({
      // The public status names no revision: the revision shows in what it applied.
      revision: null,
      version: 1,
      parameters: { "input.app-fork": "release-1", "input.db-size": "small" },
      submodules: { db: { parameters: { "input.size": "small", "input.engine": "postgres-16" } } },
    });
  });

  it("rule 6: revisionId with parameters and submodules → the explicit values override the revision's", async () => {
    const s = await launched(client, {});
    const after = await reconfigured(s.id, {
      revisionId: DEMO.stableRevisionId,
      parameters: { "input.app-fork": "hotfix" },
      submodules: { db: { parameters: { "input.engine": "postgres-17" } } },
    });
    expect(after).toMatchObject({
      // The public status names no revision: the revision shows in what it applied.
      revision: null,
      version: 1,
      parameters: { "input.app-fork": "hotfix", "input.db-size": "small" },
      submodules: { db: { parameters: { "input.engine": "postgres-17" } } },
    });
  });

  it("rule 7: the new values become visible only when the reconfiguration completes", async () => {
    const s = await launched(client, { parameters: { "input.app-fork": "before" } });
    await withTiming(h.svc, { reconfigureMs: IN_FLIGHT_MS }, () =>
      client.reconfigure(s.id, { parameters: { "input.app-fork": "after" } }),
    );
    const during = await client.getInstance(s.id);
    expect(during.status).toBe("Executing");
    expect(during.parameters["input.app-fork"]).toBe("before");
    const done = await settled(client, s.id);
    expect(done.parameters["input.app-fork"]).toBe("after");
  });
});

describe("spec §2 binding rule", () => {
  it("launch refuses a bound submodule parameter with 400 naming the main parameter; a free one is accepted", async () => {
    const err = await client
      .launch(DEMO.webshopApplicationId, { submodules: { db: { parameters: { "input.size": "large" } } } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadRequestError);
    expect((err as BadRequestError).status).toBe(400);
    expect((err as BadRequestError).errors).toEqual([
      expect.stringMatching(/input\.size.*bound.*set parameters\['input\.db-size'\] instead/),
    ]);
    const s = await launched(client, {
      parameters: { "input.db-size": "large" },
      submodules: { db: { parameters: { "input.engine": "mysql-8" } } },
    });
    expect(s.submodules.db.parameters).toEqual({ "input.size": "large", "input.engine": "mysql-8" });
  });

  it("reconfigure refuses a bound submodule parameter with 400; a free one is accepted", async () => {
    const s = await launched(client, {});
    const err = await client
      .reconfigure(s.id, { submodules: { db: { parameters: { "input.size": "large" } } } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadRequestError);
    expect((err as BadRequestError).errors.join("\n")).toMatch(/set parameters\['input\.db-size'\] instead/);
    const after = await reconfigured(s.id, {
      parameters: { "input.db-size": "medium" },
      submodules: { db: { parameters: { "input.engine": "mysql-8" } } },
    });
    expect(after.submodules.db.parameters).toEqual({ "input.size": "medium", "input.engine": "mysql-8" });
  });
});

describe("spec §4.5 launch with revisions", () => {
  it("a submodule revisionId asked for explicitly wins over the main revision's stored submodule values", async () => {
    const s = await launched(client, {
      revisionId: DEMO.stableRevisionId,
      submodules: { db: { revisionId: PG_REVISION } },
    });
    expect(s.submodules.db).toEqual({
      manifestVersion: 2,
      revision: null, // a submodule instance's status names no revision either

      parameters: { "input.size": "small", "input.engine": "postgres-17-tuned" },
    });
  });
});
