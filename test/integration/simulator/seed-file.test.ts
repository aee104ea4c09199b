// Seed files (ARCHITECTURE.md §7): a valid file drives a simulator; an invalid one fails with field paths and fixes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import {
  SeedError,
  loadSeedFile,
  startSimulator,
  validateSeed,
  type RunningSimulator,
} from "../../../src/simulator";
import { parseMarkdown } from "../../helpers/markdown";
import { call } from "./http";

const VALID = `
users:
  - email: ops@example.com
    password: ops-password
    refreshTokens: [ops-token]
    organizations: ["6a0000000000000000000001"]
organizations:
  - id: "6a0000000000000000000001"
    name: Ops
    environments:
      - {id: "6a0000000000000000000002", name: prod, default: true}
    applications:
      - id: "6a0000000000000000000003"
        name: cache
        manifests:
          "1": |
            application:
              configuration:
                input.size: "2"
              interfaces:
                input:
                  size: configuration(string)
        revisions:
          - {id: "6a0000000000000000000004", name: big, manifestVersion: 1, parameters: {input.size: "8"}}
timing: {launchMs: 50, reconfigureMs: 50, destroyMs: 50}
`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "appmgmt-seed-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(text: string): string {
  const path = join(dir, "seed.yaml");
  writeFileSync(path, text);
  return path;
}

function problemsOf(text: string): string[] {
  try {
    loadSeedFile(write(text));
  } catch (e) {
    expect(e).toBeInstanceOf(SeedError);
    return (e as SeedError).problems;
  }
  throw new Error("expected loadSeedFile to throw");
}

it("serves the data of a valid seed file", async () => {
  const seed = loadSeedFile(write(VALID));
  const svc = await startSimulator({ seed });
  try {
    const auth = `Basic ${Buffer.from("ops@example.com:ops-password").toString("base64")}`;
    const res = await call(svc.url, "GET", "/api/1/organizations/6a0000000000000000000001/applications", {
      auth,
    });
    expect(res.body).toEqual([{ id: "6a0000000000000000000003", name: "cache" }]);
    expect(svc.sim.timing).toEqual({ launchMs: 50, reconfigureMs: 50, destroyMs: 50 });
  } finally {
    await svc.close();
  }
});

it("names the field path and the fix for bad ids, missing fields and unknown references", () => {
  const problems = problemsOf(
    VALID.replace('id: "6a0000000000000000000003"', 'id: "xyz"')
      .replace("    password: ops-password\n", "")
      .replace('organizations: ["6a0000000000000000000001"]', 'organizations: ["6a00000000000000000000ff"]'),
  );
  expect(problems).toEqual(
    expect.arrayContaining([
      'organizations[0].applications[0].id: must be a 24-character lowercase hex id, e.g. "5f0000000000000000000a01"',
      "users[0].password: must be a non-empty string",
      'users[0].organizations[0]: "6a00000000000000000000ff" is not the id of an organization of this seed',
    ]),
  );
});

it("reports manifest problems with the manifest's line", () => {
  const problems = problemsOf(VALID.replace("size: configuration(string)", "size: text"));
  expect(problems).toEqual([
    expect.stringMatching(/^organizations\[0\]\.applications\[0\]\.manifests\["1"\] line 6: pin `size`/),
  ]);
});

it("requires exactly one default environment and known revision versions and timing fields", () => {
  const problems = problemsOf(
    VALID.replace("default: true", "default: false")
      .replace("manifestVersion: 1", "manifestVersion: 4")
      .replace("destroyMs: 50", "destroyMS: 50"),
  );
  expect(problems).toEqual(
    expect.arrayContaining([
      expect.stringMatching(
        /^organizations\[0\]\.environments: exactly one environment must have `default: true`/,
      ),
      expect.stringMatching(
        /^organizations\[0\]\.applications\[0\]\.revisions\[0\]\.manifestVersion: must be one of/,
      ),
      "timing.destroyMS: unknown field; use launchMs, reconfigureMs or destroyMs",
    ]),
  );
});

