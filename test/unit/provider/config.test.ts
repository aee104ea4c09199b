// Provider configuration (attributes, environment fallback, diagnostics with paths), data sources, and
// the guarantee that no secret reaches logs or diagnostics.
import * as os from "node:os";
import * as path from "node:path";
import { createLogger, UNKNOWN } from "../../../src/terraform-model";
import { SecretList, redactingLogger } from "../../../src/provider/redact";
import { createProvider } from "../../../src/provider";
import type { ProviderSettings } from "../../../src/provider/config";
import { parseDuration } from "../../../src/provider/duration";
import {
  APP,
  ENV,
  ID,
  JWT,
  ORG,
  PASSWORD,
  REFRESH,
  captureLogger,
  configuredProvider,
  dataConfig,
  err,
  instance,
  obj,
  providerConfig,
  status,
} from "./fakes";

function provider(env: NodeJS.ProcessEnv = {}) {
  let settings: ProviderSettings | undefined;
  const p = createProvider({
    env,
    log: captureLogger([]),
    connect: async (s) => {
      settings = s;
      return { client: {} as never, wait: async () => status() };
    },
  });
  return { p, settings: () => settings };
}

const configure = (p: ReturnType<typeof createProvider>, values: Parameters<typeof providerConfig>[0]) =>
  p.configureProvider({ config: providerConfig(values), terraformVersion: "1.11.4" });

