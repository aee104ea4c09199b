// The `appmgmt` provider (ARCHITECTURE.md §5) as a protocol-neutral ProviderHandler: the gRPC layer (src/protocol)
// decodes each call, this routes it to the resource or data source, and every failure comes back as a
// diagnostic, with secrets redacted.

import { DEFAULT_LAUNCHED_LOOKUP, type LaunchedLookup } from "../client/launch-once";
import {
  createLogger,
  type Diagnosed,
  type Diagnostic,
  failureDiagnostic,
  type Logger,
  type ProviderHandler,
  type Value,
  warningDiagnostic,
  writeOnlyNotAllowed,
  writeOnlyStrings,
} from "../terraform-model";
import { DATA_SOURCES, EPHEMERAL_RESOURCES, RESOURCES, providerSchemas } from "./catalog";
import { resolveProviderConfig } from "./config";
import { NotConfiguredError, type ProviderContext } from "./context";
import { AuthenticationFailedError } from "./credentials-check";
import { ConfigurationMismatchError } from "./data-sources/data-source";
import { LaunchLedger } from "./instance/lost-launch";
import { redactingLogger, SecretList } from "./redact";
import type { ApplyResult } from "./resource";
import { connectService, type Service, type ServiceFactory } from "./service";
import { asObject, renderablePath } from "./values";

export { PROVIDER_SOURCE, PROVIDER_VERSION } from "./schema";
export { providerSchemas } from "./catalog";

