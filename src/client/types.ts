// Wire types of the Application Management Service (ARCHITECTURE.md §3), as the client returns them:
// normalised (alternative spellings such as `applicationId` folded into `application`), extra fields kept.

import type { InstanceStatusValue, WireWorkflowRun } from "../service/wire";

export type { InstanceStatusValue } from "../service/wire";
export type Id = string;
export type Parameters = Record<string, string>;

export interface Organization {
  id: Id;
  name: string;
}

export interface ApplicationSummary {
  id: Id;
  name: string;
}

/** A named revision of an application: saved launch settings (manifest version, parameter values). */
export interface Revision {
  id: Id;
  name: string;
}

export interface EnvironmentSummary {
  id: Id;
  name: string;
  /** The service's `isDefault` (older answers: `default`). */
  default: boolean;
  /** The service's `isOnline`: false while a new (cloned) environment does not take launches yet; true when absent. */
  online: boolean;
}

/** One property of an environment; `type` is "string" unless the property says otherwise. */
export interface EnvironmentProperty {
  name: string;
  type: string;
  value: string;
}

export interface InstanceSummary {
  id: Id;
  name: string;
  application: Id;
  revision: Id | null;
  environment: Id;
  status: InstanceStatusValue;
  /** The service's own status word when it is another word for `status` (`Active` for `Running`). */
  serviceStatus?: string;
}

export interface LaunchSubmodule {
  revisionId?: Id;
  manifestVersion?: number;
  parameters?: Parameters;
  /** Its own submodules' settings, by their names in its manifest (nested submodules). */
  submodules?: Record<string, LaunchSubmodule>;
}

export interface LaunchRequest {
  parameters?: Parameters;
  instanceName?: string;
  environmentId?: Id;
  revisionId?: Id;
  version?: number;
  submodules?: Record<string, LaunchSubmodule>;
  /** Milliseconds until the service destroys the instance; -1 never (absent: the tenant's default, 1 hour). */
  destroyInterval?: number;
}

export interface ReconfigureSubmodule {
  manifestVersion?: number;
  parameters?: Parameters;
  /** Its own submodules' settings, by their names in its manifest (nested submodules). */
  submodules?: Record<string, ReconfigureSubmodule>;
}

export interface ReconfigureRequest {
  parameters?: Parameters;
  manifestVersion?: number;
  revisionId?: Id;
  submodules?: Record<string, ReconfigureSubmodule>;
}

export interface CreateApplicationRequest {
  name: string;
}

/** The answer of a manifest upload: the version it became. */
export interface ManifestUploaded {
  version: number;
}

export interface OperationAccepted {
  id: Id;
  /** What a launch answer may carry besides the id (docs/service-api.md, "Launch"); absent when empty. */
  warnings?: string[];
  errors?: string[];
}

export interface SubmoduleStatus {
  manifestVersion: number;
  revision: Id | null;
  parameters: Parameters;
}

/** A submodule instance as its parent's status lists it. */
export interface ComponentRef {
  id: Id;
  name: string;
  status: string;
}

export interface WorkflowState {
  name: string;
  status: string;
}

export interface InstanceStatus {
  id: Id;
  name: string;
  /** What the service's word means (src/service/wire.ts, INSTANCE_STATUS_WORDS); a word in no row as sent. */
  status: InstanceStatusValue;
  /** The service's own word when it is another word for `status` (`Active`, `Launching`, `Error`). */
  serviceStatus?: string;
  application: Id;
  environment: Id;
  revision: Id | null;
  /** Manifest version the instance runs. */
  version: number;
  parameters: Parameters;
  /**
   * Each submodule's settings by its path key ("db", "db/replica" for a submodule of db): read from the submodule instances the status lists as
   * `components` (AppMgmtClient.getInstance), or taken from a `submodules` map where a service sends one.
   */
  submodules: Record<string, SubmoduleStatus>;
  /** The submodule instances (`components`); empty when the service lists none. */
  components: ComponentRef[];
  workflowHistory: WireWorkflowRun[];
  workflow: WorkflowState | null;
  errorMessage: string | null;
  returnValues: Record<string, unknown>;
  /** What PUT /instances/{id}/userData set last (absent until then). */
  userData?: string;
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
