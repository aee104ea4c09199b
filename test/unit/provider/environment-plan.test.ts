// appmgmt_environment's plan on its own (pure functions): no create without clone_from, unknowns on create,
// rename as replacement, policies compared by meaning, property types following the properties, and the
// configuration checks with the attribute path of each finding.
import { UNKNOWN, type ValueObject } from "../../../src/terraform-model";
import { planEnvironment, validateEnvironment } from "../../../src/provider/environment/plan";
import { samePolicies } from "../../../src/service/environment-limits";
import { environmentSchema } from "../../../src/provider/environment/schema";
import { ENV, ORG } from "./fakes";

const ENV_ID = "6c0000000000000000000001";
const POLICIES = "policies:\n  - action: launch\n    value: 4h\n";

function environment(values: ValueObject = {}): ValueObject {
  const nulls = environmentSchema.block.attributes.map((a) => [a.name, null]);
  return { ...Object.fromEntries(nulls), ...values };
}

const CONFIG = environment({
  organization_id: ORG,
  name: "sandbox",
  clone_from: ENV,
  properties: { "db-host": "db", replicas: "2" },
  property_types: { replicas: "int" },
  markers: ["sandbox"],
  policies: POLICIES,
});
const STATE: ValueObject = { ...CONFIG, id: ENV_ID, default: false };

const plan = (prior: ValueObject | null, config: ValueObject, proposed?: ValueObject) =>
  planEnvironment({
    typeName: "appmgmt_environment",
    priorState: prior,
    proposedNewState: proposed ?? (prior ? { ...config, id: prior.id, default: prior.default } : config),
    config,
    priorPrivate: Buffer.alloc(0),
  });

describe("appmgmt_environment plan", () => {
  it("fails a create without clone_from, saying to clone one or import, at clone_from", () => {
    const res = plan(null, { ...CONFIG, clone_from: null });
    expect(res.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        summary: "An environment is created by cloning one",
        detail: expect.stringContaining("terraform import appmgmt_environment.<name> <environment id>"),
        attribute: [{ attr: "clone_from" }],
      }),
    ]);
  });

  it("needs no clone_from once the environment exists (imported)", () => {
    const imported = { ...STATE, clone_from: null };
    expect(plan(imported, imported).diagnostics).toEqual([]);
  });

  it("plans id and default unknown on create, and what the configuration leaves to the clone", () => {
    const res = plan(null, { ...CONFIG, markers: null, policies: null });
    expect(res.diagnostics).toEqual([]);
    expect(res.plannedState).toMatchObject({
      id: UNKNOWN,
      default: UNKNOWN,
      markers: UNKNOWN,
      policies: UNKNOWN,
    });
    expect(res.plannedState).toMatchObject({ properties: CONFIG.properties });
  });

  it("replaces on a new name (the API cannot rename) and on another organization", () => {
    expect(plan(STATE, { ...CONFIG, name: "sandbox-2" }).requiresReplace).toEqual([[{ attr: "name" }]]);
    expect(plan(STATE, { ...CONFIG, organization_id: "5f0000000000000000000a02" }).requiresReplace).toEqual([
      [{ attr: "organization_id" }],
    ]);
  });

  it("keeps the state's policies text when the configuration's means the same, not when it differs", () => {
    const reformatted = "policies:\n- {value: '4h', action: launch}\n";
    expect(plan(STATE, { ...CONFIG, policies: reformatted }).plannedState).toMatchObject({
      policies: POLICIES,
    });
    const changed = "policies:\n- {value: '8h', action: launch}\n";
    expect(plan(STATE, { ...CONFIG, policies: changed }).plannedState).toMatchObject({ policies: changed });
  });

  it("drops the type of a property the plan removes when property_types is left to the service", () => {
    const config = { ...CONFIG, properties: { "db-host": "db" }, property_types: null };
    const proposed = { ...config, id: ENV_ID, default: false, property_types: STATE.property_types };
    expect(plan(STATE, config, proposed).plannedState).toMatchObject({ property_types: {} });
  });
});

describe("appmgmt_environment configuration checks", () => {
  it("names the attribute path and the fix of each problem", () => {
    const found = validateEnvironment({
      ...CONFIG,
      properties: { "has space": "x", replicas: "1" },
      property_types: { replicas: "string", ghost: "int" },
      markers: ["ok", "no/slash"],
      policies: "- a list\n",
    });
    expect(found.map((d) => [d.attribute, d.summary])).toEqual([
      [[{ attr: "properties" }, { key: "has space" }], "Invalid property name"],
      [[{ attr: "markers" }], "Invalid marker"],
      [[{ attr: "property_types" }, { key: "replicas" }], "Invalid property type"],
      [[{ attr: "property_types" }, { key: "ghost" }], "Type of an unlisted property"],
      [[{ attr: "policies" }], "Invalid policies"],
    ]);
    expect(found[2].detail).toBe(
      `property_types["replicas"]: the type "string" is the default, which is never listed; list only the ` +
        `types other than "string" (for example "int" or "bool"), and remove the entry of a string property.`,
    );
    expect(found[4].detail).toContain("write `policies:` and the list of policies under it");
  });

  it("skips what is unknown", () => {
    expect(
      validateEnvironment({ ...CONFIG, properties: UNKNOWN, markers: UNKNOWN, policies: UNKNOWN }),
    ).toEqual([]);
  });
});

describe("policies by meaning", () => {
  it("ignores key order, quoting and layout, not list order or values", () => {
    expect(samePolicies("a: 1\nb: [x, y]\n", "b:\n  - 'x'\n  - \"y\"\na: 1 # same\n")).toBe(true);
    expect(samePolicies("b: [x, y]\n", "b: [y, x]\n")).toBe(false);
    expect(samePolicies("a: 1\n", "a: 2\n")).toBe(false);
    expect(samePolicies("a: [\n", "a: [\n")).toBe(true);
    expect(samePolicies("a: [\n", "a: []\n")).toBe(false);
  });
});