describe("provider configuration", () => {
  it("takes each attribute from the environment when the block leaves it unset", async () => {
    const { p, settings } = provider({
      APPMGMT_BASE_URL: "http://127.0.0.1:8080/",
      APPMGMT_REFRESH_TOKEN: REFRESH,
      APPMGMT_API_VERSION: "1.1",
      APPMGMT_REQUEST_TIMEOUT: "1m30s",
      APPMGMT_UNREACHABLE_TIMEOUT: "2m",
      APPMGMT_MAX_RETRIES: "2",
      XDG_CACHE_HOME: "/var/cache/u",
    });
    expect((await configure(p, {})).diagnostics).toEqual([]);
    expect(settings()).toEqual({
      baseUrl: "http://127.0.0.1:8080",
      apiVersion: "1.1",
      email: undefined,
      password: undefined,
      refreshToken: REFRESH,
      tokenCacheDir: "/var/cache/u/appmgmt/tokens",
      requestTimeoutMs: 90_000,
      unreachableTimeoutMs: 120_000,
      maxRetries: 2,
      caCertPem: undefined,
      insecure: false,
    });
  });

  it("prefers the block over the environment, and caches tokens under ~/.cache without XDG_CACHE_HOME", async () => {
    const { p, settings } = provider({
      APPMGMT_BASE_URL: "http://env.invalid",
      APPMGMT_EMAIL: "env@example.com",
    });
    const res = await configure(p, {
      base_url: "https://appmgmt.example.com",
      email: "demo@example.com",
      password: PASSWORD,
    });
    expect(res.diagnostics).toEqual([]);
    expect(settings()).toMatchObject({
      baseUrl: "https://appmgmt.example.com",
      email: "demo@example.com",
      apiVersion: "1.2",
      tokenCacheDir: path.join(os.homedir(), ".cache", "appmgmt", "tokens"),
    });
  });

  it("reports each problem with its attribute path and the fix", async () => {
    const { p, settings } = provider();
    const res = await configure(p, { api_version: "3", email: "demo@example.com", request_timeout: "soon" });
    expect(settings()).toBeUndefined();
    expect(res.diagnostics.map((d) => [d.summary, d.attribute])).toEqual([
      ["Missing base_url", [{ attr: "base_url" }]],
      ['Unsupported api_version "3" (from provider attribute api_version)', [{ attr: "api_version" }]],
      ["Missing password", [{ attr: "password" }]],
      ["Invalid request_timeout (from provider attribute request_timeout)", [{ attr: "request_timeout" }]],
    ]);
    expect(res.diagnostics[0].detail).toContain("APPMGMT_BASE_URL");
    expect(res.diagnostics[1].detail).toContain('"1.2"');
  });

  it("unreachable_timeout: 5 minutes by default; a bad duration is refused on the attribute", async () => {
    const base = { base_url: "http://127.0.0.1:1", refresh_token: REFRESH };
    const byDefault = provider();
    await configure(byDefault.p, base);
    expect(byDefault.settings()?.unreachableTimeoutMs).toBe(300_000);
    const bad = provider();
    const res = await configure(bad.p, { ...base, unreachable_timeout: "often" });
    expect(res.diagnostics.map((d) => [d.summary, d.attribute])).toEqual([
      [
        "Invalid unreachable_timeout (from provider attribute unreachable_timeout)",
        [{ attr: "unreachable_timeout" }],
      ],
    ]);
    expect(res.diagnostics[0].detail).toContain('e.g. "30m"');
  });

  it("requires credentials and a valid base_url when configuring", async () => {
    const { p } = provider();
    const res = await configure(p, { base_url: "ftp://x" });
    expect(res.diagnostics.map((d) => d.summary)).toEqual([
      "Invalid base_url (from provider attribute base_url)",
      "No credentials for the appmgmt provider",
    ]);
    expect(res.diagnostics[1].detail).toContain("APPMGMT_REFRESH_TOKEN");
    expect(res.diagnostics[1].detail).toContain("APPMGMT_SESSION_TOKEN");
  });

  it.each([
    ["provider attribute base_url", {}, { base_url: "http://admin:S3cr3t/x@appmgmt.example.com" }],
    ["environment variable APPMGMT_BASE_URL", { APPMGMT_BASE_URL: "https://admin:S3cr3t@host" }, {}],
  ])("refuses userinfo in base_url (%s), showing no part of it", async (from, env, block) => {
    const { p } = provider({ APPMGMT_REFRESH_TOKEN: REFRESH, ...env });
    for (const res of [
      await p.validateProviderConfig({ config: providerConfig(block) }),
      await configure(p, block),
    ]) {
      expect(res.diagnostics).toHaveLength(1);
      expect(res.diagnostics[0].summary).toBe(`Invalid base_url (from ${from})`);
      expect(res.diagnostics[0].detail).toMatch(/must not contain credentials/);
      expect(JSON.stringify(res.diagnostics)).not.toMatch(/admin|S3cr3t/);
    }
  });

  it.each([
    ["https://appmgmt.example.com/api/1", "/api/1", "https://appmgmt.example.com"],
    ["https://appmgmt.example.com/api/1/", "/api/1", "https://appmgmt.example.com"],
    ["http://127.0.0.1:8080/appmgmt/api/2", "/api/2", "http://127.0.0.1:8080/appmgmt"],
  ])(
    "refuses a base_url ending in an API prefix (%s), naming the suffix to remove",
    async (url, suffix, fix) => {
      const { p, settings } = provider({ APPMGMT_REFRESH_TOKEN: REFRESH });
      for (const res of [
        await p.validateProviderConfig({ config: providerConfig({ base_url: url }) }),
        await configure(p, { base_url: url }),
      ]) {
        expect(res.diagnostics).toHaveLength(1);
        expect(res.diagnostics[0].summary).toBe("Invalid base_url (from provider attribute base_url)");
        expect(res.diagnostics[0].attribute).toEqual([{ attr: "base_url" }]);
        expect(res.diagnostics[0].detail).toBe(
          `base_url ends in "${suffix}", which the provider adds itself (from api_version): remove "${suffix}" ` +
            `and write "${fix}"`,
        );
      }
      expect(settings()).toBeUndefined();
    },
  );

  it("accepts a base_url with a path prefix that is not an API version", async () => {
    const { p, settings } = provider({ APPMGMT_REFRESH_TOKEN: REFRESH });
    expect((await configure(p, { base_url: "https://example.com/tools/api/v1x/" })).diagnostics).toEqual([]);
    expect(settings()?.baseUrl).toBe("https://example.com/tools/api/v1x");
  });

  it("accepts session_token (or APPMGMT_SESSION_TOKEN) as the only credential and never logs it", async () => {
    const SESSION = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzaGFyZWQtc2Vzc2lvbiJ9.c2Vzc2lvbi1zaWduYXR1cmU";
    for (const [env, block] of [
      [{ APPMGMT_SESSION_TOKEN: SESSION }, {}],
      [{}, { session_token: SESSION }],
    ] as const) {
      const logs: string[] = [];
      let settings: ProviderSettings | undefined;
      const p = createProvider({
        env: { APPMGMT_BASE_URL: "http://127.0.0.1:1", ...env },
        log: captureLogger(logs),
        connect: async (s, log) => {
          settings = s;
          log.debug(`using ${s.sessionToken}`);
          return { client: {} as never, wait: async () => status() };
        },
      });
      expect((await configure(p, block)).diagnostics).toEqual([]);
      expect(settings?.sessionToken).toBe(SESSION);
      expect(settings?.refreshToken).toBeUndefined();
      expect(logs.join("\n")).not.toContain(SESSION);
      expect(logs.join("\n")).toContain('"auth":"session_token"');
    }
  });

  it("validates only the syntax of known values (no credentials needed for terraform validate)", async () => {
    const { p } = provider();
    expect((await p.validateProviderConfig({ config: providerConfig({}) })).diagnostics).toEqual([]);
    const unknowns = providerConfig({
      base_url: UNKNOWN,
      email: "a@b.c",
      password: UNKNOWN,
      api_version: UNKNOWN,
    });
    expect((await p.validateProviderConfig({ config: unknowns })).diagnostics).toEqual([]);
    const bad = await p.validateProviderConfig({
      config: providerConfig({ request_timeout: "5 min", max_retries: -1 }),
    });
    expect(bad.diagnostics.map((d) => d.attribute)).toEqual([
      [{ attr: "request_timeout" }],
      [{ attr: "max_retries" }],
    ]);
  });

  it("answers resource calls before configuration with a diagnostic, not a crash", async () => {
    const { p } = provider();
    const res = await p.readDataSource({
      typeName: "appmgmt_organizations",
      config: dataConfig("appmgmt_organizations"),
    });
    expect(res.diagnostics[0].detail).toContain("not configured");
  });
});