export interface ProviderOptions {
  /** Where APPMGMT_* variables come from; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** How configuration becomes a service; default the real client. Tests pass a fake. */
  connect?: ServiceFactory;
  log?: Logger;
  /** How the instance of a launch whose answer was lost is looked up; default DEFAULT_LAUNCHED_LOOKUP. */
  lostLaunchLookup?: LaunchedLookup;
}

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
    lostLaunchLookup: opts.lostLaunchLookup ?? DEFAULT_LAUNCHED_LOOKUP,
    launches: new LaunchLedger(),
  };
  // The protocol layer refuses type names the schemas do not have, and both come from catalog.ts.
  const resource = byTypeName(RESOURCES, "resource");
  const dataSource = byTypeName(DATA_SOURCES, "data source");
  const ephemeral = byTypeName(EPHEMERAL_RESOURCES, "ephemeral resource");

  /** Redacts every diagnostic on its way out and points it where terraform can show it. */
  const done = <T extends Diagnosed>(result: T): T => ({
    ...result,
    diagnostics: result.diagnostics.map((d) => {
      const clean = secrets.redactDiagnostic(d);
      return clean.attribute ? { ...clean, attribute: renderablePath(clean.attribute) } : clean;
    }),
  });
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
          diagnostics: [
            ...diagnostics,
            failureDiagnostic(
              e instanceof AuthenticationFailedError
                ? "The appmgmt provider's credentials were refused"
                : "Configuring the appmgmt provider failed",
              e,
            ),
          ],
        });
      }
      if (service.unchecked) diagnostics.push(uncheckedWarning(settings.baseUrl, service.unchecked));
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

    async validateResourceConfig({ typeName, config, clientCapabilities }) {
      const r = resource(typeName);
      secrets.add(...writeOnlyStrings(config, r.schema.block));
      const tooOld = writeOnlyNotAllowed(config, r.schema.block, clientCapabilities);
      if (tooOld.length) return done({ diagnostics: tooOld });
      const c = asObject(config);
      return done({ diagnostics: c ? r.validate(c) : [] });
    },

    async validateDataResourceConfig({ typeName, config }) {
      const c = asObject(config);
      return done({ diagnostics: c ? dataSource(typeName).validate(c) : [] });
    },

    // Schema version 0 is the only one so far: stored states need no change.
    async upgradeResourceState({ rawState }) {
      return { upgradedState: rawState, diagnostics: [] };
    },

    async readResource(req) {
      try {
        return done(await resource(req.typeName).read(ctx, req));
      } catch (e) {
        return done({
          newState: req.currentState,
          diagnostics: [failureDiagnostic("Reading the instance failed", e)],
        });
      }
    },

    async planResourceChange(req) {
      const r = resource(req.typeName);
      // Write-only values are secrets by design: from here on no log line or diagnostic holds one.
      secrets.add(...writeOnlyStrings(req.config, r.schema.block));
      return done(await r.plan(req, ctx));
    },

    async applyResourceChange(req) {
      const r = resource(req.typeName);
      secrets.add(...writeOnlyStrings(req.config, r.schema.block));
      const prior = asObject(req.priorState);
      const planned = asObject(req.plannedState);
      let result: ApplyResult;
      try {
        if (!planned)
          result = prior
            ? await r.delete(ctx, prior, req.plannedPrivate)
            : { newState: null, diagnostics: [] };
        else if (!prior) result = await r.create(ctx, planned, asObject(req.config) ?? planned);
        else
          result = await r.update(ctx, prior, planned, asObject(req.config) ?? planned, req.plannedPrivate);
      } catch (e) {
        // a failure before anything reached the service (e.g. provider not configured)
        const diagnostic = failureDiagnostic(`${req.typeName}: apply failed`, e);
        result = { newState: req.priorState, diagnostics: [diagnostic] };
      }
      return done(result);
    },

    async importResourceState(req) {
      return done(await resource(req.typeName).import(ctx, req.id));
    },

    async readDataSource({ typeName, config }) {
      const ds = dataSource(typeName);
      const c = asObject(config);
      if (!c) return done({ state: config, diagnostics: [] });
      try {
        const state: Value = await ds.read(ctx, c);
        return done({ state, diagnostics: [] });
      } catch (e) {
        const diagnostic =
          e instanceof ConfigurationMismatchError
            ? failureDiagnostic(e.summary, e, e.attribute)
            : failureDiagnostic(`Reading data source ${typeName} failed`, e);
        return done({ state: config, diagnostics: [diagnostic] });
      }
    },

    async validateEphemeralResourceConfig({ typeName, config }) {
      const c = asObject(config);
      return done({ diagnostics: c ? ephemeral(typeName).validate(c) : [] });
    },

    async openEphemeralResource({ typeName, config }) {
      const c = asObject(config);
      if (!c) return done({ result: config, diagnostics: [] });
      try {
        const opened = await ephemeral(typeName).open(ctx, c);
        // An ephemeral value is meant for secrets: from here on no log line or diagnostic holds it.
        secrets.add(...opened.secrets);
        return done({ result: opened.result, diagnostics: [] });
      } catch (e) {
        return done({ result: null, diagnostics: [failureDiagnostic(`Opening ${typeName} failed`, e)] });
      }
    },

    // Nothing is held open: the values are read once, so there is nothing to renew or close.
    async renewEphemeralResource() {
      return { diagnostics: [] };
    },

    async closeEphemeralResource() {
      return { diagnostics: [] };
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

/**
 * The service did not answer the credentials check. A plan that only creates objects needs nothing else from
 * it and would pass without a word, leaving the failure to the apply.
 */
function uncheckedWarning(baseUrl: string, reason: string): Diagnostic {
  return warningDiagnostic(
    "The appmgmt service did not answer when the provider was configured",
    `${reason} (base_url ${baseUrl}). The credentials were not checked, and what this run plans to create ` +
      "was planned without the service, which the apply needs: plan again once the service answers.",
    [{ attr: "base_url" }],
  );
}

/** The lookup of a resource or data source by type name. */
function byTypeName<T extends { typeName: string }>(list: T[], kind: string): (typeName: string) => T {
  const table = new Map(list.map((t) => [t.typeName, t]));
  return (typeName) => {
    const found = table.get(typeName);
    if (!found) throw new Error(`the provider has no ${kind} type ${JSON.stringify(typeName)}`);
    return found;
  };
}
