// Everything the simulator must keep across a restart, and its atomic persistence (--state).
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { InstanceStatusValue } from "../client/types";
import type { FloodState } from "./auth";
import type { InstanceConfiguration } from "./configuration";
import { jsonErrorPosition } from "./json-error";
import { validateSeed, type SeedData, type Timing } from "./seed";
import { processAlive } from "../process-alive";

export type WorkflowName = "launch" | "reconfigure" | "destroy";

export interface WorkflowRecord {
  name: WorkflowName;
  startedAt: number;
  endsAt: number;
  /** The configuration a reconfigure applies when it completes. */
  target?: InstanceConfiguration;
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
  returnValues: Record<string, string>;
  workflow: WorkflowRecord | null;
}

export interface SimState {
  format: 1;
  seed: SeedData;
  /** Base64 HS256 key: random per simulator, kept here so session tokens survive a restart. */
  jwtSecret: string;
  timing: Timing;
  instances: InstanceRecord[];
  /** Applications whose workflows end Failed, with the error message. */
  failures: Record<string, string>;
  flood: FloodState;
}

export function newState(seed: SeedData, timing: Timing): SimState {
  return {
    format: 1,
    seed,
    jwtSecret: randomBytes(32).toString("base64"),
    timing,
    instances: [],
    failures: {},
    flood: { tokenTimes: {}, blockedUntil: {} },
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
