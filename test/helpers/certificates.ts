// Test certificates made with the openssl binary for this run: a private CA, a server certificate it signed for
// 127.0.0.1, one it signed for another host name, and a self-signed one for 127.0.0.1.
//
//   const certs = makeCertificates();   // certs.remove() in afterAll
//   startSimulator({ tls: certs.server }); new AppMgmtClient({ caCertPem: certs.caPem, ... })
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface CertificateFiles {
  /** PEM texts. */
  cert: string;
  key: string;
  certFile: string;
  keyFile: string;
}

export interface TestCertificates {
  dir: string;
  /** The private CA's certificate (what ca_cert_pem holds). */
  caPem: string;
  /** Signed by the CA, for 127.0.0.1. */
  server: CertificateFiles;
  /** Signed by the CA, for the host name other.example only. */
  otherHost: CertificateFiles;
  /** Self-signed, for 127.0.0.1. */
  selfSigned: CertificateFiles;
  remove(): void;
}

const EC_KEY = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"];

function openssl(args: string[]): void {
  try {
    execFileSync("openssl", args, { stdio: ["ignore", "ignore", "pipe"] });
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stderr?: Buffer };
    if (err.code === "ENOENT")
      throw new Error("these tests need the openssl binary on PATH to make certificates; install openssl");
    throw new Error(`openssl ${args[0]} failed: ${err.stderr?.toString() ?? err.message}`);
  }
}

export function makeCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), "appmgmt-certs-"));
  const file = (name: string) => join(dir, name);
  openssl(["req", "-x509", ...EC_KEY, "-days", "2", "-subj", "/CN=appmgmt test CA",
    "-keyout", file("ca.key"), "-out", file("ca.pem")]); // prettier-ignore

  const signed = (name: string, subjectAltName: string): CertificateFiles => {
    writeFileSync(file(`${name}.ext`), `subjectAltName=${subjectAltName}\n`);
    openssl([
      "req",
      ...EC_KEY,
      "-subj",
      `/CN=${name}`,
      "-keyout",
      file(`${name}.key`),
      "-out",
      file(`${name}.csr`),
    ]);
    openssl(["x509", "-req", "-in", file(`${name}.csr`), "-CA", file("ca.pem"), "-CAkey", file("ca.key"),
      "-CAcreateserial", "-days", "1", "-extfile", file(`${name}.ext`), "-out", file(`${name}.pem`)]); // prettier-ignore
    return files(name);
  };
  const files = (name: string): CertificateFiles => ({
    cert: readFileSync(file(`${name}.pem`), "utf8"),
    key: readFileSync(file(`${name}.key`), "utf8"),
    certFile: file(`${name}.pem`),
    keyFile: file(`${name}.key`),
  });

  const server = signed("server", "IP:127.0.0.1");
  const otherHost = signed("other-host", "DNS:other.example");
  openssl(["req", "-x509", ...EC_KEY, "-days", "1", "-subj", "/CN=127.0.0.1",
    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", file("self.key"), "-out", file("self.pem")]); // prettier-ignore
  return {
    dir,
    caPem: readFileSync(file("ca.pem"), "utf8"),
    server,
    otherHost,
    selfSigned: files("self"),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
