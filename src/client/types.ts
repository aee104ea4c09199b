// Wire types of the Application Management Service (ARCHITECTURE.md §3), as the client returns them:
// normalised (alternative spellings such as `applicationId` folded into `application`), extra fields kept.

export type Id = string;
export type Parameters = Record<string, string>;

export type InstanceStatusValue =
  "Requested" | "Executing" | "Running" | "Failed" | "Destroying" | "Destroyed";

export interface Organization {
  id: Id;
  name: string;
}

export interface Application {
  id: Id;
  name: string;
}

export interface Environment {
  id: Id;
  name: string;
  default: boolean;
}

export interface InstanceSummary {
  id: Id;
  name: string;
  application: Id;
  revision: Id | null;
  environment: Id;
  status: InstanceStatusValue;
}

export interface LaunchSubmodule {
  revisionId?: Id;
  manifestVersion?: number;
  parameters?: Parameters;
}

export interface LaunchRequest {
  parameters?: Parameters;
  instanceName?: string;
  environmentId?: Id;
  revisionId?: Id;
  version?: number;
  submodules?: Record<string, LaunchSubmodule>;
}

export interface ReconfigureSubmodule {
  manifestVersion?: number;
  parameters?: Parameters;
}

export interface ReconfigureRequest {
  parameters?: Parameters;
  manifestVersion?: number;
  revisionId?: Id;
  submodules?: Record<string, ReconfigureSubmodule>;
}

export interface OperationAccepted {
  id: Id;
}

export interface SubmoduleStatus {
  manifestVersion: number;
  revision: Id | null;
  parameters: Parameters;
}

export interface WorkflowState {
  name: string;
  status: string;
}

export interface InstanceStatus {
  id: Id;
  name: string;
  status: InstanceStatusValue;
  application: Id;
  environment: Id;
  revision: Id | null;
  /** Manifest version the instance runs. */
  version: number;
  parameters: Parameters;
  submodules: Record<string, SubmoduleStatus>;
  workflow: WorkflowState | null;
  errorMessage: string | null;
  returnValues: Record<string, unknown>;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Epoch ms (the client's clock) by which the call must be over: no retry pause runs past it, so a long
   * `Retry-After` ends the call with the error at once instead of sleeping beyond it.
   */
  deadline?: number;
  /**
   * Ends a pause between attempts (with AbortedError) but never a request in flight: for a launch, whose
   * abort mid-request could lose the id of an instance the service created. `signal` ends both.
   */
  pauseSignal?: AbortSignal;
}
