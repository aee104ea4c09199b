// A scripted fake of the service for provider unit tests: the client records calls and answers from
// per-test scripts; waits use the real waitForInstance on a virtual clock, so no test sleeps.
import { describeCredentials } from "../../../src/provider/credentials";
import {
  AbortedError,
  ConflictError,
  NetworkError,
  NotFoundError,
  OutcomeUnknownError,
  RateLimitError,
} from "../../../src/client/errors";
import type {
  CallOptions,
  InstanceStatus,
  LaunchRequest,
  ReconfigureRequest,
} from "../../../src/client/types";
import { waitForInstance, type Clock } from "../../../src/client/waiters";
import { EnvironmentCalls } from "../../../src/client/endpoints/environments";
import { type Logger, UNKNOWN, type Value, type ValueObject } from "../../../src/terraform-model";
import { createProvider } from "../../../src/provider";
import type { ProviderSettings } from "../../../src/provider/config";
import type { Service, ServiceClient, ServiceWaitOptions } from "../../../src/provider/service";
import { providerSchemas } from "../../../src/provider/catalog";
import { DEMO_MANIFESTS } from "../../../src/simulator";

export const APP = "5f0000000000000000000a11";
export const ENV = "5f0000000000000000000e01";
export const ORG = "5f0000000000000000000a01";
export const REV = "5f0000000000000000000c01";
export const ID = "6a0000000000000000000001";

export const PASSWORD = "s3cret-Passw0rd";
export const REFRESH = "rt-very-secret-refresh";
export const JWT =
  "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZW1vQGV4YW1wbGUuY29tIiwiZXhwIjo5OTk5OTk5OTk5fQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ";

export function status(overrides: Partial<InstanceStatus> = {}): InstanceStatus {
  return {
    id: ID,
    name: "shop",
    status: "Running",
    application: APP,
    environment: ENV,
    revision: null,
    version: 1,
    parameters: { "input.app-fork": "master", "input.db-size": "small" },
    submodules: {
      db: {
        manifestVersion: 1,
        revision: null,
        parameters: { "input.size": "small", "input.engine": "postgres-15" },
      },
    },
    components: [{ id: "6a00000000000000000000d1", name: "db", status: "Running" }],
    workflowHistory: [],
    workflow: null,
    errorMessage: null,
    returnValues: {},
    ...overrides,
  };
}

/** What the service reports after changes by hand: app-fork dev, db-size large (db's size follows), another engine. */
export const CHANGED_BY_HAND: InstanceStatus = status({
  parameters: { "input.app-fork": "dev", "input.db-size": "large" },
  submodules: {
    db: {
      manifestVersion: 1,
      revision: null,
      parameters: { "input.size": "large", "input.engine": "postgres-16" },
    },
  },
});

/** Answers of the fake: each is a value, an error to throw, or a function of the call. */
type Answer<T> = T | Error | (() => T | Promise<T>);

export interface FakeScript {
  launch?: Answer<{ id: string }>[];
  reconfigure?: Answer<{ id: string }>[];
  destroy?: Answer<{ id: string }>[];
  createApplication?: Answer<{ id: string }>[];
  uploadManifest?: Answer<{ version: number }>[];
  runWorkflow?: Answer<{ id: string }>[];
  /** Successive getInstance answers; the last one repeats. */
  statuses?: Answer<InstanceStatus>[];
  /** What listRevisions answers (default: the demo's revision "stable"). */
  revisions?: { id: string; name: string }[];
  /** What the instance lists hold (a function: what they hold at the time of the call). */
  instances?: InstanceStatus[] | (() => InstanceStatus[]);
  /** What an environment's or application's instance list answers instead, by list (404 for another org's). */
  listErrors?: { environment?: Error; application?: Error };
}

export class FakeClient implements ServiceClient {
  readonly calls: { method: string; args: unknown[] }[] = [];
  /** The real environment calls over a send that records each call and has no answer scripted. */
  readonly environments = new EnvironmentCalls({
    api: (name, _method, path, body) => {
      this.calls.push({ method: name, args: [path, body] });
      return Promise.reject(new Error(`fake: no scripted answer for ${name}`));
    },
  });
  constructor(private readonly script: FakeScript) {}

  private async answer<T>(
    method: string,
    args: unknown[],
    queue: Answer<T>[] | undefined,
    repeatLast = false,
  ): Promise<T> {
    this.calls.push({ method, args });
    if (!queue || queue.length === 0) throw new Error(`fake: no scripted answer for ${method}`);
    const next = queue.length > 1 || !repeatLast ? queue.shift()! : queue[0];
    if (next instanceof Error) throw next;
    return typeof next === "function" ? await (next as () => T | Promise<T>)() : next;
  }

  callsOf(method: string) {
    return this.calls.filter((c) => c.method === method);
  }

