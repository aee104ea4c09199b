// The `appmgmt` provider (ARCHITECTURE.md §5) as a protocol-neutral ProviderHandler: the gRPC layer (src/protocol)
// decodes each call, this routes it to the resource or data source, and every failure comes back as a
// diagnostic, with secrets redacted.

import { DEFAULT_LAUNCHED_LOOKUP, type LaunchedLookup } from "../client/launch-once";
import { createLogger, type Diagnosed, type Logger, type ProviderHandler } from "../terraform-model";
import { providerSchemas } from "./catalog";
import { resolveProviderConfig } from "./config";
import { configureService } from "./configure";
import { NotConfiguredError, type ProviderContext } from "./context";
import { dataRpcs } from "./data-rpcs";
import { LaunchLedger } from "./launch-ledger";
import { redactingLogger, SecretList } from "./redact";
import { resourceRpcs, type ProviderParts } from "./resource-rpcs";
import { connectService, type Service, type ServiceFactory } from "./service";
import { renderablePath } from "./values";

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
  /** Redacts every diagnostic on its way out and points it where terraform can show it. */
  const done = <T extends Diagnosed>(result: T): T => ({
    ...result,
    diagnostics: result.diagnostics.map((d) => {
      const clean = secrets.redactDiagnostic(d);
      return clean.attribute ? { ...clean, attribute: renderablePath(clean.attribute) } : clean;
    }),
  });
  const rpc: ProviderParts = { ctx, secrets, done };
  return {
    getSchema: () => providerSchemas,

    async validateProviderConfig({ config }) {
      return done({ diagnostics: resolveProviderConfig(config, env, false).diagnostics });
    },

    async configureProvider({ config, terraformVersion }) {
      const configured = await configureService({ config, terraformVersion, env, connect, log, secrets });
      if (configured.service) service = configured.service;
      return done({ diagnostics: configured.diagnostics });
    },

    ...resourceRpcs(rpc),
    ...dataRpcs(rpc),

    async stop() {
      log.info("StopProvider: cancelling waits");
      stopper.abort(new Error("the provider was stopped (StopProvider)"));
    },
  };
}
