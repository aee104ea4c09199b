// environment_name of appmgmt_instance (and clone_from_name of appmgmt_environment): planned on create when
// the id is known, set at create and read, kept by an update, and looked up once per distinct environment per
// provider process.
import { isUnknown, UNKNOWN, type Value } from "../../../src/terraform-model";
import { providerSchemas } from "../../../src/provider/catalog";
import {
  APP,
  ENV,
  ID,
  applyInstance,
  configuredProvider,
  createPlan,
  instance,
  obj,
  stateOf,
  status,
} from "./fakes";

const STAGING = "5f0000000000000000000e02";
type H = Awaited<ReturnType<typeof configuredProvider>>;

const plan = (h: H, priorState: Value, config: Value, proposed: Value = config) =>
  h.provider.planResourceChange({
    typeName: "appmgmt_instance",
    priorState,
    proposedNewState: proposed,
    config,
    priorPrivate: Buffer.alloc(0),
  });

const lookups = (h: H) => h.client.calls.filter((c) => /^list(Organizations|Environments)$/.test(c.method));

test("a create plans the name of a known environment, one lookup for every instance of the process", async () => {
  const h = await configuredProvider({});
  const planned = await Promise.all(
    [STAGING, ENV, STAGING].map((env, i) =>
      plan(h, null, instance({ application_id: APP, instance_name: `shop-${i}`, environment_id: env })),
    ),
  );
  expect(planned.map((p) => obj(p.plannedState).environment_name)).toEqual(["staging", "default", "staging"]);
  expect(lookups(h).map((c) => c.method)).toEqual(["listOrganizations", "listEnvironments"]);
});

test("an environment_id not known at plan (created in the same apply, or the default) plans the name unknown", async () => {
  const h = await configuredProvider({});
  const res = await plan(h, null, instance({ application_id: APP, environment_id: UNKNOWN }));
  expect(isUnknown(obj(res.plannedState).environment_name)).toBe(true);
  expect(lookups(h)).toEqual([]);
});

test("a failed lookup plans the name unknown and says why in the log, without failing the plan", async () => {
  const h = await configuredProvider({});
  h.client.listOrganizations = () => Promise.reject(new Error("connection refused"));
  const res = await plan(h, null, instance({ application_id: APP, environment_id: STAGING }));
  expect(res.diagnostics).toEqual([]);
  expect(isUnknown(obj(res.plannedState).environment_name)).toBe(true);
  expect(h.logs.join("\n")).toContain(
    `looking up the name of environment ${STAGING} failed: connection refused`,
  );
});

test("a create into the default environment sets the name of the environment the service chose", async () => {
  const h = await configuredProvider({ launch: [{ id: ID }], statuses: [status()] });
  const config = instance({ application_id: APP, instance_name: "shop" });
  const planned = { ...createPlan(config), environment_name: UNKNOWN };
  const res = await applyInstance(h, null, planned, config);
  expect(res.diagnostics).toEqual([]);
  expect(obj(res.newState)).toMatchObject({ environment_id: ENV, environment_name: "default" });
});

test("a read sets the name (a state written before environment_name gets it), and an update keeps it", async () => {
  const h = await configuredProvider({ statuses: [status({ environment: STAGING })] });
  const config = instance({ application_id: APP, instance_name: "shop" });
  const old = { ...stateOf(config, status({ environment: STAGING })), environment_name: null };
  const read = await h.provider.readResource({
    typeName: "appmgmt_instance",
    currentState: old,
    private: Buffer.alloc(0),
  });
  expect(obj(read.newState).environment_name).toBe("staging");

  const prior = obj(read.newState);
  const changed = { ...config, user_data: "team-a" };
  const before = lookups(h).length;
  const res = await plan(h, prior, changed, { ...prior, user_data: "team-a" });
  expect(obj(res.plannedState).environment_name).toBe("staging");
  expect(lookups(h).length).toBe(before);
});

test("an environment's clone plans the name of its source, with the same lookup", async () => {
  const h = await configuredProvider({});
  const attrs = providerSchemas.resources.appmgmt_environment.block.attributes;
  const config = {
    ...Object.fromEntries(attrs.map((a) => [a.name, null])),
    organization_id: "5f0000000000000000000a01",
    name: "sandbox",
    clone_from: STAGING,
  };
  const res = await h.provider.planResourceChange({
    typeName: "appmgmt_environment",
    priorState: null,
    proposedNewState: config,
    config,
    priorPrivate: Buffer.alloc(0),
  });
  expect(obj(res.plannedState).clone_from_name).toBe("staging");
  // the name lookup, then the organization's list for an environment named "sandbox" already (none)
  expect(lookups(h).map((c) => c.method)).toEqual([
    "listOrganizations",
    "listEnvironments",
    "listEnvironments",
  ]);
  expect(res.diagnostics).toEqual([]);
});