  /** The call options the workflow calls were given (deadline, signals), in call order. */
  readonly options: { method: string; o?: CallOptions }[] = [];
  optionsOf(method: string): CallOptions[] {
    return this.options.filter((c) => c.method === method).map((c) => c.o ?? {});
  }

  async listOrganizations() {
    this.calls.push({ method: "listOrganizations", args: [] });
    return [{ id: ORG, name: "Demo Org" }];
  }
  async listApplications(orgId: string) {
    this.calls.push({ method: "listApplications", args: [orgId] });
    return [
      { id: APP, name: "webshop" },
      { id: "5f0000000000000000000b01", name: "postgres" },
    ];
  }
  async listEnvironments(orgId: string) {
    this.calls.push({ method: "listEnvironments", args: [orgId] });
    return [
      { id: ENV, name: "default", default: true, online: true },
      { id: "5f0000000000000000000e02", name: "staging", default: false, online: true },
    ];
  }
  async listInstances(envId: string) {
    this.calls.push({ method: "listInstances", args: [envId] });
    if (this.script.listErrors?.environment) throw this.script.listErrors.environment;
    return this.summaries((s) => s.environment === envId);
  }
  async listApplicationInstances(appId: string) {
    this.calls.push({ method: "listApplicationInstances", args: [appId] });
    if (this.script.listErrors?.application) throw this.script.listErrors.application;
    return this.summaries((s) => s.application === appId);
  }
  async listRevisions(appId: string) {
    this.calls.push({ method: "listRevisions", args: [appId] });
    return this.script.revisions ?? [{ id: REV, name: "stable" }];
  }
  async listRevisionInstances(revisionId: string) {
    this.calls.push({ method: "listRevisionInstances", args: [revisionId] });
    return this.summaries((s) => s.revision === revisionId);
  }
  private summaries(which: (s: InstanceStatus) => boolean) {
    const { instances = [] } = this.script;
    return (typeof instances === "function" ? instances() : instances).filter(which).map((s) => ({
      id: s.id,
      name: s.name,
      application: s.application,
      revision: s.revision,
      environment: s.environment,
      status: s.status,
    }));
  }
  /** Like the real client, a launch whose signal fires while it is in flight fails with AbortedError. */
  async launch(appId: string, req: LaunchRequest, o?: CallOptions) {
    this.options.push({ method: "launch", o });
    const accepted = await this.answer("launch", [appId, req], this.script.launch);
    if (o?.signal?.aborted) throw new AbortedError(`POST /applications/${appId}/launch`);
    return accepted;
  }
  reconfigure(id: string, req: ReconfigureRequest, o?: CallOptions) {
    this.options.push({ method: "reconfigure", o });
    return this.answer("reconfigure", [id, req], this.script.reconfigure);
  }
  destroy(id: string, o?: CallOptions) {
    this.options.push({ method: "destroy", o });
    return this.answer("destroy", [id], this.script.destroy);
  }
  createApplication(orgId: string, req: { name: string }) {
    return this.answer("createApplication", [orgId, req], this.script.createApplication);
  }
  uploadManifest(appId: string, yamlText: string) {
    return this.answer("uploadManifest", [appId, yamlText], this.script.uploadManifest);
  }
  runWorkflow(id: string, workflow: string, parameters?: Record<string, string>, o?: CallOptions) {
    this.options.push({ method: "runWorkflow", o });
    return this.answer("runWorkflow", [id, workflow, parameters], this.script.runWorkflow);
  }
  getInstance(id: string) {
    return this.answer("getInstance", [id], this.script.statuses, true);
  }
  /** The same status read (the call named getInstance): the scripted statuses carry their submodules. */
  getInstanceStatus(id: string) {
    return this.getInstance(id);
  }
  /** Like the real client, only the submodules at `paths` (the scripted status holds them all). */
  async readSubmodules(s: InstanceStatus, paths: "all" | ReadonlySet<string>) {
    this.calls.push({ method: "readSubmodules", args: [s.id, paths] });
    if (paths === "all") return s;
    return {
      ...s,
      submodules: Object.fromEntries(Object.entries(s.submodules).filter(([k]) => paths.has(k))),
    };
  }
  async rescheduleDestroy(id: string, inMs: number) {
    this.calls.push({ method: "rescheduleDestroy", args: [id, inMs] });
  }
  async listSchedules(id: string) {
    this.calls.push({ method: "listSchedules", args: [id] });
    return [];
  }
  async putUserData(id: string, userData: string) {
    this.calls.push({ method: "putUserData", args: [id, userData] });
  }
  async close() {}
}

/** Time passes only when the waiter sleeps. */
function virtualClock(): Clock {
  let now = 0;
  return {
    now: () => now,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      now += ms;
    },
  };
}

export interface Harness {
  provider: ReturnType<typeof createProvider>;
  client: FakeClient;
  settings: () => ProviderSettings | undefined;
  logs: string[];
  /** The options of every wait the provider started, in order. */
  waits: ServiceWaitOptions[];
}

