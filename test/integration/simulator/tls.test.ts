// The simulator over HTTPS: startSimulator's tls option and `appmgmt sim --tls-cert F --tls-key F`, reached by
// the client with ca_cert_pem.
import * as fs from "node:fs";
import * as path from "node:path";
import { AppMgmtClient, TlsError, type LogEvent } from "../../../src/client";
import { main } from "../../../src/cli/main";
import { DEMO, startSimulator } from "../../../src/simulator";
import { makeCertificates, type TestCertificates } from "../../helpers/certificates";
import { startSimProcess } from "../../helpers/sim-process";

let certs: TestCertificates;
beforeAll(() => (certs = makeCertificates()));
afterAll(() => certs.remove());

async function organizations(
  baseUrl: string,
  caCertPem?: string,
  extraCaCertFile?: string,
  log?: (e: LogEvent) => void,
) {
  const client = new AppMgmtClient({
    baseUrl,
    email: DEMO.email,
    password: DEMO.password,
    maxRetries: 0,
    caCertPem,
    extraCaCertFile,
    log,
  });
  try {
    return await client.listOrganizations();
  } finally {
    await client.close();
  }
}

it("startSimulator({ tls }) serves HTTPS that a client trusting the CA can use", async () => {
  const svc = await startSimulator({ tls: certs.server });
  try {
    expect(svc.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(await organizations(svc.url, certs.caPem)).toEqual([
      { id: DEMO.organizationId, name: "Demo Org" },
    ]);
    await expect(organizations(svc.url)).rejects.toBeInstanceOf(TlsError);
  } finally {
    await svc.close();
  }
});

it("extraCaCertFile trusts the CA besides the system's, and caCertPem replaces both", async () => {
  const svc = await startSimulator({ tls: certs.server });
  const otherCa = makeCertificates();
  const caFile = path.join(otherCa.dir, "extra-ca.pem");
  fs.writeFileSync(caFile, certs.caPem);
  try {
    expect(await organizations(svc.url, undefined, caFile)).toHaveLength(1);
    await expect(organizations(svc.url, otherCa.caPem, caFile)).rejects.toBeInstanceOf(TlsError);
  } finally {
    otherCa.remove();
    await svc.close();
  }
});

it("an extraCaCertFile that can't be read is skipped with a warning naming it, as node does", async () => {
  const svc = await startSimulator({ tls: certs.server });
  const events: LogEvent[] = [];
  const missing = path.join(certs.dir, "no-such-ca.pem");
  try {
    await expect(organizations(svc.url, undefined, missing, (e) => events.push(e))).rejects.toBeInstanceOf(
      TlsError,
    );
    const warnings = events.filter((e) => e.level === "warn").map((e) => e.message);
    expect(warnings).toEqual([expect.stringContaining(`ignoring the extra CA certificates of ${missing}`)]);
  } finally {
    await svc.close();
  }
});

it("appmgmt sim --tls-cert F --tls-key F serves HTTPS and says so on its listening line", async () => {
  const proc = await startSimProcess([
    "--tls-cert",
    certs.server.certFile,
    "--tls-key",
    certs.server.keyFile,
  ]);
  try {
    expect(proc.firstLine).toMatch(/^appmgmt simulator listening on https:\/\/127\.0\.0\.1:\d+$/);
    expect(await organizations(proc.url, certs.caPem)).toHaveLength(1);
  } finally {
    await proc.stop();
  }
});

describe("appmgmt sim TLS flag errors", () => {
  let errors: string[];
  let spy: jest.SpyInstance;
  beforeEach(() => {
    errors = [];
    spy = jest.spyOn(console, "error").mockImplementation((...a: unknown[]) => void errors.push(a.join(" ")));
  });
  afterEach(() => spy.mockRestore());

  it("wants --tls-cert and --tls-key together", async () => {
    expect(await main(["sim", "--tls-cert", certs.server.certFile])).toBe(2);
    expect(errors.join("\n")).toMatch(/--tls-cert and --tls-key go together/);
  });

  it("names a missing file", async () => {
    expect(
      await main(["sim", "--tls-cert", "/nonexistent/cert.pem", "--tls-key", certs.server.keyFile]),
    ).toBe(2);
    expect(errors.join("\n")).toMatch(/--tls-cert \/nonexistent\/cert\.pem: ENOENT/);
  });

  it("refuses a key that is not PEM, saying what to give", async () => {
    expect(await main(["sim", "--tls-cert", certs.server.certFile, "--tls-key", certs.server.certFile])).toBe(
      1,
    );
    expect(errors.join("\n")).toMatch(
      /TLS certificate or key not usable .*give a PEM certificate and its matching/,
    );
  });
});
