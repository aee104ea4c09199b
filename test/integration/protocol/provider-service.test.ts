import { existsSync } from "node:fs";
import { ExtensionCodec, decode as referenceDecode, encode as referenceEncode } from "@msgpack/msgpack";
import * as grpc from "@grpc/grpc-js";
import { createServerCertificate } from "../../../src/protocol/certificate";
import { BigNumberValue, createLogger, UNKNOWN } from "../../../src/terraform-model";
import { startProviderServer, type ProviderServer } from "../../../src/protocol/provider-service";
import { encodeMsgpack } from "../../../src/protocol/values/msgpack";
import { impliedType } from "../../../src/protocol/values/types";
import { createTestHandler, testSchemas, type RecordedCall } from "./fixtures/test-handler";
import { call, callRaw, callUndefined, connect, type TestClients } from "./helpers/client";

const log = createLogger({ level: "off" });
const thingType = impliedType(testSchemas.resources.appmgmt_thing.block);
const echoType = impliedType(testSchemas.dataSources.appmgmt_echo.block);
const providerType = impliedType(testSchemas.provider.block);
const unknowns = new ExtensionCodec();
unknowns.register({ type: 0, encode: () => null, decode: () => "<unknown>" });
const readMsgpack = (dv: unknown) =>
  referenceDecode((dv as { msgpack: Buffer }).msgpack, { extensionCodec: unknowns });

interface WireAttribute {
  name: string;
  writeOnly?: boolean;
  type: Buffer;
  nestedType?: { nesting: number; attributes: WireAttribute[] };
}
interface WireSchema {
  version: number;
  block: { description: string; descriptionKind: number; attributes: WireAttribute[]; blockTypes: object[] };
}
interface WireDiagnostic {
  summary: string;
  detail: string;
}

const thing = (over: Record<string, unknown> = {}) => ({
  id: null,
  name: "alpha",
  size: null,
  tags: null,
  password: null,
  settings: null,
  rule: [],
  ...over,
});

