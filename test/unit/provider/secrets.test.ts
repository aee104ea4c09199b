// Secret parameters of appmgmt_instance (issue 29) against the scripted fake client: what validate and
// plan refuse, what a launch and a reconfigure send, and that a secret's value reaches no state, private
// state, diagnostic or log line, even when the service reports or echoes it.
import { type Value, type ValueObject, UNKNOWN, withoutWriteOnly } from "../../../src/terraform-model";
import { providerSchemas } from "../../../src/provider/catalog";
import { decodeInstance } from "../../../src/provider/instance/model";
import { APP, ID, WEBSHOP_MANIFEST, configuredProvider, err, instance, obj, status } from "./fakes";

const SECRET = "pw-0f9e8d7c";
const SUB_SECRET = "sub-pw-1a2b3c";
const WRITE_ONLY_OK = { writeOnlyAttributesAllowed: true };
const SCHEMA = providerSchemas.resources.appmgmt_instance.block;

/** terraform's proposed new state: the configuration, computed attributes it leaves null from the prior. */
const proposedFrom = (prior: ValueObject, c: ValueObject) =>
  Object.fromEntries(
    [...SCHEMA.attributes.map((a) => a.name), "timeouts"].map((name) => {
      const computed = SCHEMA.attributes.find((a) => a.name === name)?.computed;
      return [name, computed && c[name] === null ? prior[name] : (c[name] ?? null)];
    }),
  );

type Harness = Awaited<ReturnType<typeof configuredProvider>>;

const config = instance({
  application_id: APP,
  instance_name: "shop",
  parameters: { "input.db-size": "large" },
  secret_parameters: { "input.app-fork": SECRET },
  secret_parameters_version: 1,
  submodules: {
    db: {
      revision_id: null,
      manifest_version: null,
      parameters: null,
      secret_parameters: { "input.engine": SUB_SECRET },
      manifest: null,
    },
  },
});

/** What the service reports after the launch: the secrets included, as the real service does. */
const reported = status({
  parameters: { "input.app-fork": SECRET, "input.db-size": "large" },
  submodules: {
    db: {
      manifestVersion: 1,
      revision: null,
      parameters: { "input.size": "large", "input.engine": SUB_SECRET },
    },
  },
  returnValues: { url: "https://shop", "db.password": "generated-9z8y" },
});

const validate = (h: Harness, c: Value, caps = WRITE_ONLY_OK) =>
  h.provider.validateResourceConfig({ typeName: "appmgmt_instance", config: c, clientCapabilities: caps });
const plan = (h: Harness, prior: Value, c: Value, priorPrivate = Buffer.alloc(0)) =>
  h.provider.planResourceChange({
    typeName: "appmgmt_instance",
    priorState: prior,
    proposedNewState: c,
    config: c,
    priorPrivate,
  });
const apply = (h: Harness, prior: Value, planned: Value, c: Value, plannedPrivate = Buffer.alloc(0)) =>
  h.provider.applyResourceChange({
    typeName: "appmgmt_instance",
    priorState: prior,
    plannedState: planned,
    config: c,
    plannedPrivate,
  });

/** Nothing the provider produced (state, private state, diagnostics, logs) holds a secret. */
function expectNoSecret(h: Harness, ...values: unknown[]) {
  const text = JSON.stringify(values) + h.logs.join("\n");
  const privates = values.filter((v): v is Buffer => Buffer.isBuffer(v)).map((b) => b.toString());
  for (const secret of [SECRET, SUB_SECRET]) {
    expect(text).not.toContain(secret);
    for (const p of privates) expect(p).not.toContain(secret);
  }
}

/** `terraform import` of `id`, then the read that follows it. */
async function importAndRead(h: Harness, id: string) {
  const [r] = (await h.provider.importResourceState({ typeName: "appmgmt_instance", id })).importedResources;
  return h.provider.readResource({
    typeName: "appmgmt_instance",
    currentState: r.state,
    private: r.private ?? Buffer.alloc(0),
  });
}

async function launched(h: Harness) {
  const planned = await plan(h, null, config);
  expect(planned.diagnostics).toEqual([]);
  const res = await apply(h, null, planned.plannedState, config);
  expect(res.diagnostics).toEqual([]);
  return res;
}

