// Public surface of the client (docs/dev/TEAM-CONTRACTS.md, "Client API").
export * from "./types";
export * from "./errors";
export { AppMgmtClient } from "./client";
export type { ClientOptions, ClientInternals, LogEvent, LogHook } from "./options";
export { MemoryTokenStore, FileTokenStore, tokenKey, type TokenStore, type StoredToken } from "./token-store";
export type { FileTokenStoreOptions } from "./token-store";
export { jwtLifetimeMs, MIN_TOKEN_CALL_INTERVAL_MS } from "./session";
export { DEFAULT_MAX_RESPONSE_BYTES } from "./response-body";
export { DEFAULT_RETRY_POLICY, type RetryPolicy, type CallName, type FailureKind } from "./retry-policy";
export { API_VERSION_PREFIXES } from "./validate";
export {
  findLaunchedInstances,
  DEFAULT_LAUNCHED_LOOKUP,
  type LaunchedLookup,
  type LaunchedWanted,
} from "./launch-once";
export {
  waitForInstance,
  nextPollOffset,
  DEFAULT_POLL_SCHEDULE,
  FIRST_CONTACT_POLL_SCHEDULE,
  learnedPollSchedule,
  WorkflowDurations,
  processWorkflowDurations,
  type PollSchedule,
  type WaitOptions,
  type Clock,
  type InstanceReader,
} from "./waiters";