describe("provider service (in process)", () => {
  let server: ProviderServer;
  let clients: TestClients;
  const calls: RecordedCall[] = [];
  const rpc = (method: string, msg: Record<string, unknown>) => call(clients.provider, method, msg);

  beforeAll(async () => {
    server = await startProviderServer(createTestHandler(calls), { log });
    clients = connect(server.socketPath);
  });
  afterAll(async () => {
    clients.close();
    await server.close();
  });
  beforeEach(() => calls.splice(0));

  it("serves the schema with nested attributes, blocks, markdown descriptions and capabilities", async () => {
    const res = await rpc("GetProviderSchema", {});
    const thingSchema = (res.resourceSchemas as Record<string, WireSchema>).appmgmt_thing;
    expect(thingSchema.version).toBe(1);
    expect(thingSchema.block.description).toBe("A **thing**.");
    expect(thingSchema.block.descriptionKind).toBe(1);
    const settings = thingSchema.block.attributes.find((a) => a.name === "settings")!;
    expect(settings.nestedType!.nesting).toBe(1);
    expect(settings.nestedType!.attributes[0].name).toBe("mode");
    expect(settings.type).toHaveLength(0);
    const tags = thingSchema.block.attributes.find((a) => a.name === "tags")!;
    expect(JSON.parse(tags.type.toString())).toEqual(["map", "string"]);
    expect(thingSchema.block.blockTypes[0]).toMatchObject({ typeName: "rule", nesting: 2 });
    expect(Object.keys(res.dataSourceSchemas as object)).toEqual(["appmgmt_echo"]);
    expect(res.serverCapabilities).toEqual({
      planDestroy: false,
      getProviderSchemaOptional: true,
      moveResourceState: false,
    });
  });

  it("serves GetMetadata", async () => {
    const res = await rpc("GetMetadata", {});
    expect(res.resources).toEqual([{ typeName: "appmgmt_thing" }]);
    expect(res.dataSources).toEqual([{ typeName: "appmgmt_echo" }]);
    expect(res.ephemeralResources).toEqual([{ typeName: "appmgmt_token" }]);
  });

  it("declares write-only attributes and ephemeral resource schemas (protocol 6.7, 6.8)", async () => {
    const res = await rpc("GetProviderSchema", {});
    const attrs = (res.resourceSchemas as Record<string, WireSchema>).appmgmt_thing.block.attributes;
    expect(attrs.find((a) => a.name === "password")).toMatchObject({ writeOnly: true });
    expect(attrs.find((a) => a.name === "name")).toMatchObject({ writeOnly: false });
    const token = (res.ephemeralResourceSchemas as Record<string, WireSchema>).appmgmt_token;
    expect(token.block.attributes.map((a) => a.name)).toEqual(["name", "token"]);
  });

  it("passes terraform's client capabilities to resource validation; none sent reads as none", async () => {
    const config = { msgpack: encodeMsgpack(thing({ password: "pw" }), thingType) };
    await rpc("ValidateResourceConfig", {
      typeName: "appmgmt_thing",
      config,
      clientCapabilities: { writeOnlyAttributesAllowed: true },
    });
    await rpc("ValidateResourceConfig", { typeName: "appmgmt_thing", config });
    expect(calls.map((c) => (c.req as { clientCapabilities: unknown }).clientCapabilities)).toEqual([
      { writeOnlyAttributesAllowed: true },
      { writeOnlyAttributesAllowed: false },
    ]);
  });

  it("answers null for write-only attributes in plans and new states, whatever the handler returns", async () => {
    const withPassword = { msgpack: encodeMsgpack(thing({ password: "s3cret-pw" }), thingType) };
    const planned = await rpc("PlanResourceChange", {
      typeName: "appmgmt_thing",
      proposedNewState: withPassword,
      config: withPassword,
    });
    expect((calls[0].req as { config: { password: string } }).config.password).toBe("s3cret-pw");
    expect(readMsgpack(planned.plannedState)).toEqual(thing({ id: "<unknown>" }));
    const applied = await rpc("ApplyResourceChange", {
      typeName: "appmgmt_thing",
      plannedState: { msgpack: encodeMsgpack(thing({ id: UNKNOWN, password: "s3cret-pw" }), thingType) },
      config: withPassword,
    });
    expect(readMsgpack(applied.newState)).toEqual(thing({ id: "id-alpha" }));
  });

  it("validates, opens, renews and closes ephemeral resources", async () => {
    const tokenType = impliedType(testSchemas.ephemeralResources!.appmgmt_token.block);
    const config = { msgpack: encodeMsgpack({ name: "db", token: null }, tokenType) };
    const validated = await rpc("ValidateEphemeralResourceConfig", { typeName: "appmgmt_token", config });
    expect(validated.diagnostics).toEqual([]);
    const opened = await rpc("OpenEphemeralResource", {
      typeName: "appmgmt_token",
      config,
      clientCapabilities: { writeOnlyAttributesAllowed: true },
    });
    expect(readMsgpack(opened.result)).toEqual({ name: "db", token: "token-of-db" });
    expect((opened.private as Buffer).toString()).toBe("open");
    const renewed = await rpc("RenewEphemeralResource", {
      typeName: "appmgmt_token",
      private: opened.private,
    });
    expect((renewed.private as Buffer).toString()).toBe("renewed");
    const closed = await rpc("CloseEphemeralResource", {
      typeName: "appmgmt_token",
      private: renewed.private,
    });
    expect(closed.diagnostics).toEqual([]);
    expect(calls.map((c) => c.method)).toEqual([
      "validateEphemeralResourceConfig",
      "openEphemeralResource",
      "renewEphemeralResource",
      "closeEphemeralResource",
    ]);
    expect(calls[3].req).toEqual({ typeName: "appmgmt_token", private: Buffer.from("renewed") });
    const unknownType = await rpc("OpenEphemeralResource", { typeName: "appmgmt_nope", config });
    expect(unknownType.diagnostics).toEqual([
      expect.objectContaining({ summary: "Unknown ephemeral resource type" }),
    ]);
  });

  it("validates and configures the provider with decoded values", async () => {
    const config = { msgpack: encodeMsgpack({ endpoint: "https://x" }, providerType) };
    expect((await rpc("ValidateProviderConfig", { config })).diagnostics).toEqual([]);
    await rpc("ConfigureProvider", {
      terraformVersion: "1.11.4",
      config,
    });
    expect(calls).toEqual([
      { method: "validateProviderConfig", req: { config: { endpoint: "https://x" } } },
      { method: "configureProvider", req: { config: { endpoint: "https://x" }, terraformVersion: "1.11.4" } },
    ]);
  });

  it("passes handler diagnostics with attribute paths through", async () => {
    const res = await rpc("ValidateResourceConfig", {
      typeName: "appmgmt_thing",
      config: { msgpack: encodeMsgpack(thing({ name: "invalid" }), thingType) },
    });
    expect(res.diagnostics).toEqual([
      {
        severity: 1,
        summary: "Bad name",
        detail: "choose another",
        attribute: { steps: [expect.objectContaining({ attributeName: "name" })] },
      },
    ]);
  });

  it("validates data source configs, including unknown values", async () => {
    const res = await rpc("ValidateDataResourceConfig", {
      typeName: "appmgmt_echo",
      config: { msgpack: encodeMsgpack({ input: UNKNOWN }, echoType) },
    });
    expect(res.diagnostics).toEqual([]);
    expect(calls[0].req).toEqual({ typeName: "appmgmt_echo", config: { input: UNKNOWN, output: null } });
  });

  it("plans a create with unknown computed values and a private blob", async () => {
    const proposed = { msgpack: encodeMsgpack(thing({ tags: { a: "b" } }), thingType) };
    const res = await rpc("PlanResourceChange", {
      typeName: "appmgmt_thing",
      proposedNewState: proposed,
      config: proposed,
    });
    expect(readMsgpack(res.plannedState)).toEqual({ ...thing({ tags: { a: "b" } }), id: "<unknown>" });
    expect((res.plannedPrivate as Buffer).toString()).toBe("p1");
    expect(calls[0].req).toMatchObject({ priorState: null, priorPrivate: Buffer.alloc(0) });
  });

  it("reports requires_replace paths", async () => {
    const res = await rpc("PlanResourceChange", {
      typeName: "appmgmt_thing",
      priorState: { msgpack: encodeMsgpack(thing({ id: "i1" }), thingType) },
      proposedNewState: { msgpack: encodeMsgpack(thing({ id: "i1", name: "beta" }), thingType) },
      config: { msgpack: encodeMsgpack(thing({ name: "beta" }), thingType) },
    });
    expect(res.requiresReplace).toEqual([{ steps: [expect.objectContaining({ attributeName: "name" })] }]);
  });

  it("applies a create and a destroy", async () => {
    const created = await rpc("ApplyResourceChange", {
      typeName: "appmgmt_thing",
      plannedState: { msgpack: encodeMsgpack(thing({ id: UNKNOWN }), thingType) },
      config: { msgpack: encodeMsgpack(thing(), thingType) },
      plannedPrivate: Buffer.from("p1"),
    });
    expect(readMsgpack(created.newState)).toEqual(thing({ id: "id-alpha" }));
    expect((created.private as Buffer).toString()).toBe("applied");
    expect(calls[0].req).toMatchObject({ plannedPrivate: Buffer.from("p1"), priorState: null });
    const destroyed = await rpc("ApplyResourceChange", {
      typeName: "appmgmt_thing",
      priorState: { msgpack: encodeMsgpack(thing({ id: "id-alpha" }), thingType) },
    });
    expect(readMsgpack(destroyed.newState)).toBeNull();
  });

  it("upgrades JSON state losslessly against the current schema", async () => {
    const res = await rpc("UpgradeResourceState", {
      typeName: "appmgmt_thing",
      version: 1,
      rawState: {
        json: Buffer.from(
          '{"id":"i1","name":"a","size":12345678901234567890,"gone":true,"rule":[{"port":80}]}',
        ),
      },
    });
    expect(res.diagnostics).toEqual([]);
    expect(calls[0].req).toEqual({
      typeName: "appmgmt_thing",
      version: 1,
      rawState: thing({
        id: "i1",
        name: "a",
        size: new BigNumberValue("12345678901234567890"),
        rule: [{ port: 80 }],
      }),
    });
    expect(readMsgpack(res.upgradedState)).toEqual(
      thing({ id: "i1", name: "a", size: "12345678901234567890", rule: [{ port: 80 }] }),
    );
  });

  it("refuses legacy flatmap state with a diagnostic that says what to do", async () => {
    const res = await rpc("UpgradeResourceState", {
      typeName: "appmgmt_thing",
      rawState: { flatmap: { id: "x" } },
    });
    expect(res.diagnostics).toEqual([
      expect.objectContaining({ severity: 1, summary: "Unsupported legacy state" }),
    ]);
    expect(calls).toEqual([]);
  });

  it("reads resources, passing private data both ways", async () => {
    const res = await rpc("ReadResource", {
      typeName: "appmgmt_thing",
      currentState: { msgpack: encodeMsgpack(thing({ id: "i1" }), thingType) },
      private: Buffer.from("priv"),
    });
    expect(readMsgpack(res.newState)).toEqual(thing({ id: "i1" }));
    expect((res.private as Buffer).toString()).toBe("priv");
  });

  it("imports resources and reads data sources", async () => {
    const imported = await rpc("ImportResourceState", {
      typeName: "appmgmt_thing",
      id: "i9",
    });
    const [r] = imported.importedResources as Array<{ typeName: string; state: unknown }>;
    expect(r.typeName).toBe("appmgmt_thing");
    expect(readMsgpack(r.state)).toEqual(thing({ id: "i9", name: "imported-i9" }));
    const data = await rpc("ReadDataSource", {
      typeName: "appmgmt_echo",
      config: { json: Buffer.from('{"input":"hi"}') },
    });
    expect(readMsgpack(data.state)).toEqual({ input: "hi", output: "echo: hi" });
  });

  it("calls the handler's stop on StopProvider", async () => {
    const res = await rpc("StopProvider", {});
    expect(res.Error).toBe("");
    expect(calls.map((c) => c.method)).toEqual(["stop"]);
  });

  it("turns garbage and mismatched values into diagnostics, never a crash", async () => {
    const validate = (typeName: string, msgpack: Buffer) =>
      rpc("ValidateResourceConfig", {
        typeName,
        config: { msgpack },
      });
    const garbage = await validate("appmgmt_thing", Buffer.from([0xc1, 0x00]));
    expect(garbage.diagnostics).toEqual([
      expect.objectContaining({ severity: 1, summary: "Invalid value in ValidateResourceConfig" }),
    ]);
    const wrongShape = await validate(
      "appmgmt_thing",
      Buffer.from(referenceEncode({ name: ["not", "a", "string"] })),
    );
    expect((wrongShape.diagnostics as WireDiagnostic[])[0].detail).toMatch(
      /config: expected a string at \.name/,
    );
    const unknownType = await validate("appmgmt_nope", encodeMsgpack(thing(), thingType));
    expect(unknownType.diagnostics).toEqual([
      expect.objectContaining({
        summary: "Unknown resource type",
        detail: expect.stringMatching(/"appmgmt_nope".*appmgmt_thing/),
      }),
    ]);
    const thrown = await validate("appmgmt_thing", encodeMsgpack(thing({ name: "throw" }), thingType));
    expect(thrown.diagnostics).toEqual([
      expect.objectContaining({
        summary: "Provider error in ValidateResourceConfig",
        detail: expect.stringMatching(/handler exploded/),
      }),
    ]);
    const badProtobuf = await callRaw(clients.provider, "ReadResource", Buffer.from([0xff]));
    expect(badProtobuf.diagnostics).toEqual([
      expect.objectContaining({ summary: "Unreadable ReadResource request" }),
    ]);
    // still serving
    expect((await rpc("GetMetadata", {})).resources).toHaveLength(1);
  });

  it("answers RPCs it does not implement with UNIMPLEMENTED", async () => {
    for (const method of [
      "GetFunctions",
      "CallFunction",
      "MoveResourceState",
      "GetResourceIdentitySchemas",
    ]) {
      await expect(callUndefined(clients.provider, method)).rejects.toMatchObject({
        code: grpc.status.UNIMPLEMENTED,
      });
    }
  });

  it("reports SERVING for the plugin health check", async () => {
    const health = (service: string) =>
      call(clients.health, "Check", {
        service,
      });
    expect(await health("plugin")).toEqual({ status: 1 });
    await expect(health("other")).rejects.toMatchObject({ code: grpc.status.NOT_FOUND });
  });
});

