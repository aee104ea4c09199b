// The protocol's messages are written once, in src/protocol/proto/*.proto; src/protocol/generated/ is what
// `npm run generate` makes of them. Here: the committed files are what the generator makes today, and the
// hand-written codec, driven by the generated tables, agrees byte for byte with protobufjs reading the
// .proto files, for every message type, both ways.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type * as protobufjs from "protobufjs";
import { registry } from "../../../src/protocol/generated/descriptors";
import { decodeMessage, encodeMessage, type Message } from "../../../src/protocol/wire/protobuf";

const generator: {
  protobuf: typeof protobufjs;
  generateProtocol(targetDir: string): void;
  loadProtoRoot(): protobufjs.Root;
  messageTypes(ns: protobufjs.NamespaceBase): protobufjs.Type[];
  listFiles(dir: string): string[];
  fullName(obj: protobufjs.ReflectionObject): string;
  PROTOCOL_GEN_DIR: string;
} = require("../../../scripts/generate-protocol.js");

const root = generator.loadProtoRoot();
const types = generator.messageTypes(root);

/**
 * A message with every field set to a value other than its default (one member of each oneof), nested
 * messages included down to `depth`.
 */
function sample(type: protobufjs.Type, depth = 0): Message {
  const msg: Message = {};
  const seenOneofs = new Set<string>();
  for (const field of type.fieldsArray) {
    if (field.partOf) {
      if (seenOneofs.has(field.partOf.name)) continue;
      seenOneofs.add(field.partOf.name);
    }
    const value = (): unknown => {
      const resolved = field.resolvedType;
      if (resolved instanceof generator.protobuf.Enum) return Math.max(...Object.values(resolved.values));
      if (resolved) return depth < 2 ? sample(resolved as protobufjs.Type, depth + 1) : {};
      switch (field.type) {
        case "string":
          return `${field.name}-${field.id}`;
        case "bytes":
          return Buffer.from(`${field.name}\u00ff`);
        case "bool":
          return true;
        case "int64":
          return 1000 * field.id + 7;
        default:
          throw new Error(`no sample for ${field.type}`);
      }
    };
    if (field.map) msg[field.name] = { first: value(), second: value() };
    else if (field.repeated) msg[field.name] = [value(), value()];
    else msg[field.name] = value();
  }
  return msg;
}

describe("the protocol's messages, from the .proto files", () => {
  it("src/protocol/generated/ is what `npm run generate` makes of the .proto files today", () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-proto-"));
    try {
      generator.generateProtocol(tmp);
      const expected = generator.listFiles(tmp);
      expect(generator.listFiles(generator.PROTOCOL_GEN_DIR)).toEqual(expected);
      expect(expected).toContain(path.join("tfplugin6", "PlanResourceChange.ts"));
      const stale = expected.filter(
        (f) =>
          fs.readFileSync(path.join(tmp, f), "utf8") !==
          fs.readFileSync(path.join(generator.PROTOCOL_GEN_DIR, f), "utf8"),
      );
      if (stale.length) {
        throw new Error(
          `stale: ${stale.join(", ")}; run \`npm run generate\` and commit src/protocol/generated/`,
        );
      }
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });

  it("has a descriptor for every message type, and no other", () => {
    expect([...registry.keys()].sort()).toEqual(types.map((t) => generator.fullName(t)).sort());
  });

  it.each(types.map((t) => [generator.fullName(t), t] as const))(
    "%s: protobufjs's encoding decodes with the codec, and the codec's encoding is the same bytes",
    (name, type) => {
      const msg = sample(type);
      const theirs = Buffer.from(type.encode(type.fromObject(msg)).finish());
      expect(decodeMessage(registry, name, theirs)).toMatchObject(msg);
      const ours = encodeMessage(registry, name, msg);
      expect(ours.toString("hex")).toBe(theirs.toString("hex"));
      expect(type.toObject(type.decode(ours), { longs: Number })).toEqual(msg);
    },
  );
});