export const err = {
  notFound: () =>
    new NotFoundError({ status: 404, errors: ["instance not found"], method: "GET", path: "/x" }),
  conflict: () =>
    new ConflictError({
      status: 409,
      errors: ["instance is executing a workflow"],
      method: "PUT",
      path: "/x",
    }),
  /** The service unreachable: what a status read throws once the client's own retries gave up. */
  unavailable: () =>
    new NetworkError(
      "GET",
      `http://127.0.0.1:9/api/1/instances/${ID}`,
      "ECONNREFUSED",
      "the service is down",
    ),
  outcomeUnknown: () => new OutcomeUnknownError("POST", `/api/1/applications/${APP}/launch`),
  rateLimited: (retryAfterMs: number) =>
    new RateLimitError(
      {
        status: 429,
        errors: ["too many requests"],
        method: "POST",
        path: `/api/1/applications/${APP}/launch`,
      },
      retryAfterMs,
    ),
};

/** A provider over the fake client, configured with Basic credentials, logging everything into `logs`. */
export async function configuredProvider(script: FakeScript, env: NodeJS.ProcessEnv = {}): Promise<Harness> {
  const client = new FakeClient(script);
  const logs: string[] = [];
  let settings: ProviderSettings | undefined;
  const waits: ServiceWaitOptions[] = [];
  const log = captureLogger(logs);
  const provider = createProvider({
    env,
    log,
    lostLaunchLookup: { reads: 3, firstPauseMs: 1 },
    connect: async (s, logger) => {
      settings = s;
      const service: Service = {
        client,
        credentials: describeCredentials(s),
        wait: (id, opts) => {
          waits.push(opts);
          return waitForInstance(client, id, { ...opts, clock: virtualClock() });
        },
      };
      logger.debug("fake client created");
      return service;
    },
  });
  const configured = await provider.configureProvider({
    config: providerConfig({ base_url: "http://127.0.0.1:1", email: "demo@example.com", password: PASSWORD }),
    terraformVersion: "1.11.4",
  });
  expect(configured.diagnostics).toEqual([]);
  return { provider, client, settings: () => settings, logs, waits };
}

export function captureLogger(lines: string[]): Logger {
  const make = (module: string): Logger => {
    const at = (level: string) => (message: string, fields?: Record<string, unknown>) =>
      lines.push(JSON.stringify({ "@level": level, "@message": message, "@module": module, ...fields }));
    return {
      trace: at("trace"),
      debug: at("debug"),
      info: at("info"),
      warn: at("warn"),
      error: at("error"),
      named: (name) => make(`${module}.${name}`),
    };
  };
  return make("test");
}

function nullObject(attributes: { name: string }[]): ValueObject {
  return Object.fromEntries(attributes.map((a) => [a.name, null]));
}

export function providerConfig(values: ValueObject = {}): ValueObject {
  return { ...nullObject(providerSchemas.provider.block.attributes), ...values };
}

/** An appmgmt_instance object: every attribute null unless given. */
export function instance(values: ValueObject = {}): ValueObject {
  return { ...nullObject(providerSchemas.resources.appmgmt_instance.block.attributes), ...values };
}

/** The create plan terraform would send: computed attributes unknown. */
export function createPlan(config: ValueObject): ValueObject {
  const planned: ValueObject = {
    ...config,
    id: UNKNOWN,
    status: UNKNOWN,
    effective_parameters: UNKNOWN,
    return_values: UNKNOWN,
  };
  for (const a of ["instance_name", "environment_id", "manifest_version"])
    if (config[a] === null) planned[a] = UNKNOWN;
  return planned;
}

export function dataConfig(typeName: string, values: ValueObject = {}): ValueObject {
  return { ...nullObject(providerSchemas.dataSources[typeName].block.attributes), ...values };
}

/** The state after a successful create of `config` (what terraform would hold). */
export function stateOf(config: ValueObject, s: InstanceStatus = status()): ValueObject {
  return {
    ...config,
    id: s.id,
    instance_name: s.name,
    environment_id: s.environment,
    manifest_version: s.version,
    status: s.status,
    effective_parameters: s.parameters,
    effective_submodules: Object.fromEntries(
      Object.entries(s.submodules).map(([key, sub]) => [key, { parameters: { ...sub.parameters } }]),
    ),
    return_values: {},
  };
}

export function obj(v: Value): ValueObject {
  if (v === null || typeof v !== "object" || Array.isArray(v)) throw new Error(`not an object: ${String(v)}`);
  return v as ValueObject;
}

export const WEBSHOP_MANIFEST = DEMO_MANIFESTS.webshop[1];

/** applyResourceChange of appmgmt_instance as terraform sends it (no planned private state). */
export function applyInstance(h: Harness, priorState: Value, plannedState: Value, config: Value) {
  return h.provider.applyResourceChange({
    typeName: "appmgmt_instance",
    priorState,
    plannedState,
    config,
    plannedPrivate: Buffer.alloc(0),
  });
}
