// The service's JSON as it travels (docs/service-api.md, with the source of each fact): what the simulator
// sends and what the client reads before normalising it. A leaf module, so the two share these shapes
// without importing each other.

/** Instance status values (docs/service-api.md: the public documentation and its clients). */
export const INSTANCE_STATUS_VALUES = [
  "Requested",
  "Executing",
  "Running",
  "Failed",
  "Canceled",
  "Suspended",
  "Destroying",
  "Destroyed",
] as const;
export type InstanceStatusValue = (typeof INSTANCE_STATUS_VALUES)[number];

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

/** `destroyInterval` of a launch that means "never destroy on a schedule". */
export const NEVER_DESTROY = -1;

export interface WireEnvironment {
  id: string;
  name: string;
  isDefault: boolean;
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
  status: InstanceStatusValue;
}

/** A submodule instance as its parent's status lists it; its settings are read through its own id. */
export interface WireComponent {
  id: string;
  name: string;
  status: InstanceStatusValue;
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
  status: InstanceStatusValue;
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
}
