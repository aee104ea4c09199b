import { X509Certificate } from "node:crypto";
import { createServerCertificate } from "../../../src/protocol/certificate";
import { createLogger, levelFromEnv } from "../../../src/terraform-model";
import {
  MAGIC_COOKIE_KEY,
  MAGIC_COOKIE_VALUE,
  checkPluginEnvironment,
  handshakeLine,
  reattachInstructions,
} from "../../../src/protocol/plugin";

describe("go-plugin environment", () => {
  const cookie = { [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE };

  it("explains itself when run by hand", () => {
    const text = checkPluginEnvironment({ [MAGIC_COOKIE_KEY]: "wrong" });
    expect(text).toMatch(/plugin for Terraform/);
    expect(text).toMatch(/not meant to be run directly/);
    expect(text).toMatch(/--debug/);
    expect(checkPluginEnvironment({})).toBe(text);
  });

  it("accepts protocol 6 offered in either order, or no list at all", () => {
    expect(checkPluginEnvironment({ ...cookie, PLUGIN_PROTOCOL_VERSIONS: "5,6" })).toBeUndefined();
    expect(checkPluginEnvironment({ ...cookie, PLUGIN_PROTOCOL_VERSIONS: "6,5" })).toBeUndefined();
    expect(checkPluginEnvironment({ ...cookie })).toBeUndefined();
  });

  it("refuses when protocol 6 is not offered", () => {
    expect(checkPluginEnvironment({ ...cookie, PLUGIN_PROTOCOL_VERSIONS: "4,5" })).toMatch(
      /protocol 6.*offered only 4,5/,
    );
  });

  it("writes the handshake line with the certificate in unpadded standard base64", () => {
    const der = Buffer.from([0xfb, 0xff, 0x01, 0x02]); // base64 "+/8BAg==" has both special characters and padding
    expect(handshakeLine("/tmp/plugin1", der)).toBe("1|6|unix|/tmp/plugin1|grpc|+/8BAg\n");
    expect(handshakeLine("/tmp/plugin1")).toBe("1|6|unix|/tmp/plugin1|grpc|\n");
  });

  it("prints TF_REATTACH_PROVIDERS for debug mode", () => {
    const text = reattachInstructions("/tmp/plugin2", 1234);
    const json = /TF_REATTACH_PROVIDERS='(.*)'/.exec(text)![1];
    expect(JSON.parse(json)).toEqual({
      "registry.terraform.io/appmgmt/appmgmt": {
        Protocol: "grpc",
        ProtocolVersion: 6,
        Pid: 1234,
        Test: true,
        Addr: { Network: "unix", String: "/tmp/plugin2" },
      },
    });
  });
});

describe("server certificate", () => {
  it("is a valid self-signed ECDSA P-256 certificate for localhost", () => {
    const c = createServerCertificate(new Date("2026-01-01T00:00:00Z"));
    const x = new X509Certificate(c.certDer);
    expect(x.checkHost("localhost")).toBe("localhost");
    expect(x.subjectAltName).toBe("DNS:localhost");
    expect(x.verify(x.publicKey)).toBe(true);
    expect(x.publicKey.asymmetricKeyDetails).toEqual({ namedCurve: "prime256v1" });
    expect(x.ca).toBe(true);
    expect(new Date(x.validFrom).getTime()).toBeLessThan(Date.parse("2026-01-01T00:00:00Z"));
    expect(new X509Certificate(c.certPem).fingerprint256).toBe(x.fingerprint256);
    expect(createServerCertificate().certDer.equals(c.certDer)).toBe(false);
  });
});

describe("logger", () => {
  it("writes hclog JSON lines at or above the level, with microsecond timestamps", () => {
    const lines: string[] = [];
    const log = createLogger({ level: "info", write: (l) => lines.push(l) }).named("grpc");
    log.debug("hidden");
    log.warn("careful", { rpc: "ReadResource", error: new Error("boom") });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]);
    expect(entry).toMatchObject({
      "@level": "warn",
      "@message": "careful",
      "@module": "provider.grpc",
      rpc: "ReadResource",
      error: "boom",
    });
    expect(entry["@timestamp"]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
  });

  it("takes the level from TF_LOG_PROVIDER, then TF_LOG", () => {
    expect(levelFromEnv({ TF_LOG: "DEBUG" })).toBe("debug");
    expect(levelFromEnv({ TF_LOG: "DEBUG", TF_LOG_PROVIDER: "error" })).toBe("error");
    expect(levelFromEnv({ TF_LOG: "JSON" })).toBe("trace");
    expect(levelFromEnv({})).toBe("warn");
  });
});
