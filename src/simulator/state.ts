// Everything the simulator must keep across a restart, and its atomic persistence (--state).
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { InstanceStatusValue, WorkflowStatusValue } from "../service/wire";
import type { FloodState } from "./auth";
import type { CreatedApplication, UploadedManifest } from "./catalog";
import type { InstanceConfiguration } from "./configuration";
import { DEFAULT_ONLINE_DELAY_MS, type EnvironmentsState } from "./environments";
import { jsonErrorPosition } from "./json-error";
import { validateSeed, type SeedData, type Timing } from "./seed";
import { processAlive } from "../util/process-alive";

/** launch, reconfigure, destroy, or a workflow the instance's manifest declares (application.workflows). */
export type WorkflowName = string;

export interface WorkflowRecord {
  name: WorkflowName;
  startedAt: number;
  endsAt: number;
  /** The configuration a reconfigure applies when it completes. */
  target?: InstanceConfiguration;
  /** The parameters a manifest workflow was run with (its return values name them). */
  parameters?: Record<string, string>;
  /** What a launch or reconfigure publishes when it completes (return-values.ts); absent: our own `url`. */
  returns?: Record<string, unknown>;
}

/** One run of the instance's workflowHistory; `status` is null while it runs. */
export interface HistoryRecord {
  name: WorkflowName;
  ownerId: string;
  startedAt: number;
  endsAt: number;
  status: WorkflowStatusValue | null;
}

/** How a workflow of a failing application ends (test control): its status and error message. */
export interface WorkflowEnding {
  status: "Failed" | "Canceled" | "Suspended";
  message: string;
}

export interface InstanceRecord {
  id: string;
  name: string;
  organization: string;
  application: string;
  environment: string;
  /** Status when no workflow is in flight. */
  status: InstanceStatusValue;
  configuration: InstanceConfiguration;
  errorMessage: string | null;
  returnValues: Record<string, unknown>;
  workflow: WorkflowRecord | null;
  /** Id of the user who launched it. */
  ownerId: string;
  /** Instance id of each submodule, by its path key ("db", "db/replica" for a submodule of db). */
  components: Record<string, string>;
  history: HistoryRecord[];
  /** When the service destroys the instance on its own (launch's destroyInterval); null: never. */
  destroyAt: number | null;
  /** What PUT /api/1/instances/{id}/userData set last. */
  userData?: string;
}

export interface SimState {
  format: 1;
  seed: SeedData;
  /** Base64 HS256 key: random per simulator, kept here so session tokens survive a restart. */
  jwtSecret: string;
  timing: Timing;
  instances: InstanceRecord[];
  /** Applications created through the API, in creation order. */
  applications: CreatedApplication[];
  /** Manifest versions uploaded through the API, in upload order. */
  manifests: UploadedManifest[];
  /** Applications whose workflows end Failed (or Canceled, Suspended), with the error message. */
  failures: Record<string, WorkflowEnding>;
  flood: FloodState;
  /** Environments changed or cloned through the API. */
  environments: EnvironmentsState;
}

export function newState(seed: SeedData, timing: Timing): SimState {
  return {
    format: 1,
    seed,
    jwtSecret: randomBytes(32).toString("base64"),
    timing,
    instances: [],
    applications: [],
    manifests: [],
    failures: {},
    flood: { tokenTimes: {}, blockedUntil: {} },
    environments: { onlineDelayMs: DEFAULT_ONLINE_DELAY_MS, records: [] },
  };
}

/** The state saved at `path`, or undefined when there is no file yet. */
export function loadState(path: string): SimState | undefined {
  removeStaleTemps(path);
  if (!existsSync(path)) return undefined;
  const text = readFileSync(path, "utf8");
  let state: SimState;
  try {
    state = JSON.parse(text) as SimState;
  } catch (e) {
    throw new Error(
      `cannot read simulator state ${path}: not valid JSON${jsonErrorPosition(e)}; delete the file to start afresh`,
    );
  }
  if (state.format !== 1 || !Array.isArray(state.instances) || typeof state.jwtSecret !== "string")
    throw new Error(`${path} is not a simulator state file (format 1); delete it or point --state elsewhere`);
  validateSeed(state.seed, `in state file ${path}`);
  return upgraded(state);
}

/**
 * A state saved before instances had components, a history and a schedule reads as having none; one saved
 * before applications could be created or manifests uploaded, as having none of those.
 */
function upgraded(state: SimState): SimState {
  state.applications ??= [];
  state.manifests ??= [];
  state.environments ??= { onlineDelayMs: DEFAULT_ONLINE_DELAY_MS, records: [] };
  for (const rec of state.instances) {
    rec.ownerId ??= "";
    rec.components ??= {};
    rec.history ??= [];
    rec.destroyAt ??= null;
  }
  for (const [app, ending] of Object.entries(state.failures as Record<string, WorkflowEnding | string>))
    if (typeof ending === "string") state.failures[app] = { status: "Failed", message: ending };
  return state;
}

/** Writes to a temporary file and renames it over the old one, so a crash never leaves half a file. */
export function saveState(path: string, state: SimState): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(state), { mode: 0o600 });
  renameSync(temp, path);
}

/**
 * Removes the `<path>.<pid>.tmp` files (see saveState) of processes that no longer run: a simulator killed
 * while writing leaves its temporary file behind, and nothing else would ever delete it.
 */
function removeStaleTemps(path: string): void {
  const dir = dirname(path);
  const prefix = `${basename(path)}.`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return; // no directory yet: nothing left behind
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith(".tmp")) continue;
    const pid = name.slice(prefix.length, -".tmp".length);
    // Our own pid cannot be writing yet: its file is from an earlier process that had the same pid.
    if (/^\d+$/.test(pid) && (Number(pid) === process.pid || !processAlive(Number(pid))))
      rmSync(join(dir, name), { force: true });
  }
}
