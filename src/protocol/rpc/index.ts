import type { RpcMethod } from "../typed-rpc";
import { applyResourceChange } from "./apply-resource-change";
import { configureProvider } from "./configure-provider";
import {
  closeEphemeralResource,
  openEphemeralResource,
  renewEphemeralResource,
  validateEphemeralResourceConfig,
} from "./ephemeral-resource";
import { getMetadata } from "./get-metadata";
import { getProviderSchema } from "./get-provider-schema";
import { importResourceState } from "./import-resource-state";
import { planResourceChange } from "./plan-resource-change";
import { readDataSource } from "./read-data-source";
import { readResource } from "./read-resource";
import { stopProvider } from "./stop-provider";
import { upgradeResourceState } from "./upgrade-resource-state";
import { validateDataResourceConfig } from "./validate-data-resource-config";
import { validateProviderConfig } from "./validate-provider-config";
import { validateResourceConfig } from "./validate-resource-config";

/** The tfplugin6 RPCs this provider serves; grpc-unary.ts answers every other one UNIMPLEMENTED. */
export const providerMethods: RpcMethod[] = [
  getMetadata,
  getProviderSchema,
  validateProviderConfig,
  configureProvider,
  validateResourceConfig,
  validateDataResourceConfig,
  upgradeResourceState,
  readResource,
  planResourceChange,
  applyResourceChange,
  importResourceState,
  readDataSource,
  stopProvider,
  validateEphemeralResourceConfig,
  openEphemeralResource,
  renewEphemeralResource,
  closeEphemeralResource,
];