describe("secret parameters", () => {
  it("are sent with the parameters at launch, the submodule's in its entry", async () => {
    const h = await configuredProvider({ launch: [{ id: ID }], statuses: [reported] });
    const res = await launched(h);
    const [, request] = h.client.callsOf("launch")[0].args as [string, Record<string, unknown>];
    expect(request.parameters).toEqual({ "input.db-size": "large", "input.app-fork": SECRET });
    expect(request.submodules).toEqual({ db: { parameters: { "input.engine": SUB_SECRET } } });
    const state = obj(res.newState);
    expect(state.secret_parameter_names).toEqual(["input.app-fork", "db/input.engine"]);
    expect(state.effective_parameters).toEqual({ "input.db-size": "large" });
    expect(decodeInstance(state).effectiveParameters).toEqual({ "input.db-size": "large" });
    expect(state.effective_submodules).toEqual({ db: { parameters: { "input.size": "large" } } });
    expectNoSecret(h, res.newState, res.private);
  });

  it("plan nothing for a new value with the same version; a new version reconfigures with all of them", async () => {
    const h = await configuredProvider({
      launch: [{ id: ID }],
      reconfigure: [{ id: ID }],
      statuses: [reported],
    });
    const created = await launched(h);
    const prior = created.newState;
    const rotated = { ...config, secret_parameters: { "input.app-fork": "pw-new-value" } };
    // terraform's proposed new state: the prior state with the configuration's values
    const proposed = (c: typeof config) => proposedFrom(obj(prior), c);
    const same = await plan(h, prior, proposed(rotated), created.private);
    expect(withoutWriteOnly(same.plannedState, SCHEMA)).toEqual(prior);
    const bumped = { ...rotated, secret_parameters_version: 2 };
    const next = await plan(h, prior, proposed(bumped), created.private);
    expect(obj(next.plannedState).status).toBe(UNKNOWN);
    await apply(h, prior, next.plannedState, bumped, created.private);
    const [, request] = h.client.callsOf("reconfigure")[0].args as [string, Record<string, unknown>];
    expect(request.parameters).toEqual({ "input.db-size": "large", "input.app-fork": "pw-new-value" });
    expect(request.submodules).toEqual({ db: { parameters: { "input.engine": SUB_SECRET } } });
    expectNoSecret(h, next.diagnostics, created);
  });

  it("refuses a name in both maps, and a bound submodule parameter set as a secret, naming no value", async () => {
    const h = await configuredProvider({});
    const both = await validate(h, { ...config, parameters: { "input.app-fork": "plain" } });
    expect(both.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        summary: '"input.app-fork" is in both parameters and secret_parameters',
        attribute: [{ attr: "secret_parameters" }, { key: "input.app-fork" }],
      }),
    ]);
    const bound = {
      ...config,
      manifest: WEBSHOP_MANIFEST,
      submodules: {
        db: { ...obj(obj(config.submodules).db), secret_parameters: { "input.size": SUB_SECRET } },
      },
    };
    const planned = await plan(h, null, bound);
    const binding = planned.diagnostics.filter((d) => d.severity === "error");
    expect(binding).toHaveLength(1);
    expect(binding[0].summary).toBe(
      "input.size of submodule db is bound to parameters['input.db-size'], so it cannot be set under " +
        "submodules.db.secret_parameters on launch",
    );
    expect(binding[0].detail).toMatch(
      /Fix: set secret_parameters\['input\.db-size'\] instead \(or parameters\['input\.db-size'\] if the value is not secret\)$/,
    );
    expect(binding[0].attribute).toEqual([{ attr: "submodules" }, { key: "db" }]);
    expectNoSecret(h, planned.diagnostics);
  });

  it("fail validation naming terraform 1.11 when terraform does not announce write-only support", async () => {
    const h = await configuredProvider({});
    const res = await validate(h, config, { writeOnlyAttributesAllowed: false });
    expect(res.diagnostics.map((d) => d.detail)).toEqual([
      expect.stringMatching(/^secret_parameters is write-only.*terraform 1\.11 or later/),
      expect.stringMatching(/^submodules\["db"\]\.secret_parameters is write-only/),
    ]);
    expect((await validate(h, config)).diagnostics).toEqual([]);
  });

  it("are redacted from a service error that echoes one", async () => {
    const echo = err.conflict();
    echo.message = `parameter input.app-fork: "${SECRET}" is not allowed`;
    const h = await configuredProvider({ launch: [echo] });
    const planned = await plan(h, null, config);
    const res = await apply(h, null, planned.plannedState, config);
    expect(res.diagnostics[0].detail).toContain("[redacted]");
    expectNoSecret(h, res);
  });

  it("an import keeps names that look secret, or that the id names, out of the state and says which", async () => {
    const h = await configuredProvider({
      statuses: [
        status({
          parameters: { "input.db-password": "imported-pw-1", "input.app-fork": SECRET },
          returnValues: {},
        }),
      ],
    });
    const read = await importAndRead(h, `${ID}?secrets=input.app-fork,db/input.engine`);
    const state = obj(read.newState);
    expect(state.secret_parameter_names).toEqual(["input.app-fork", "input.db-password", "db/input.engine"]);
    expect(state.parameters).toEqual({});
    expect(read.diagnostics[0].summary).toMatch(/has secret parameters: configure them in secret_parameters/);
    expect(JSON.stringify([read, h.logs])).not.toContain("imported-pw-1");
    expectNoSecret(h, read);
  });

  it("keeps return values named in sensitive_return_values out of the state, with no sensitive attribute (issue 38)", async () => {
    const h = await configuredProvider({ launch: [{ id: ID }], statuses: [reported, reported] });
    const withSensitive = { ...config, sensitive_return_values: ["db.password"] };
    const planned = await plan(h, null, withSensitive);
    const res = await apply(h, null, planned.plannedState, withSensitive);
    expect(obj(res.newState).return_values).toEqual({ url: "https://shop" });
    const read = await h.provider.readResource({
      typeName: "appmgmt_instance",
      currentState: res.newState,
      private: res.private ?? Buffer.alloc(0),
    });
    expect(obj(read.newState).return_values).toEqual({ url: "https://shop" });
    expect(JSON.stringify([res.newState, read.newState])).not.toContain("generated-9z8y");
    expect(SCHEMA.attributes.filter((a) => a.sensitive)).toEqual([]);
  });

  it("a secret bound into a submodule is kept out of effective_submodules, as the main one is (issue 35)", async () => {
    const bound = instance({
      application_id: APP,
      instance_name: "shop",
      secret_parameters: { "input.db-size": SECRET },
      secret_parameters_version: 1,
    });
    const h = await configuredProvider({
      launch: [{ id: ID }],
      statuses: [
        status({
          parameters: { "input.app-fork": "master", "input.db-size": SECRET },
          submodules: {
            db: {
              manifestVersion: 1,
              revision: null,
              // the bound copy, and a secret-looking value beside it (an old copy not brought up to date)
              parameters: { "input.size": SECRET, "input.engine": "pg", "input.old-password": SUB_SECRET },
            },
          },
        }),
      ],
    });
    const planned = await plan(h, null, bound);
    const res = await apply(h, null, planned.plannedState, bound);
    expect(obj(res.newState).effective_submodules).toEqual({ db: { parameters: { "input.engine": "pg" } } });
    expectNoSecret(h, res);
  });

  it("a reconfigure that would drop a secret the service holds fails the plan naming it, and the apply sends nothing (issue 35)", async () => {
    const h = await configuredProvider({ launch: [{ id: ID }], statuses: [reported] });
    const created = await launched(h);
    const prior = obj(created.newState);
    // the db secret left out, a plain change besides: the reconfigure would reset input.engine
    const dropped = {
      ...config,
      parameters: { "input.db-size": "medium" },
      submodules: { db: { ...obj(obj(config.submodules).db), secret_parameters: null } },
    };
    // the main secret not supplied (an adopted one, its variable null), the version bumped
    const unsupplied = {
      ...config,
      secret_parameters: { "input.app-fork": null },
      secret_parameters_version: 2,
    };
    const errorsOf = async (c: ValueObject) =>
      (await plan(h, prior, proposedFrom(prior, c), created.private)).diagnostics
        .filter((d) => d.severity === "error")
        .map((d) => d.detail);
    expect(await errorsOf(dropped)).toEqual([
      expect.stringMatching(
        /^db\/input\.engine is held by the service and this change would reset it to its default; supply it in submodules\["db"\]\.secret_parameters \(see README "Secrets"\)/,
      ),
    ]);
    expect(await errorsOf(unsupplied)).toEqual([
      expect.stringMatching(
        /^input\.app-fork is held by the service and this change would reset it to its default; supply it in secret_parameters \(see README "Secrets"\)/,
      ),
    ]);
    // an apply of a plan that could not tell (a value unknown then) checks again, before anything is sent
    const res = await apply(
      h,
      prior,
      { ...proposedFrom(prior, dropped), status: UNKNOWN },
      dropped,
      created.private,
    );
    expect(res.diagnostics.map((d) => d.severity)).toEqual(["error"]);
    expect(h.client.callsOf("reconfigure")).toEqual([]);
  });

  it("an import takes a submodule secret equal to its binder's value as bound: no name of its own, version 1 (issue 35)", async () => {
    const h = await configuredProvider({
      statuses: [
        status({
          parameters: { "input.db-password": "imported-pw-1", "input.app-fork": "main" },
          submodules: {
            db: { manifestVersion: 1, revision: null, parameters: { "input.password": "imported-pw-1" } },
            "db/replica": {
              manifestVersion: 1,
              revision: null,
              parameters: { "input.password": "replica-pw-2" },
            },
          },
          returnValues: {},
        }),
      ],
    });
    const read = await importAndRead(h, ID);
    const state = obj(read.newState);
    expect(state.secret_parameter_names).toEqual(["input.db-password", "db/replica/input.password"]);
    expect(state.secret_parameters_version).toBe(1);
    expect(state.effective_submodules).toEqual({ db: { parameters: {} }, "db/replica": { parameters: {} } });
    expect(read.diagnostics[0].detail).toContain(
      'secret_parameters: input.db-password; submodules["db/replica"].secret_parameters: input.password',
    );
    expect(JSON.stringify([read, h.logs])).not.toMatch(/imported-pw-1|replica-pw-2/);
  });
});
