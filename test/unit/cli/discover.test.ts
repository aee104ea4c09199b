// `appmgmt discover`'s pure parts: resource names from instance names, and which listed instances it
// adopts (a fake client: the simulator never lists a submodule instance beside its parent, a real service
// might).
import { discoverInstances, type DiscoveredInstance } from "../../../src/cli/discover-estate";
import { renderHcl, renderTypescript, resourceNames } from "../../../src/cli/discover-output";
import type { InstanceStatus, InstanceSummary } from "../../../src/client/types";

const ENV = "5f0000000000000000000e01";
const APP = "5f0000000000000000000a11";

function summary(id: string, name: string, status: InstanceSummary["status"] = "Running"): InstanceSummary {
  return { id, name, application: APP, revision: null, environment: ENV, status };
}

const discovered = (...s: InstanceSummary[]): DiscoveredInstance[] => s.map((summary) => ({ summary }));

describe("resourceNames", () => {
  test("valid terraform identifiers from any instance name", () => {
    const names = resourceNames(
      discovered(
        summary("5f00000000000000000000a1", "Web-Shop"),
        summary("5f00000000000000000000a2", "3rd.shop"),
        summary("5f00000000000000000000a3", "_x"),
      ),
    );
    expect(names).toEqual(["web-shop", "i_3rd_shop", "_x"]);
    for (const n of names) expect(n).toMatch(/^[A-Za-z_][A-Za-z0-9_-]*$/);
  });

  test("same-named instances each take the end of their id, whatever order they come in", () => {
    const a = summary("5f00000000000000000000a1", "twin");
    const b = summary("5f00000000000000000000b2", "Twin");
    const other = summary("5f00000000000000000000c3", "solo");
    expect(resourceNames(discovered(a, b, other))).toEqual(["twin_0000a1", "twin_0000b2", "solo"]);
    expect(resourceNames(discovered(other, b, a))).toEqual(["solo", "twin_0000b2", "twin_0000a1"]);
  });

  test("a suffixed name that meets an instance literally so named takes the whole id", () => {
    const names = resourceNames(
      discovered(
        summary("5f00000000000000000000a1", "twin"),
        summary("5f00000000000000000000b2", "twin"),
        summary("5f00000000000000000000c3", "twin_0000a1"),
      ),
    );
    expect(new Set(names).size).toBe(3);
    expect(names[0]).toBe("twin_5f00000000000000000000a1");
  });
});

describe("discoverInstances", () => {
  const parent = summary("5f00000000000000000000a1", "shop");
  const child = summary("5f00000000000000000000a2", "db");
  const gone = summary("5f00000000000000000000a3", "old", "Destroyed");
  const status = (s: InstanceSummary, components: InstanceSummary[] = []): InstanceStatus => ({
    id: s.id,
    name: s.name,
    status: s.status,
    application: s.application,
    environment: s.environment,
    revision: null,
    version: 2,
    parameters: { "input.db-size": "large", "input.app-fork": "main" },
    submodules: {},
    components: components.map((c) => ({ id: c.id, name: c.name, status: c.status })),
    workflowHistory: [],
    workflow: null,
    errorMessage: null,
    returnValues: {},
  });
  const client = {
    listEnvironments: () => Promise.reject(new Error("not called")),
    listInstances: () => Promise.resolve([child, gone, parent]),
    getInstance: (id: string) => Promise.resolve(id === parent.id ? status(parent, [child]) : status(child)),
  };

  test("a submodule instance listed beside its parent, and a destroyed one, are left out", async () => {
    const lines: string[] = [];
    const found = await discoverInstances(
      client,
      { environmentId: ENV },
      {},
      { progress: (l) => lines.push(l) },
    );
    expect(found.map((d) => d.summary.id)).toEqual([parent.id]);
    expect(found[0].settings).toEqual({
      manifestVersion: 2,
      parameters: { "input.db-size": "large", "input.app-fork": "main" },
      secretNames: [],
    });
    expect(lines).toEqual([
      `environment ${ENV}: 3 instances listed, 1 destroyed or destroying left out, 0 filtered out, 2 to adopt`,
      "1 submodule instances listed beside their parents left out (their parents' imports hold their settings)",
    ]);
  });
});

describe("secrets in what discover writes (issue 35)", () => {
  const PASSWORD = "pw-held-1234";
  const shop = summary("5f00000000000000000000a1", "shop");
  const client = {
    listEnvironments: () => Promise.reject(new Error("not called")),
    listInstances: () => Promise.resolve([shop]),
    getInstance: (): Promise<InstanceStatus> =>
      Promise.resolve({
        id: shop.id,
        name: shop.name,
        status: "Running",
        application: APP,
        environment: ENV,
        revision: null,
        version: 1,
        parameters: { "input.db-password": PASSWORD, "input.app-fork": "main" },
        submodules: {
          db: { manifestVersion: 1, revision: null, parameters: { "input.password": PASSWORD } },
          "db/replica": { manifestVersion: 1, revision: null, parameters: { "input.password": "other-pw" } },
        },
        components: [],
        workflowHistory: [],
        workflow: null,
        errorMessage: null,
        returnValues: {},
      }),
  };
  const found = () => discoverInstances(client, { environmentId: ENV }, {}, { progress: () => undefined });

  test("HCL: the resource block with an ephemeral sensitive variable per secret, the bound one only at its main parameter", async () => {
    const hcl = renderHcl(await found(), "test");
    expect(hcl).not.toMatch(/pw-held-1234|other-pw/);
    expect([...hcl.matchAll(/variable "(\w+)" \{[^}]*ephemeral\s+= true[^}]*\}/g)].map((m) => m[1])).toEqual([
      "shop_input_db_password",
      "shop_db_replica_input_password",
    ]);
    expect(hcl).toMatch(
      /secret_parameters = \{\n\s+"input\.db-password" = var\.shop_input_db_password\n\s+\}/,
    );
    expect(hcl).toMatch(/"input\.password" = var\.shop_db_replica_input_password/);
    expect(hcl).toContain("secret_parameters_version = 1");
    expect(hcl).toMatch(/parameters = \{\n\s+"input\.app-fork" = "main"\n\s+\}/);
  });

  test("TypeScript: a TerraformVariable per secret, never a literal", async () => {
    const ts = renderTypescript(await found(), "test");
    expect(ts).not.toMatch(/pw-held-1234|other-pw/);
    expect(ts).toContain('"input.db-password": secret(scope, "shop_input_db_password")');
    expect(ts).toContain('"input.password": secret(scope, "shop_db_replica_input_password")');
    expect(ts).toContain("new TerraformVariable(scope, name");
  });
});