describe("provider service with a handler that fails to load", () => {
  it("answers every RPC with a diagnostic naming the failure", async () => {
    const server = await startProviderServer(
      async () => {
        throw new Error("cannot read provider config");
      },
      { log },
    );
    const clients = connect(server.socketPath);
    try {
      const res = await call(clients.provider, "GetProviderSchema", {});
      expect(res.diagnostics).toEqual([
        expect.objectContaining({
          severity: 1,
          detail: expect.stringMatching(/cannot read provider config/),
        }),
      ]);
    } finally {
      clients.close();
      await server.close();
    }
  });
});

describe("provider service with mutual TLS", () => {
  const terraformCert = createServerCertificate();

  it("serves a client presenting the expected certificate and refuses any other, or none", async () => {
    const server = await startProviderServer(createTestHandler(), {
      log,
      clientCertPem: terraformCert.certPem,
    });
    try {
      expect(server.certDer).toBeDefined();
      const good = connect(server.socketPath, { serverCertDer: server.certDer!, client: terraformCert });
      const res = await call(good.provider, "GetMetadata", {});
      expect(res.resources).toHaveLength(1);
      good.close();
      const bad = connect(server.socketPath, {
        serverCertDer: server.certDer!,
        client: createServerCertificate(),
      });
      await expect(call(bad.provider, "GetMetadata", {})).rejects.toMatchObject({
        code: grpc.status.UNAVAILABLE,
      });
      bad.close();
      const anonymous = connect(server.socketPath, { serverCertDer: server.certDer!, client: undefined });
      await expect(call(anonymous.provider, "GetMetadata", {})).rejects.toMatchObject({
        code: grpc.status.UNAVAILABLE,
      });
      anonymous.close();
    } finally {
      await server.close();
    }
  });

  it("removes the socket file on Shutdown and reports it", async () => {
    let shutdownSeen!: () => void;
    const shutdown = new Promise<void>((resolve) => (shutdownSeen = resolve));
    const server = await startProviderServer(createTestHandler(), { log, onShutdown: () => shutdownSeen() });
    expect(existsSync(server.socketPath)).toBe(true);
    const clients = connect(server.socketPath);
    await call(clients.controller, "Shutdown", {});
    await shutdown;
    clients.close();
    expect(existsSync(server.socketPath)).toBe(false);
  });
});