describe("data sources", () => {
  it("read through the client into computed lists, filtered where asked", async () => {
    const h = await configuredProvider({
      instances: [status(), status({ id: "6a0000000000000000000002", status: "Destroyed" })],
      statuses: [status({ returnValues: { port: 8080 } })],
    });
    const orgs = await h.provider.readDataSource({
      typeName: "appmgmt_organizations",
      config: dataConfig("appmgmt_organizations"),
    });
    expect(obj(orgs.state).organizations).toEqual([{ id: ORG, name: "Demo Org" }]);
    const envs = await h.provider.readDataSource({
      typeName: "appmgmt_environments",
      config: dataConfig("appmgmt_environments", { organization_id: ORG }),
    });
    expect(obj(envs.state).environments).toEqual([
      { id: ENV, name: "default", default: true, online: true },
      { id: "5f0000000000000000000e02", name: "staging", default: false, online: true },
    ]);
    const apps = await h.provider.readDataSource({
      typeName: "appmgmt_applications",
      config: dataConfig("appmgmt_applications", { organization_id: ORG }),
    });
    expect(obj(apps.state).applications).toEqual([
      { id: APP, name: "webshop" },
      { id: "5f0000000000000000000b01", name: "postgres" },
    ]);
    const running = await h.provider.readDataSource({
      typeName: "appmgmt_instances",
      config: dataConfig("appmgmt_instances", { environment_id: ENV, status: "Running" }),
    });
    expect(obj(running.state).instances).toEqual([
      {
        id: ID,
        name: "shop",
        application_id: APP,
        revision_id: null,
        environment_id: ENV,
        status: "Running",
      },
    ]);
    const one = await h.provider.readDataSource({
      typeName: "appmgmt_instance",
      config: dataConfig("appmgmt_instance", { id: ID }),
    });
    expect(obj(one.state)).toMatchObject({
      name: "shop",
      manifest_version: 1,
      return_values: { port: "8080" },
    });
    expect(obj(obj(one.state).submodules).db).toMatchObject({ manifest_version: 1, revision_id: null });
  });

  it("validate ids and the status filter", async () => {
    const { p } = provider();
    const res = await p.validateDataResourceConfig({
      typeName: "appmgmt_instances",
      config: dataConfig("appmgmt_instances", { environment_id: "staging", status: "running" }),
    });
    expect(res.diagnostics.map((d) => d.attribute)).toEqual([
      [{ attr: "environment_id" }],
      [{ attr: "status" }],
    ]);
  });

  it("the instances data source takes every documented status, and needs an environment or an application", async () => {
    const { p } = provider();
    for (const status of ["Canceled", "Suspended", "Destroying"]) {
      const ok = await p.validateDataResourceConfig({
        typeName: "appmgmt_instances",
        config: dataConfig("appmgmt_instances", { application_id: APP, status }),
      });
      expect(ok.diagnostics).toEqual([]);
    }
    const neither = await p.validateDataResourceConfig({
      typeName: "appmgmt_instances",
      config: dataConfig("appmgmt_instances", {}),
    });
    expect(neither.diagnostics.map((d) => d.summary)).toEqual(["Missing environment_id or application_id"]);
  });
});

