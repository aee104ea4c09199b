// The floor of bench/vs-builtin.js's plan row: a provider with appmgmt's schema and plugin stack (node, the
// gRPC/HTTP/2 server, the value codecs) whose handlers do no work: no service call, no checks; each state
// comes back as it came in. What a plan of it costs over terraform_data is the cost of being a provider
// process at all, so no provider of this design can plan faster than this. Bundled like the real provider
// (scripts/bundle-provider.js) from lib/, so it needs `npm run build`. It only validates, upgrades, reads and
// plans: anything else is an error.
"use strict";
const { serveProvider } = require("../lib/protocol");
const { providerSchemas } = require("../lib/provider/catalog");

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
  configureProvider: nothing,
  validateResourceConfig: nothing,
  validateDataResourceConfig: nothing,
  upgradeResourceState: async (req) => ({ upgradedState: req.rawState, diagnostics: [] }),
  readResource: async (req) => ({ newState: req.currentState, private: req.private, diagnostics: [] }),
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

serveProvider(async () => floor, { debug: false }).catch((e) => {
  process.stderr.write(`floor provider: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
