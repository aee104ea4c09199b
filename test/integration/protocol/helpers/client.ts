import * as grpc from "@grpc/grpc-js";
import type { ServerCertificate } from "../../../../src/protocol/certificate";
import {
  HEALTH_CHECK,
  SHUTDOWN,
  providerMethodTypes,
  type MethodTypes,
} from "../../../../src/protocol/server";
import { registry } from "../../../../src/protocol/wire/messages";
import { decodeMessage, encodeMessage, type Message } from "../../../../src/protocol/wire/protobuf";

// A terraform stand-in for the protocol tests: grpc-js clients built from the same descriptor
// tables the server uses.

function serviceDefinition(methods: MethodTypes[]): grpc.ServiceDefinition {
  return Object.fromEntries(
    methods.map((m): [string, grpc.MethodDefinition<Message, Message>] => [
      m.path.slice(m.path.lastIndexOf("/") + 1),
      {
        path: m.path,
        requestStream: false,
        responseStream: false,
        requestSerialize: (msg: Message) => encodeMessage(registry, m.requestType, msg),
        requestDeserialize: (b: Buffer) => decodeMessage(registry, m.requestType, b),
        responseSerialize: (msg: Message) => encodeMessage(registry, m.responseType, msg),
        responseDeserialize: (b: Buffer) => decodeMessage(registry, m.responseType, b),
      },
    ]),
  );
}

export interface TestClients {
  provider: grpc.Client;
  controller: grpc.Client;
  health: grpc.Client;
  close(): void;
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
  const make = (def: grpc.ServiceDefinition) => {
    const Ctor = grpc.makeGenericClientConstructor(
      def as grpc.ServiceDefinition<grpc.UntypedServiceImplementation>,
      "",
    );
    return new Ctor(`unix:${socketPath}`, creds, options);
  };
  const provider = make(serviceDefinition(providerMethodTypes()));
  const controller = make(serviceDefinition([SHUTDOWN]));
  const health = make(serviceDefinition([HEALTH_CHECK]));
  return {
    provider,
    controller,
    health,
    close() {
      provider.close();
      controller.close();
      health.close();
    },
  };
}

/** Calls a method by its path with raw request bytes (to send anything, including garbage). */
export function callRaw(
  client: grpc.Client,
  path: string,
  request: Buffer,
  responseType: string,
): Promise<Message> {
  return new Promise((resolve, reject) =>
    client.makeUnaryRequest(
      path,
      (b: Buffer) => b,
      (b: Buffer) => decodeMessage(registry, responseType, b),
      request,
      (err, res) => (err ? reject(err) : resolve(res!)),
    ),
  );
}

export function call(
  client: grpc.Client,
  service: string,
  method: string,
  requestType: string,
  responseType: string,
  request: Message,
): Promise<Message> {
  return callRaw(
    client,
    `/${service}/${method}`,
    encodeMessage(registry, requestType, request),
    responseType,
  );
}
