import type { FieldDesc, FieldKind, MessageDesc, Registry } from "./protobuf";

// This project's own descriptor tables for the parts of tfplugin6 (Terraform plugin protocol 6),
// go-plugin's GRPCController and grpc.health.v1 that the provider serves. Field numbers follow the
// protocol documentation; fields the provider never reads or writes are left out (the decoder skips
// them).

type FieldSpec = [no: number, name: string, kind: FieldKind, ref?: string, repeated?: "repeated"];

/** The fields most messages repeat: every response's diagnostics, and the values terraform sends and gets. */
const diagnostics = (no: number): FieldSpec => [no, "diagnostics", "message", "Diagnostic", "repeated"];
const dynamicValue = (no: number, name: string): FieldSpec => [no, name, "message", "DynamicValue"];

/**
 * PlanResourceChange and ApplyResourceChange requests are laid out alike in tfplugin6: the type, the prior
 * state, the new state (proposed or planned), the config, and the provider's private bytes.
 */
const resourceChangeRequest = (newState: string, privateBytes: string): FieldSpec[] => [
  [1, "typeName", "string"],
  dynamicValue(2, "priorState"),
  dynamicValue(3, newState),
  dynamicValue(4, "config"),
  [5, privateBytes, "bytes"],
];

const specs: Record<string, FieldSpec[]> = {
  Empty: [],
  DynamicValue: [
    [1, "msgpack", "bytes"],
    [2, "json", "bytes"],
  ],
  Diagnostic: [
    [1, "severity", "enum"],
    [2, "summary", "string"],
    [3, "detail", "string"],
    [4, "attribute", "message", "AttributePath"],
  ],
  AttributePath: [[1, "steps", "message", "AttributePath.Step", "repeated"]],
  "AttributePath.Step": [
    [1, "attributeName", "string"],
    [2, "elementKeyString", "string"],
    [3, "elementKeyInt", "int64"],
  ],
  RawState: [
    [1, "json", "bytes"],
    // map<string,string> entries kept raw: the provider only needs to know legacy flatmap state was sent.
    [2, "flatmap", "bytes", undefined, "repeated"],
  ],
  Schema: [
    [1, "version", "int64"],
    [2, "block", "message", "Schema.Block"],
  ],
  "Schema.Block": [
    [1, "version", "int64"],
    [2, "attributes", "message", "Schema.Attribute", "repeated"],
    [3, "blockTypes", "message", "Schema.NestedBlock", "repeated"],
    [4, "description", "string"],
    [5, "descriptionKind", "enum"],
    [6, "deprecated", "bool"],
  ],
  "Schema.Attribute": [
    [1, "name", "string"],
    [2, "type", "bytes"],
    [3, "description", "string"],
    [4, "required", "bool"],
    [5, "optional", "bool"],
    [6, "computed", "bool"],
    [7, "sensitive", "bool"],
    [8, "descriptionKind", "enum"],
    [9, "deprecated", "bool"],
    [10, "nestedType", "message", "Schema.Object"],
  ],
  "Schema.NestedBlock": [
    [1, "typeName", "string"],
    [2, "block", "message", "Schema.Block"],
    [3, "nesting", "enum"],
    [4, "minItems", "int64"],
    [5, "maxItems", "int64"],
  ],
  "Schema.Object": [
    [1, "attributes", "message", "Schema.Attribute", "repeated"],
    [3, "nesting", "enum"],
  ],
  ServerCapabilities: [
    [1, "planDestroy", "bool"],
    [2, "getProviderSchemaOptional", "bool"],
    [3, "moveResourceState", "bool"],
  ],
  "GetMetadata.Response": [
    [1, "serverCapabilities", "message", "ServerCapabilities"],
    diagnostics(2),
    [3, "dataSources", "message", "TypeName", "repeated"],
    [4, "resources", "message", "TypeName", "repeated"],
  ],
  TypeName: [[1, "typeName", "string"]],
  "GetProviderSchema.Response": [
    [1, "provider", "message", "Schema"],
    [2, "resourceSchemas", "map", "Schema"],
    [3, "dataSourceSchemas", "map", "Schema"],
    diagnostics(4),
    [6, "serverCapabilities", "message", "ServerCapabilities"],
  ],
  "ValidateProviderConfig.Request": [dynamicValue(1, "config")],
  "ValidateProviderConfig.Response": [diagnostics(2)],
  "ValidateConfig.Request": [[1, "typeName", "string"], dynamicValue(2, "config")],
  "Diagnostics.Response": [diagnostics(1)],
  "ConfigureProvider.Request": [[1, "terraformVersion", "string"], dynamicValue(2, "config")],
  "UpgradeResourceState.Request": [
    [1, "typeName", "string"],
    [2, "version", "int64"],
    [3, "rawState", "message", "RawState"],
  ],
  "UpgradeResourceState.Response": [dynamicValue(1, "upgradedState"), diagnostics(2)],
  "ReadResource.Request": [
    [1, "typeName", "string"],
    dynamicValue(2, "currentState"),
    [3, "private", "bytes"],
  ],
  "ReadResource.Response": [dynamicValue(1, "newState"), diagnostics(2), [3, "private", "bytes"]],
  "PlanResourceChange.Request": resourceChangeRequest("proposedNewState", "priorPrivate"),
  "PlanResourceChange.Response": [
    dynamicValue(1, "plannedState"),
    [2, "requiresReplace", "message", "AttributePath", "repeated"],
    [3, "plannedPrivate", "bytes"],
    diagnostics(4),
  ],
  "ApplyResourceChange.Request": resourceChangeRequest("plannedState", "plannedPrivate"),
  "ApplyResourceChange.Response": [dynamicValue(1, "newState"), [2, "private", "bytes"], diagnostics(3)],
  "ImportResourceState.Request": [
    [1, "typeName", "string"],
    [2, "id", "string"],
  ],
  "ImportResourceState.ImportedResource": [
    [1, "typeName", "string"],
    dynamicValue(2, "state"),
    [3, "private", "bytes"],
  ],
  "ImportResourceState.Response": [
    [1, "importedResources", "message", "ImportResourceState.ImportedResource", "repeated"],
    diagnostics(2),
  ],
  "ReadDataSource.Request": [[1, "typeName", "string"], dynamicValue(2, "config")],
  "ReadDataSource.Response": [dynamicValue(1, "state"), diagnostics(2)],
  "StopProvider.Response": [[1, "error", "string"]],
  // grpc.health.v1
  HealthCheckRequest: [[1, "service", "string"]],
  HealthCheckResponse: [[1, "status", "enum"]],
};

export const registry: Registry = new Map(
  Object.entries(specs).map(([name, fields]): [string, MessageDesc] => [
    name,
    {
      name,
      fields: fields.map(([no, fname, kind, ref, repeated]): FieldDesc => ({
        no,
        name: fname,
        kind,
        ref,
        repeated: repeated === "repeated",
      })),
    },
  ]),
);

export const enum Severity {
  Error = 1,
  Warning = 2,
}
export const enum StringKind {
  Plain = 0,
  Markdown = 1,
}
/** Shared by Schema.NestedBlock and Schema.Object nesting. */
export const NESTING = { single: 1, list: 2, set: 3, map: 4, group: 5 } as const;
export const SERVING = 1;