describe("secrets", () => {
  it("never appear in logs or diagnostics, even when a message carries one", async () => {
    const logs: string[] = [];
    const leaky = new Error(`POST /refreshToken/jwtBearer failed for ${REFRESH} / ${PASSWORD}: token ${JWT}`);
    const p = createProvider({
      env: { APPMGMT_REFRESH_TOKEN: REFRESH },
      log: captureLogger(logs),
      lostLaunchLookup: { reads: 3, firstPauseMs: 1 },
      connect: async (_s, log) => {
        log.debug(`session token ${JWT} obtained`, { authorization: `Bearer ${JWT}`, password: PASSWORD });
        return {
          client: {
            launch: async () => {
              throw leaky;
            },
            getInstance: async () => {
              throw err.notFound();
            },
          } as never,
          wait: async () => status(),
        };
      },
    });
    const configured = await configure(p, {
      base_url: "http://127.0.0.1:1",
      email: "demo@example.com",
      password: PASSWORD,
    });
    const config = instance({ application_id: APP });
    const created = await p.applyResourceChange({
      typeName: "appmgmt_instance",
      priorState: null,
      plannedState: { ...config, id: UNKNOWN },
      config,
      plannedPrivate: Buffer.alloc(0),
    });
    expect(created.diagnostics).toHaveLength(1);
    const everything = JSON.stringify([logs, configured.diagnostics, created.diagnostics]);
    for (const secret of [PASSWORD, REFRESH, JWT, JWT.split(".")[1]])
      expect(everything).not.toContain(secret);
    expect(everything).toContain("[redacted]");
    expect(logs.length).toBeGreaterThan(0);
  });
});

describe("durations", () => {
  it("parse Go-style strings and explain bad ones", () => {
    expect(parseDuration("30m")).toBe(1_800_000);
    expect(parseDuration("1h30m")).toBe(5_400_000);
    expect(parseDuration("45s")).toBe(45_000);
    expect(parseDuration("1.5h")).toBe(5_400_000);
    expect(parseDuration("250ms")).toBe(250);
    for (const bad of ["", "30", "10 minutes", "1d", "m", "0s"])
      expect(parseDuration(bad)).toBeInstanceOf(Error);
    expect(String(parseDuration("30"))).toContain('"1h30m"');
  });
});

describe("redacting logger", () => {
  it("redacts what it writes and does no redacting work for levels the inner logger drops", () => {
    const lines: string[] = [];
    const secrets = new SecretList();
    secrets.add("hunter22");
    const log = redactingLogger(createLogger({ level: "warn", write: (l) => lines.push(l) }), secrets);
    let serialised = 0;
    const fields = { token: { toJSON: () => (serialised++, "hunter22") } };
    log.info("dropped hunter22", fields);
    expect(serialised).toBe(0);
    expect(log.enabled?.("info")).toBe(false);
    log.warn("kept hunter22", fields);
    expect(serialised).toBe(1);
    expect(lines.join("")).not.toContain("hunter22");
    expect(lines.join("")).toContain("kept [redacted]");
  });
});
