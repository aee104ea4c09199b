// The simulated Application Management Service (ARCHITECTURE.md §3): see docs/dev/TEAM-CONTRACTS.md "Simulator API".
export { startSimulator } from "./server";
export { MAX_BODY_BYTES } from "../service/limits";
export type { RunningSimulator, StartSimulatorOptions } from "./server";
export { Simulator } from "./service";
export { ServiceError } from "./service-error";
export { RECENT_REQUESTS_KEPT } from "./request-log";
export type { RequestLogEntry, SimulatorStats } from "./request-log";
export { DEMO, DEMO_MANIFESTS, demoSeed } from "./demo-seed";
export { loadSeedFile, validateSeed, SeedError } from "./seed";
export type {
  SeedData,
  SeedApplication,
  SeedEnvironment,
  SeedInstance,
  SeedOrganization,
  SeedRevision,
  SeedSubmodule,
  SeedUser,
  Timing,
} from "./seed";
export type { FaultOptions } from "./faults";
export type { FloodLimits } from "./auth";
