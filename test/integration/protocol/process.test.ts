import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServerCertificate } from "../../../src/protocol/certificate";
import { MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE } from "../../../src/protocol/go-plugin";
import { bundleTestProvider } from "./helpers/bundle";
import { startChild } from "./helpers/child";
import { call, connect } from "./helpers/client";
import { pollUntil } from "../../helpers/wait";

// The provider as terraform runs it: a separate process speaking go-plugin.

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("provider process", () => {
  let dir: string;
  let script: string;
  const terraformCert = createServerCertificate();
  const baseEnv = { PATH: process.env.PATH, HOME: process.env.HOME };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "proto-proc-"));
    script = bundleTestProvider(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("explains itself and exits 1 when run by hand", async () => {
    const p = startChild(script, [], baseEnv);
    await expect(p.firstLine).rejects.toThrow(/no stdout line/);
    expect(await p.exited).toEqual({ code: 1, signal: null });
    expect(p.stderr()).toMatch(/plugin for Terraform/);
  });

  it("refuses a terraform that does not offer protocol 6", async () => {
    const p = startChild(script, [], {
      ...baseEnv,
      [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE,
      PLUGIN_PROTOCOL_VERSIONS: "4,5",
    });
    expect(await p.exited).toEqual({ code: 1, signal: null });
    expect(p.stderr()).toMatch(/protocol 6/);
  });

  it("handshakes with mTLS, serves, ignores SIGINT and exits on Shutdown removing its socket", async () => {
    const socketDir = mkdtempSync(join(dir, "sock-"));
    const p = startChild(script, [], {
      ...baseEnv,
      [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE,
      PLUGIN_PROTOCOL_VERSIONS: "6,5",
      PLUGIN_CLIENT_CERT: terraformCert.certPem,
      PLUGIN_UNIX_SOCKET_DIR: socketDir,
      TF_LOG: "DEBUG",
    });
    const line = await p.firstLine;
    const m = /^1\|6\|unix\|([^|]+)\|grpc\|([A-Za-z0-9+/]+)$/.exec(line);
    expect(m).not.toBeNull();
    const [, socketPath, cert] = m!;
    expect(socketPath.startsWith(socketDir + "/")).toBe(true);
    const clients = connect(socketPath, {
      serverCertDer: Buffer.from(cert, "base64"),
      client: terraformCert,
    });

    const schema = await call(clients.provider, "GetProviderSchema", {});
    expect(Object.keys(schema.resourceSchemas as object)).toEqual(["appmgmt_thing"]);

    p.child.kill("SIGINT");
    await p.waitForStderr(/ignoring SIGINT/);
    const health = await call(clients.health, "Check", {
      service: "plugin",
    });
    expect(health).toEqual({ status: 1 });

    await call(clients.controller, "Shutdown", {});
    expect(await p.exited).toEqual({ code: 0, signal: null });
    clients.close();
    expect(existsSync(socketPath)).toBe(false);
    // stderr carries only hclog JSON lines
    for (const l of p.stderr().trim().split("\n")) expect(JSON.parse(l)).toHaveProperty("@message");
  });

  it("exits once terraform is gone (killed mid-run): it neither lingers nor spins on its broken output", async () => {
    // A terraform stand-in: starts the provider with its output piped to itself, passes on the
    // provider's pid and handshake line, and is then killed, as terraform is by SIGKILL or a crash.
    const parent = join(dir, "parent.js");
    writeFileSync(
      parent,
      `const child = require("node:child_process").spawn(process.execPath, [process.argv[2]], { stdio: ["ignore", "pipe", "pipe"] });
child.stdout.once("data", (d) => process.stdout.write(child.pid + " " + d));
child.stderr.resume();`,
    );
    const socketDir = mkdtempSync(join(dir, "sock-"));
    const p = startChild(parent, [script], {
      ...baseEnv,
      [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE,
      PLUGIN_PROTOCOL_VERSIONS: "6",
      PLUGIN_CLIENT_CERT: terraformCert.certPem,
      PLUGIN_UNIX_SOCKET_DIR: socketDir,
      TF_LOG: "DEBUG",
    });
    const [pidText, line] = (await p.firstLine).split(" ");
    const pid = Number(pidText);
    const [, socketPath, cert] = /^1\|6\|unix\|([^|]+)\|grpc\|([A-Za-z0-9+/]+)$/.exec(line)!;
    const clients = connect(socketPath, {
      serverCertDer: Buffer.from(cert, "base64"),
      client: terraformCert,
    });
    try {
      p.child.kill("SIGKILL");
      await p.exited;
      // The call's debug line now goes to a pipe nobody reads.
      await call(clients.provider, "GetMetadata", {}).catch(() => undefined);
      await pollUntil(
        `provider ${pid} to exit after terraform was killed`,
        () => (isRunning(pid) ? undefined : true),
        {
          timeoutMs: 20_000,
          intervalMs: 100,
        },
      );
      expect(existsSync(socketPath)).toBe(false);
    } finally {
      clients.close();
      if (isRunning(pid)) process.kill(pid, "SIGKILL");
    }
  });

  it("serves in debug mode with reattach instructions until SIGTERM", async () => {
    const p = startChild(script, ["--debug"], baseEnv);
    const text = await p.waitForStdout(/TF_REATTACH_PROVIDERS/);
    const socketPath: string = JSON.parse(/'(.*)'/.exec(text)![1])["registry.terraform.io/appmgmt/appmgmt"]
      .Addr.String;
    const clients = connect(socketPath);
    const res = await call(clients.provider, "GetMetadata", {});
    expect(res.resources).toEqual([{ typeName: "appmgmt_thing" }]);
    clients.close();
    p.child.kill("SIGTERM");
    expect(await p.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(socketPath)).toBe(false);
  });
});
