// The service's JSON as it travels (docs/service-api.md, with the source of each fact): what the simulator
// sends and what the client reads before normalising it. In the service contract, a leaf layer
// (ARCHITECTURE.md §1), so the two share these shapes without importing each other.

import { setOwn } from "../util/own";

/**
 * Every instance status word the evidence shows (docs/service-api.md, "Status words"), with what it means to a
 * wait and where it was read. `means` is the word of INSTANCE_STATUS_VALUES the client reports it as: the
 * older words (`Active`, `Launching`, `Error`) are read as the ones beside them, so every wait, the provider's
 * state and its data sources see one vocabulary. A word in no row is never read as success: the client passes
 * it on as it is and a wait names it in its warning and its timeout.
 */
export const INSTANCE_STATUS_WORDS = {
  Requested: { means: "Requested", source: "old (Maven Swagger), client (Python 2014/2017, Jenkins)" },
  Executing: { means: "Executing", source: "old (Maven Swagger), client (Python 2014/2017, Jenkins)" },
  Launching: { means: "Executing", source: "client (Python 2014 and 2017 wait on it)" },
  Running: { means: "Running", source: "old (Maven Swagger), client (Python 2014/2017, Jenkins)" },
  Active: { means: "Running", source: "client (Python 2017: success beside Running; its monitor)" },
  Failed: { means: "Failed", source: "old (Maven Swagger), client (Jenkins stops on it)" },
  Error: { means: "Failed", source: "client (Python 2017: its failure word)" },
  Canceled: { means: "Canceled", source: "old (Maven Swagger)" },
  Suspended: { means: "Suspended", source: "old (Maven Swagger)" },
  Unknown: {
    means: "Unknown",
    source: "client (Python 2014/2017 wait on it; Jenkins makes it itself for a 408)",
  },
  Destroying: { means: "Destroying", source: "client (Jenkins, Python 2017)" },
  Destroyed: { means: "Destroyed", source: "old (Maven Swagger), client" },
} as const;
export type InstanceStatusWord = keyof typeof INSTANCE_STATUS_WORDS;

/** The words the client reports a status as (INSTANCE_STATUS_WORDS' `means`), the simulator's own words. */
export const INSTANCE_STATUS_VALUES = [
  "Requested",
  "Executing",
  "Running",
  "Failed",
  "Canceled",
  "Suspended",
  "Unknown",
  "Destroying",
  "Destroyed",
] as const;
export type InstanceStatusValue = (typeof INSTANCE_STATUS_VALUES)[number];

/** What a status word means (INSTANCE_STATUS_WORDS), or undefined for a word in no row. */
export function statusMeaning(word: string): InstanceStatusValue | undefined {
  return Object.hasOwn(INSTANCE_STATUS_WORDS, word)
    ? INSTANCE_STATUS_WORDS[word as InstanceStatusWord].means
    : undefined;
}

/**
 * The older words a service may answer in (the Python 2017 client's vocabulary), for the words that have one:
 * what the simulator's `statusWords: "older"` switch sends.
 */
export const OLDER_STATUS_WORDS: Partial<Record<InstanceStatusValue, InstanceStatusWord>> = {
  Running: "Active",
  Failed: "Error",
};

/** Statuses of one run in an instance's workflowHistory. */
export const WORKFLOW_STATUS_VALUES = [
  "Requested",
  "Executing",
  "Failed",
  "Succeeded",
  "Canceled",
  "Suspended",
] as const;
export type WorkflowStatusValue = (typeof WORKFLOW_STATUS_VALUES)[number];

/**
 * Settings of a submodule in a launch or reconfigure body, with those of its own submodules nested under
 * `submodules` (ours: docs/service-api.md, "Nested submodules").
 */
export type NestedSubmodules<T extends object> = Record<string, T & { submodules?: NestedSubmodules<T> }>;

/**
 * Settings keyed by path ("db", "db/replica") as the nested objects a body carries:
 * `{db: {..., submodules: {replica: {...}}}}`. A path whose parent is not listed gets an empty parent entry.
 */
