// What a provider implements: one method per RPC, each taking decoded values and answering values and
// diagnostics. The protocol layer (src/protocol) decodes each request into these types, calls the
// handler and encodes its answer; the provider never sees protobuf or msgpack (ARCHITECTURE.md §1, §5).

import type { Diagnosed } from "./diagnostics";
import type { AttributePath } from "./paths";
import type { ProviderSchemas } from "./schema";
import type { Value } from "./values";

export interface ConfigureProviderRequest {
  config: Value;
  terraformVersion: string;
}

export interface ValidateConfigRequest {
  typeName: string;
  config: Value;
}

/** What terraform says it can handle; an older terraform says nothing, read as all false. */
export interface ClientCapabilities {
  /** Terraform 1.11+: write-only attributes may be set in a managed resource's configuration. */
  writeOnlyAttributesAllowed: boolean;
}

export interface ValidateResourceConfigRequest extends ValidateConfigRequest {
  /** Absent: nothing announced (the protocol layer always passes what terraform sent). */
  clientCapabilities?: ClientCapabilities;
}

export interface UpgradeResourceStateRequest {
  typeName: string;
  version: number;
  /** The stored state, already decoded (losslessly) against the current schema's type. */
  rawState: Value;
}

export interface ReadResourceRequest {
  typeName: string;
  currentState: Value;
  private: Buffer;
}

export interface PlanResourceChangeRequest {
  typeName: string;
  priorState: Value;
  proposedNewState: Value;
  config: Value;
  priorPrivate: Buffer;
}

export interface PlanResourceChangeResponse extends Diagnosed {
  plannedState: Value;
  requiresReplace: AttributePath[];
  plannedPrivate?: Buffer;
}

export interface ApplyResourceChangeRequest {
  typeName: string;
  priorState: Value;
  /** null when destroying. */
  plannedState: Value;
  config: Value;
  plannedPrivate: Buffer;
}

export interface ImportResourceStateRequest {
  typeName: string;
  id: string;
}

export interface ImportedResource {
  typeName: string;
  state: Value;
  private?: Buffer;
}

export interface ReadDataSourceRequest {
  typeName: string;
  config: Value;
}

export interface OpenEphemeralResourceResponse extends Diagnosed {
  /** The value terraform holds for this run only; null with an error diagnostic. */
  result: Value;
  /** Handed back to Renew and Close. */
  private?: Buffer;
}

export interface EphemeralResourceRequest {
  typeName: string;
  private: Buffer;
}

/**
 * What a provider implements. Every method resolves (never rejects) with diagnostics describing
 * failures; the gRPC layer still turns an unexpected rejection into an error diagnostic.
 */
export interface ProviderHandler {
  getSchema(): ProviderSchemas;
  validateProviderConfig(req: { config: Value }): Promise<Diagnosed>;
  configureProvider(req: ConfigureProviderRequest): Promise<Diagnosed>;
  validateResourceConfig(req: ValidateResourceConfigRequest): Promise<Diagnosed>;
  validateDataResourceConfig(req: ValidateConfigRequest): Promise<Diagnosed>;
  upgradeResourceState(req: UpgradeResourceStateRequest): Promise<Diagnosed & { upgradedState: Value }>;
  readResource(req: ReadResourceRequest): Promise<Diagnosed & { newState: Value; private?: Buffer }>;
  planResourceChange(req: PlanResourceChangeRequest): Promise<PlanResourceChangeResponse>;
  applyResourceChange(
    req: ApplyResourceChangeRequest,
  ): Promise<Diagnosed & { newState: Value; private?: Buffer }>;
  importResourceState(
    req: ImportResourceStateRequest,
  ): Promise<Diagnosed & { importedResources: ImportedResource[] }>;
  readDataSource(req: ReadDataSourceRequest): Promise<Diagnosed & { state: Value }>;
  validateEphemeralResourceConfig(req: ValidateConfigRequest): Promise<Diagnosed>;
  openEphemeralResource(req: ValidateConfigRequest): Promise<OpenEphemeralResourceResponse>;
  renewEphemeralResource(req: EphemeralResourceRequest): Promise<Diagnosed & { private?: Buffer }>;
  closeEphemeralResource(req: EphemeralResourceRequest): Promise<Diagnosed>;
  /** StopProvider: cancel in-flight work (waits) and return promptly. */
  stop(): Promise<void>;
}
