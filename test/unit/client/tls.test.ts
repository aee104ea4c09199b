import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import * as https from "node:https";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { AppMgmtClient, NetworkError } from "../../../src/client";

// A self-signed certificate for 127.0.0.1, made with openssl for this run.
let dir: string;
let cert: string;
let server: https.Server;
let url: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "appmgmt-tls-"));
  const [keyFile, certFile] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "1",
    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", keyFile, "-out", certFile,
  ], { stdio: "ignore" }); // prettier-ignore
  cert = await fs.readFile(certFile, "utf8");
  server = https.createServer({ key: await fs.readFile(keyFile), cert }, (_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify([{ id: "5f0000000000000000000a01", name: "Demo" }]));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await fs.rm(dir, { recursive: true, force: true });
});

async function organizations(opts: { caCertPem?: string; insecure?: boolean }) {
  const client = new AppMgmtClient({ baseUrl: url, maxRetries: 0, ...opts });
  try {
    return await client.listOrganizations();
  } finally {
    await client.close();
  }
}

describe("TLS options", () => {
  it("refuses an untrusted certificate by default, without retrying, pointing at ca_cert_pem", async () => {
    const client = new AppMgmtClient(
      { baseUrl: url },
      {
        sleep: async () => {
          throw new Error("a TLS failure was retried");
        },
      },
    );
    try {
      const err = await client.listOrganizations().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NetworkError);
      expect((err as Error).message).toMatch(/SELF_SIGNED.*check ca_cert_pem/);
      // The handshake failed before anything was sent: a launch is not "outcome unknown".
      await expect(client.launch("5f0000000000000000000a11", {})).rejects.toBeInstanceOf(NetworkError);
    } finally {
      await client.close();
    }
  });

  it("trusts the certificate given as caCertPem", async () => {
    await expect(organizations({ caCertPem: cert })).resolves.toHaveLength(1);
  });

  it("skips verification with insecure", async () => {
    await expect(organizations({ insecure: true })).resolves.toHaveLength(1);
  });
});
