// What resources and data sources get from the provider: the configured service, the logger, and the
// signal that StopProvider fires.

import type { LaunchedLookup } from "../client/launch-once";
import type { LaunchLedger } from "./launch-ledger";
import type { Logger } from "../terraform-model";
import type { Service } from "./service";

export interface ProviderContext {
  /** The configured service; throws NotConfiguredError before ConfigureProvider succeeded. */
  service(): Service;
  log: Logger;
  /** Aborted by StopProvider: waits end promptly and report it. */
  signal: AbortSignal;
  /** How the instance of a launch whose answer was lost is looked up (the client's schedule by default). */
  lostLaunchLookup: LaunchedLookup;
  /** The instances each launch of this process cannot have created (for a lost launch answer). */
  launches: LaunchLedger;
}

export class NotConfiguredError extends Error {
  constructor() {
    super(
      "The appmgmt provider is not configured: ConfigureProvider did not succeed. Fix the provider " +
        "configuration errors reported above (base_url, credentials).",
    );
  }
}