it("reports a file that is not YAML", () => {
  expect(problemsOf("users: [")).toEqual([expect.stringMatching(/^cannot read it/)]);
});

// Issue 39 item 8: a seed models an estate (instances with their values and statuses, environments' properties,
// markers and policies). docs/simulator.md's example seed, as printed, is what this test starts.
describe("the estate of docs/simulator.md's example seed", () => {
  const doc = parseMarkdown(readFileSync(join(__dirname, "../../../docs/simulator.md"), "utf8"));
  const [example] = doc.find((s) => s.heading === "Your own data")!.code.filter((c) => c.lang === "yaml");
  const ORG = "6b0000000000000000000001";
  const PROD = "6b0000000000000000000002";
  const auth = `Basic ${Buffer.from("ops@example.com:ops-password").toString("base64")}`;
  let svc: RunningSimulator;
  beforeAll(async () => {
    const seedDir = mkdtempSync(join(tmpdir(), "appmgmt-seed-doc-"));
    const seedFile = join(seedDir, "seed.yaml");
    writeFileSync(seedFile, example.content);
    try {
      svc = await startSimulator({ seed: loadSeedFile(seedFile) });
    } finally {
      rmSync(seedDir, { recursive: true, force: true });
    }
  });
  afterAll(() => svc?.close());
  const get = async (path: string) => {
    const res = await call(svc.url, "GET", `/api/1${path}`, { auth });
    expect(res.status).toBe(200);
    return res.body as never;
  };

  it("has the instances with their statuses in the default environment, owned by the seed's user", async () => {
    const listed: { name: string; status: string; environment: string }[] = await get(
      `/environments/${PROD}/instances`,
    );
    expect(listed.map((i) => [i.name, i.status, i.environment])).toEqual([
      ["shop", "Running", PROD],
      ["shop-canary", "Failed", PROD],
      ["shop-old", "Destroyed", PROD],
    ]);
    const canary = svc.sim.instances().find((i) => i.name === "shop-canary")!;
    expect(canary.errorMessage).toBe("step deploy: image not found");
  });

  it("runs the seed's parameters and submodule values, the bound one following its main parameter", async () => {
    const shop = svc.sim.instances().find((i) => i.name === "shop")!;
    expect(shop.parameters).toEqual({ "input.app-fork": "release-2", "input.db-size": "large" });
    expect(shop.components.map((c) => [c.name, c.status])).toEqual([["db", "Running"]]);
    const db: { parameters: Record<string, string> } = await get(`/instances/${shop.components[0].id}`);
    expect(db.parameters).toEqual({ "input.engine": "postgres-16", "input.size": "large" });
  });

  it("gives the environment its properties, markers and policies", async () => {
    expect(await get(`/environments/${PROD}/properties`)).toEqual({
      properties: [
        { name: "db-host", type: "string", value: "db.prod.internal" },
        { name: "replicas", type: "int", value: "3" },
      ],
    });
    expect(await get(`/environments/${PROD}/markers`)).toEqual({ markers: [{ name: "production" }] });
    const policies = await fetch(`${svc.url}/api/1/environments/${PROD}`, {
      headers: { authorization: auth, accept: "application/x-yaml" },
    });
    expect(await policies.text()).toContain("parameter: instance.lifetime");
    expect(await get(`/organizations/${ORG}/environments`)).toHaveLength(1);
  });

  it("refuses a seed instance the manifest's rules refuse, naming its path", async () => {
    const bad = example.content.replace(
      "db: { parameters: { input.engine: postgres-16 } }",
      "db: { parameters: { input.size: huge } }",
    );
    expect(bad).not.toBe(example.content);
    const seed = validateSeed(parseYaml(bad));
    await expect(startSimulator({ seed })).rejects.toThrow(
      /organizations\[0\]\.instances\[0\]: submodules\.db\.parameters\['input\.size'\]: input\.size of submodule db is bound to/,
    );
  });
});
