import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import type { ServerCertificate } from "../../../../src/protocol/certificate";

// A terraform stand-in for the protocol tests: grpc-js clients whose messages protobufjs encodes and decodes
// from the .proto files (through @grpc/proto-loader), as a stranger to the server's own descriptor tables
// would: a wrong field number in those tables fails these tests.

const protocol: {
  PROTO_DIR: string;
  PROTO_FILES: string[];
} = require("../../../../scripts/generate-protocol.js");

/** Decoded as terraform's Go structs hold them: every absent field at its default, int64 as a number. */
export const protoDefinition = protoLoader.loadSync(protocol.PROTO_FILES, {
  includeDirs: [protocol.PROTO_DIR],
  longs: Number,
  defaults: true,
});

export type Message = { [field: string]: unknown };

const SERVICES = {
  provider: "tfplugin6.Provider",
  controller: "plugin.GRPCController",
  health: "grpc.health.v1.Health",
} as const;
type ServiceKey = keyof typeof SERVICES;

/** A client of one service; `service` names it for `call`. */
export interface ServiceClient {
  service: string;
  client: grpc.Client;
}

export type TestClients = Record<ServiceKey, ServiceClient> & { close(): void };

function methodOf(service: string, method: string): protoLoader.MethodDefinition<Message, Message> {
  const def = protoDefinition[service] as protoLoader.ServiceDefinition | undefined;
  const m = def?.[method];
  if (!m) throw new Error(`${service}/${method} is not in the .proto files`);
  return m as protoLoader.MethodDefinition<Message, Message>;
}

export function derToPem(der: Buffer): string {
  return `-----BEGIN CERTIFICATE-----\n${der.toString("base64").replace(/.{1,64}/g, "$&\n")}-----END CERTIFICATE-----\n`;
}

export function connect(
  socketPath: string,
  /** `client` undefined: TLS without a client certificate. */
  tls?: { serverCertDer: Buffer; client: ServerCertificate | undefined },
): TestClients {
  const creds = tls
    ? grpc.credentials.createSsl(
        Buffer.from(derToPem(tls.serverCertDer)),
        tls.client && Buffer.from(tls.client.keyPem),
        tls.client && Buffer.from(tls.client.certPem),
      )
    : grpc.credentials.createInsecure();
  const options = { "grpc.ssl_target_name_override": "localhost", "grpc.default_authority": "localhost" };
  const make = (key: ServiceKey): ServiceClient => {
    const service = SERVICES[key];
    const Ctor = grpc.makeGenericClientConstructor(
      protoDefinition[service] as grpc.ServiceDefinition<grpc.UntypedServiceImplementation>,
      "",
    );
    return { service, client: new Ctor(`unix:${socketPath}`, creds, options) };
  };
  const clients = { provider: make("provider"), controller: make("controller"), health: make("health") };
  return {
    ...clients,
    close() {
      for (const { client } of Object.values(clients)) client.close();
    },
  };
}

function unary<T>(
  client: grpc.Client,
  path: string,
  request: Buffer,
  deserialize: (b: Buffer) => T,
): Promise<T> {
  return new Promise((resolve, reject) =>
    client.makeUnaryRequest(
      path,
      (b: Buffer) => b,
      deserialize,
      request,
      (err, res) => (err ? reject(err) : resolve(res!)),
    ),
  );
}

/** Calls a method of the .proto with raw request bytes (to send anything, including garbage). */
export function callRaw(
  { service, client }: ServiceClient,
  method: string,
  request: Buffer,
): Promise<Message> {
  return unary(client, `/${service}/${method}`, request, methodOf(service, method).responseDeserialize);
}

/** Calls a method the .proto files do not define; its answer stays raw bytes. */
export function callUndefined({ service, client }: ServiceClient, method: string): Promise<Buffer> {
  return unary(client, `/${service}/${method}`, Buffer.alloc(0), (b) => b);
}

/** Calls a method of the .proto, its request and response encoded and decoded by protobufjs. */
export function call(target: ServiceClient, method: string, request: Message): Promise<Message> {
  return callRaw(target, method, methodOf(target.service, method).requestSerialize(request));
}
