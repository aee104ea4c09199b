import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import {
  bitString,
  boolean,
  explicit,
  octetString,
  oid,
  sequence,
  set,
  tlv,
  unsignedInteger,
  utcTime,
  utf8String,
} from "./der";

// go-plugin AutoMTLS: the plugin presents a fresh self-signed certificate, which terraform trusts
// as the root for ServerName "localhost" (so the certificate needs a DNS SAN "localhost").

export interface ServerCertificate {
  certDer: Buffer;
  certPem: string;
  keyPem: string;
}

const ECDSA_WITH_SHA256 = "1.2.840.10045.4.3.2";

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return critical
    ? sequence(oid(id), boolean(true), octetString(value))
    : sequence(oid(id), octetString(value));
}

export function createServerCertificate(now = new Date()): ServerCertificate {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const name = sequence(set(sequence(oid("2.5.4.3"), utf8String("localhost"))));
  const serial = randomBytes(16);
  serial[0] &= 0x7f;
  const tbs = sequence(
    explicit(0, unsignedInteger(Buffer.from([2]))), // v3
    unsignedInteger(serial),
    sequence(oid(ECDSA_WITH_SHA256)),
    name,
    sequence(
      utcTime(new Date(now.getTime() - 60_000)),
      utcTime(new Date(now.getTime() + 30 * 24 * 3600_000)),
    ),
    name,
    publicKey.export({ type: "spki", format: "der" }),
    explicit(
      3,
      sequence(
        extension("2.5.29.17", false, sequence(tlv(0x82, Buffer.from("localhost", "ascii")))), // subjectAltName dNSName
        extension("2.5.29.19", true, sequence(boolean(true))), // basicConstraints CA (it is its own root)
        extension("2.5.29.15", true, bitString(Buffer.from([0x84]), 2)), // keyUsage digitalSignature, keyCertSign
        extension("2.5.29.37", false, sequence(oid("1.3.6.1.5.5.7.3.1"), oid("1.3.6.1.5.5.7.3.2"))), // server+client auth
      ),
    ),
  );
  const signature = sign("sha256", tbs, privateKey); // DER-encoded ECDSA signature
  const certDer = sequence(tbs, sequence(oid(ECDSA_WITH_SHA256)), bitString(signature));
  const b64 = certDer.toString("base64");
  return {
    certDer,
    certPem: `-----BEGIN CERTIFICATE-----\n${b64.replace(/.{1,64}/g, "$&\n")}-----END CERTIFICATE-----\n`,
    keyPem: privateKey.export({ type: "pkcs8", format: "pem" }) as string,
  };
}
