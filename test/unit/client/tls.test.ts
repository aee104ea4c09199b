import * as https from "node:https";
import type { AddressInfo } from "node:net";
import { AppMgmtClient, NetworkError, TlsError } from "../../../src/client";
import { makeCertificates, type CertificateFiles, type TestCertificates } from "../../helpers/certificates";

// Certificates made with openssl for this run, each served by a tiny HTTPS server on 127.0.0.1.
let certs: TestCertificates;
const servers: https.Server[] = [];

async function serve(files: CertificateFiles): Promise<string> {
  const server = https.createServer({ key: files.key, cert: files.cert }, (_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify([{ id: "5f0000000000000000000a01", name: "Demo" }]));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let selfSignedUrl: string;
let caSignedUrl: string;
let otherHostUrl: string;

beforeAll(async () => {
  certs = makeCertificates();
  [selfSignedUrl, caSignedUrl, otherHostUrl] = await Promise.all([
    serve(certs.selfSigned),
    serve(certs.server),
    serve(certs.otherHost),
  ]);
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  certs.remove();
});

async function organizations(baseUrl: string, opts: { caCertPem?: string; insecure?: boolean }) {
  const client = new AppMgmtClient({ baseUrl, maxRetries: 0, ...opts });
  try {
    return await client.listOrganizations();
  } finally {
    await client.close();
  }
}

describe("TLS options", () => {
  it("refuses a self-signed certificate by default, without retrying, naming the problem and the fix", async () => {
    const client = new AppMgmtClient(
      { baseUrl: selfSignedUrl },
      {
        sleep: async () => {
          throw new Error("a TLS failure was retried");
        },
      },
    );
    try {
      const err = await client.listOrganizations().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TlsError);
      expect(err).toBeInstanceOf(NetworkError);
      expect((err as TlsError).code).toBe("E_TLS");
      expect((err as Error).message).toMatch(
        /SELF_SIGNED.*certificate is self-signed and not trusted: set ca_cert_pem .*insecure = true .*lab only/,
      );
      // The handshake failed before anything was sent: a launch is not "outcome unknown".
      await expect(client.launch("5f0000000000000000000a11", {})).rejects.toBeInstanceOf(TlsError);
    } finally {
      await client.close();
    }
  });

  it("refuses a certificate from an unknown CA, pointing at ca_cert_pem", async () => {
    const err = await organizations(caSignedUrl, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TlsError);
    expect((err as Error).message).toMatch(/signed by an unknown CA: set ca_cert_pem to the PEM of the CA/);
  });

  it("refuses a certificate for another host name even when its CA is trusted", async () => {
    const err = await organizations(otherHostUrl, { caCertPem: certs.caPem }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TlsError);
    expect((err as Error).message).toMatch(
      /ERR_TLS_CERT_ALTNAME_INVALID.*for another host name \(IP: 127\.0\.0\.1 is not in the cert's list.*\): use a base_url host name/,
    );
  });

  it("trusts a self-signed certificate given as caCertPem", async () => {
    await expect(organizations(selfSignedUrl, { caCertPem: certs.selfSigned.cert })).resolves.toHaveLength(1);
  });

  it("trusts a certificate signed by the CA given as caCertPem", async () => {
    await expect(organizations(caSignedUrl, { caCertPem: certs.caPem })).resolves.toHaveLength(1);
  });

  it("skips verification with insecure", async () => {
    await expect(organizations(selfSignedUrl, { insecure: true })).resolves.toHaveLength(1);
  });
});