export function nestSubmodules<T extends object>(byPath: Record<string, T>): NestedSubmodules<T> {
  const out: NestedSubmodules<T> = {};
  const depth = (key: string) => key.split("/").length;
  for (const key of Object.keys(byPath).sort((a, b) => depth(a) - depth(b))) {
    const segments = key.split("/");
    let level = out;
    for (const segment of segments.slice(0, -1)) {
      if (!Object.hasOwn(level, segment)) setOwn(level, segment, {} as T);
      const parent = level[segment];
      level = parent.submodules ??= {};
    }
    setOwn(level, segments[segments.length - 1], { ...byPath[key] });
  }
  return out;
}

/** The nested settings of a body keyed by path again ("db", "db/replica"), each without its `submodules`. */
export function flattenSubmodules<T extends object>(
  nested: NestedSubmodules<T>,
  prefix = "",
): Record<string, Omit<T, "submodules">> {
  const out: Record<string, Omit<T, "submodules">> = {};
  for (const [key, settings] of Object.entries(nested)) {
    const { submodules, ...own } = settings;
    setOwn(out, prefix + key, own);
    if (submodules) Object.assign(out, flattenSubmodules(submodules, `${prefix}${key}/`));
  }
  return out;
}

/** `destroyInterval` of a launch that means "never destroy on a schedule". */
export const NEVER_DESTROY = -1;

/**
 * One scheduled workflow of an instance (`GET /api/1/instances/{id}/schedules`; ours: the shape is not shown
 * by any source): `timestamp` the epoch milliseconds it runs at. Not the body of
 * `POST /api/1/instances/{id}/destroy/reschedule`, whose `timestamp` counts milliseconds from now
 * (docs/service-api.md, "Lifetime").
 */
export interface WireSchedule {
  workflow: string;
  timestamp: number;
}

/**
 * An entry of GET /api/1/organizations/{org}/environments as the documentation's sample shows it: no
 * `isOnline` (the Python client reads that from a private record). A launch into a clone that is not ready
 * is refused with 409 instead, which the client resends within the caller's deadline.
 */
export interface WireEnvironment {
  id: string;
  name: string;
  isDefault: boolean;
}

/** One property of an environment; the item as the Ruby and Python clients write it (docs/service-api.md). */
export interface WireEnvironmentProperty {
  name: string;
  type: string;
  value: string;
}

/** GET/PUT /api/1/environments/{env}/properties, both ways (the vendor's environments page, the Ruby client). */
export interface WireEnvironmentProperties {
  properties: WireEnvironmentProperty[];
}

/** GET/PUT /api/1/environments/{env}/markers, both ways (the vendor's environments page, the Ruby client). */
export interface WireEnvironmentMarkers {
  markers: { name: string }[];
}

/** A named revision of an application (GET /api/1/applications/{app}/revisions). */
export interface WireRevision {
  id: string;
  name: string;
}

/** An entry of an instance list (per environment, application or revision). */
export interface WireInstanceSummary {
  id: string;
  name: string;
  application: string;
  revision: string | null;
  environment: string;
  status: InstanceStatusWord;
}

/** A submodule instance as its parent's status lists it; its settings are read through its own id. */
export interface WireComponent {
  id: string;
  name: string;
  status: InstanceStatusWord;
}

export interface WireWorkflowRun {
  name: string;
  status: WorkflowStatusValue;
  ownerId: string;
  steps: { name: string; status: WorkflowStatusValue; percentComplete: number }[];
}

/** GET /api/1/instances/{id}: no `revision` field, submodules as `components`, `workflow` only while one runs. */
export interface WireInstanceStatus {
  id: string;
  name: string;
  status: InstanceStatusWord;
  applicationId: string;
  environmentId: string;
  /** The manifest version the instance runs. */
  version: number;
  parameters: Record<string, string>;
  components: WireComponent[];
  ownerId: string;
  workflowHistory: WireWorkflowRun[];
  workflow?: { name: string; status: WorkflowStatusValue };
  errorMessage: string | null;
  returnValues: Record<string, unknown>;
  /** What PUT /api/1/instances/{id}/userData set (absent until then). */
  userData?: string;
}
