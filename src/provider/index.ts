// The `appmgmt` provider (DESIGN §5) as a protocol-neutral ProviderHandler: the gRPC layer (src/protocol)
// decodes each call, this routes it to the resource or data source, and every failure comes back as a
// diagnostic, with secrets redacted.

import { createLogger, type Logger } from "../protocol/log";
import type { Diagnosed, Diagnostic, ProviderHandler, Value } from "../protocol/model";
import { resolveProviderConfig } from "./config";
import { NotConfiguredError, type ProviderContext } from "./context";
import { applicationsDataSource } from "./data-applications";
import { environmentsDataSource } from "./data-environments";
import { instanceDataSource } from "./data-instance";
import { instancesDataSource } from "./data-instances";
import { organizationsDataSource } from "./data-organizations";
import type { DataSource } from "./data-source";
import { errorDiagnostic, failureDiagnostic, warningDiagnostic } from "./diagnostics";
import {
  INSTANCE_TYPE,
  applyInstance,
  importInstance,
  planInstance,
  readInstance,
  validateInstance,
} from "./instance-resource";
import { redactingLogger, SecretList } from "./redact";
import { providerSchemas } from "./schema";
import { connectService, type Service, type ServiceFactory } from "./service";
import { asObject, renderablePath } from "./values";

export { PROVIDER_SOURCE, PROVIDER_VERSION, providerSchemas } from "./schema";

export interface ProviderOptions {
  /** Where APPMGMT_* variables come from; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** How configuration becomes a service; default the real client. Tests pass a fake. */
  connect?: ServiceFactory;
  log?: Logger;
  /** First delay before retrying a request refused with 409; default 1 s. */
  conflictRetryDelayMs?: number;
}

const DATA_SOURCES: DataSource[] = [
  organizationsDataSource,
  applicationsDataSource,
  environmentsDataSource,
  instancesDataSource,
  instanceDataSource,
];

export function createProvider(opts: ProviderOptions = {}): ProviderHandler {
  const env = opts.env ?? process.env;
  const connect = opts.connect ?? connectService;
  const secrets = new SecretList();
  const log = redactingLogger(opts.log ?? createLogger({ module: "provider.appmgmt" }), secrets);
  const stopper = new AbortController();
  let service: Service | undefined;
  const ctx: ProviderContext = {
    service() {
      if (!service) throw new NotConfiguredError();
      return service;
    },
    log,
    signal: stopper.signal,
    conflictRetryDelayMs: opts.conflictRetryDelayMs ?? 1000,
  };
  const dataSources = new Map(DATA_SOURCES.map((d) => [d.typeName, d]));

  /** Redacts every diagnostic on its way out and points it where terraform can show it. */
  const done = <T extends Diagnosed>(result: T): T => ({
    ...result,
    diagnostics: result.diagnostics.map((d) => {
      const clean = secrets.redactDiagnostic(d);
      return clean.attribute ? { ...clean, attribute: renderablePath(clean.attribute) } : clean;
    }),
  });
  const unknownType = (kind: string, typeName: string): Diagnostic =>
    errorDiagnostic(
      `Unknown ${kind} type ${JSON.stringify(typeName)}`,
      `The appmgmt provider ${kind === "resource" ? `has the resource ${INSTANCE_TYPE}` : `has the data sources ${[...dataSources.keys()].join(", ")}`}.`,
    );

  return {
    getSchema: () => providerSchemas,

    async validateProviderConfig({ config }) {
      return done({ diagnostics: resolveProviderConfig(config, env, false).diagnostics });
    },

    async configureProvider({ config, terraformVersion }) {
      const { settings, diagnostics } = resolveProviderConfig(config, env, true);
      if (!settings) return done({ diagnostics });
      if (settings.insecure) {
        // Every run says so: a lab setting must not go unnoticed into production.
        diagnostics.push(insecureWarning());
        log.warn("insecure = true: the service's TLS certificate is not verified", {
          base_url: settings.baseUrl,
        });
      }
      secrets.add(settings.password, settings.refreshToken, settings.sessionToken);
      try {
        service = await connect(settings, log);
      } catch (e) {
        return done({
          diagnostics: [...diagnostics, failureDiagnostic("Configuring the appmgmt provider failed", e)],
        });
      }
      log.debug("provider configured", {
        base_url: settings.baseUrl,
        api_version: settings.apiVersion,
        auth: [
          settings.sessionToken && "session_token",
          settings.refreshToken ? "refresh_token" : settings.email && "email/password",
        ]
          .filter(Boolean)
          .join(", then "),
        token_cache_dir: settings.tokenCacheDir,
        terraform_version: terraformVersion,
      });
      return done({ diagnostics });
    },

    async validateResourceConfig({ typeName, config }) {
      if (typeName !== INSTANCE_TYPE) return done({ diagnostics: [unknownType("resource", typeName)] });
      return done({ diagnostics: validateInstance(config) });
    },

    async validateDataResourceConfig({ typeName, config }) {
      const ds = dataSources.get(typeName);
      if (!ds) return done({ diagnostics: [unknownType("data source", typeName)] });
      const c = asObject(config);
      return done({ diagnostics: c ? ds.validate(c) : [] });
    },

    // Schema version 0 is the only one so far: stored states need no change.
    async upgradeResourceState({ rawState }) {
      return { upgradedState: rawState, diagnostics: [] };
    },

    async readResource(req) {
      if (req.typeName !== INSTANCE_TYPE) {
        return done({ newState: req.currentState, diagnostics: [unknownType("resource", req.typeName)] });
      }
      try {
        return done(await readInstance(ctx, req));
      } catch (e) {
        return done({
          newState: req.currentState,
          diagnostics: [failureDiagnostic("Reading the instance failed", e)],
        });
      }
    },

    async planResourceChange(req) {
      if (req.typeName !== INSTANCE_TYPE) {
        return done({
          plannedState: req.proposedNewState,
          requiresReplace: [],
          diagnostics: [unknownType("resource", req.typeName)],
        });
      }
      return done(planInstance(req));
    },

    async applyResourceChange(req) {
      if (req.typeName !== INSTANCE_TYPE) {
        return done({ newState: req.priorState, diagnostics: [unknownType("resource", req.typeName)] });
      }
      return done(await applyInstance(ctx, req));
    },

    async importResourceState(req) {
      if (req.typeName !== INSTANCE_TYPE) {
        return done({ importedResources: [], diagnostics: [unknownType("resource", req.typeName)] });
      }
      return done(await importInstance(ctx, req));
    },

    async readDataSource({ typeName, config }) {
      const ds = dataSources.get(typeName);
      if (!ds) return done({ state: config, diagnostics: [unknownType("data source", typeName)] });
      const c = asObject(config);
      if (!c) return done({ state: config, diagnostics: [] });
      try {
        const state: Value = await ds.read(ctx, c);
        return done({ state, diagnostics: [] });
      } catch (e) {
        return done({
          state: config,
          diagnostics: [failureDiagnostic(`Reading data source ${typeName} failed`, e)],
        });
      }
    },

    async stop() {
      log.info("StopProvider: cancelling waits");
      stopper.abort(new Error("the provider was stopped (StopProvider)"));
    },
  };
}

function insecureWarning(): Diagnostic {
  return warningDiagnostic(
    "TLS certificate verification is off (insecure = true)",
    "The provider does not check the service's certificate, so anyone on the network path can read the " +
      "credentials and change the answers. Use insecure for a lab only; set ca_cert_pem to the service's CA " +
      "certificate instead.",
    [{ attr: "insecure" }],
  );
}
