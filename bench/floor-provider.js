// The floor of bench/vs-builtin.js's plan row: a provider with appmgmt's schema and plugin stack (node, the
// gRPC/HTTP/2 server, the value codecs) whose handlers do no work: no service call, no checks; each state
// comes back as it came in. What a plan of it costs over terraform_data is the cost of being a provider
// process at all, so no provider of this design can plan faster than this. Bundled like the real provider
// (scripts/bundle-provider.js) from lib/, so it needs `npm run build`. It only validates, upgrades, reads and
// plans: anything else is an error.
// With APPMGMT_BENCH_FLOOR_READS=1 in its environment it is the floor of this design instead: configured
// with the real client (credentials checked as the provider checks them), each ReadResource makes the status
// reads a refresh of an `appmgmt_instance` must make (the instance, then the submodules its state lists, as
// refresh-reads.ts chooses when every submodule is managed) and answers the state as it came in: what the
// reads cost the provider and the simulator, with none of the provider's own work.
"use strict";
const { setFlagsFromString } = require("node:v8");
const { serveProvider } = require("../lib/protocol");
const { providerSchemas } = require("../lib/provider/catalog");
const { configureService } = require("../lib/provider/configure");
const { connectService } = require("../lib/provider/service");
const { SecretList } = require("../lib/provider/redact");
const { createLogger } = require("../lib/terraform-model");

const READS = process.env.APPMGMT_BENCH_FLOOR_READS === "1";
/** @type {import("../lib/provider/service").Service | undefined} */
let service;

/** @type {() => Promise<{ diagnostics: [] }>} */
const nothing = async () => ({ diagnostics: [] });
/** @param {string} what */
const unsupported = (what) => async () => {
  throw new Error(`the floor provider only validates, upgrades, reads and plans, not ${what}`);
};

/** @type {import("../lib/terraform-model").ProviderHandler} */
const floor = {
  getSchema: () => providerSchemas,
  validateProviderConfig: nothing,
  configureProvider: async ({ config, terraformVersion }) => {
    if (!READS) return { diagnostics: [] };
    const log = createLogger({ module: "floor" });
    const input = {
      config,
      terraformVersion,
      env: process.env,
      connect: connectService,
      log,
      secrets: new SecretList(),
    };
    const configured = await configureService(input);
    service = configured.service;
    return { diagnostics: configured.diagnostics };
  },
  validateResourceConfig: nothing,
  validateDataResourceConfig: nothing,
  upgradeResourceState: async (req) => ({ upgradedState: req.rawState, diagnostics: [] }),
  readResource: async (req) => {
    const state = /** @type {Record<string, any> | null} */ (req.currentState);
    if (READS && service && state && typeof state.id === "string") {
      const top = await service.client.getInstanceStatus(state.id);
      await service.client.readSubmodules(top, new Set(Object.keys(state.submodules ?? {})));
    }
    return { newState: req.currentState, private: req.private, diagnostics: [] };
  },
  planResourceChange: async (req) => ({
    plannedState: req.proposedNewState,
    requiresReplace: [],
    plannedPrivate: req.priorPrivate,
    diagnostics: [],
  }),
  applyResourceChange: unsupported("apply"),
  importResourceState: unsupported("import"),
  readDataSource: unsupported("data sources"),
  validateEphemeralResourceConfig: nothing,
  openEphemeralResource: unsupported("ephemeral resources"),
  renewEphemeralResource: nothing,
  closeEphemeralResource: nothing,
  stop: async () => {},
};

serveProvider(async () => floor, { debug: false })
  // as the real provider does after its handshake (src/cli/provider-main.ts): undici's llhttp by Liftoff only
  .then(() => READS && setFlagsFromString("--liftoff-only"))
  .catch((e) => {
    process.stderr.write(`floor provider: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
