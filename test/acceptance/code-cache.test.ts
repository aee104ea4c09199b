// The built provider artifact (dist/, `npm run build`) with its code cache (src/provider-package/code-cache.ts),
// started as terraform starts it, up to its handshake: the first process writes the cache at its exit, the
// next takes it and writes nothing, a corrupt cache is written again, and node can still run the file itself.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ARTIFACT_PATH } from "../../src/provider-package/provider-artifact";
import { createServerCertificate } from "../../src/protocol/certificate";
import { MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE } from "../../src/protocol/go-plugin";

describe("the provider artifact's code cache", () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "artifact-code-cache-"));
    env = {
      PATH: process.env.PATH,
      HOME: dir,
      APPMGMT_CACHE_DIR: path.join(dir, "cache"),
      [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE,
      PLUGIN_PROTOCOL_VERSIONS: "6",
      PLUGIN_CLIENT_CERT: createServerCertificate().certPem,
    };
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Starts the artifact as terraform does; resolves its handshake line once it has exited after SIGTERM. */
  const handshake = () =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(ARTIFACT_PATH, [], { env, stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      let err = "";
      child.stdout.setEncoding("utf8").on("data", (d: string) => {
        out += d;
        if (out.includes("\n")) child.kill("SIGTERM");
      });
      child.stderr.setEncoding("utf8").on("data", (d: string) => (err += d));
      child.on("error", reject);
      child.on("exit", (code) =>
        code === 0 && out.includes("\n") ? resolve(out) : reject(new Error(`exit ${code}: ${out}${err}`)),
      );
    });
  const cacheFiles = () => fs.readdirSync(path.join(dir, "cache", "code-cache"));
  const cacheFile = () => path.join(dir, "cache", "code-cache", cacheFiles()[0]);

  test("the first process writes the cache, the next takes it, a corrupt one is written again", async () => {
    expect(await handshake()).toMatch(/^1\|6\|unix\|/);
    expect(cacheFiles()).toEqual([expect.stringMatching(/^[0-9a-f]{16}-node.*\.bin$/)]);
    const written = fs.statSync(cacheFile());

    expect(await handshake()).toMatch(/^1\|6\|unix\|/);
    expect(fs.statSync(cacheFile()).ino).toBe(written.ino); // taken, not written again

    const bytes = fs.readFileSync(cacheFile());
    bytes[bytes.length - 100] ^= 0xff;
    fs.writeFileSync(cacheFile(), bytes);
    const corrupt = fs.statSync(cacheFile());
    expect(await handshake()).toMatch(/^1\|6\|unix\|/);
    expect(fs.statSync(cacheFile()).ino).not.toBe(corrupt.ino);
    expect(fs.readFileSync(cacheFile()).equals(bytes)).toBe(false);
  });

  test("node runs the file itself too (no launcher, no cache)", async () => {
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [ARTIFACT_PATH, "schema"], {
        env,
        stdio: ["ignore", "pipe", "inherit"],
      });
      let text = "";
      child.stdout.setEncoding("utf8").on("data", (d: string) => (text += d));
      child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`exit ${code}`))));
    });
    expect(JSON.parse(out).provider_schemas).toHaveProperty(["registry.terraform.io/appmgmt/appmgmt"]);
  });
});
