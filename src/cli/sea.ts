// The provider as a Node.js single executable application (SEA): the bundled provider script injected
// into the Node binary of a platform, so terraform runs it where there is no Node (HCP Terraform agents,
// runner images, Windows, where CreateProcess runs only .exe files). Node's documented recipe: a blob made
// by `node --experimental-sea-config` (same Node version as the target binary; no code cache and no
// snapshot, which are what make a blob platform-specific), injected by postject as NODE_SEA_BLOB with
// Node's sentinel fuse flipped. Every step is a pure function of its inputs (the script, the pinned Node
// binaries, postject), so the same inputs give the same bytes: a release can be rebuilt and checked.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { binaryOf, hostNodeBinary, NodeBinaryOptions, POSTJECT, targetNodeBinary } from "./node-binary";
import type { ExecutablePlatform } from "../provider-package/terraform-platform";

/** Node's fuse that tells a binary it carries a blob (the SEA documentation's value). */
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

/**
 * The provider script without the artifact's two-line /bin/sh launcher (scripts/bundle-provider.js): an
 * executable is started directly, and node would run the launcher's lines as a no-op string anyway.
 */
export function providerScript(artifact: Buffer): string {
  const text = artifact.toString("utf8");
  const lines = text.split("\n");
  if (lines[0] !== "#!/bin/sh" || !lines[1].startsWith("':' //;")) {
    throw new Error("the provider artifact does not start with its /bin/sh launcher: run `npm run build`");
  }
  return lines.slice(2).join("\n");
}

/** Runs a program, returning nothing; on failure throws with what it printed. */
function run(what: string, file: string, args: string[], cwd: string): void {
  try {
    execFileSync(file, args, { cwd, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  } catch (e) {
    const out = e as { stdout?: string; stderr?: string };
    throw new Error(
      `${what} failed: ${`${out.stderr ?? ""}${out.stdout ?? ""}`.trim() || (e as Error).message}`,
      {
        cause: e,
      },
    );
  }
}

/** The injection, in a child node so that postject's memory (a few copies of the binary) and warnings stay there. */
const INJECT = `const [api, file, blob, fuse] = process.argv.slice(1);
require(api).inject(file, "NODE_SEA_BLOB", require("node:fs").readFileSync(blob), { sentinelFuse: fuse })
  .catch((e) => { console.error(e.message); process.exit(1); });`;

export interface BuildExecutableOptions extends NodeBinaryOptions {
  /** terraform's name of this machine's platform (where the blob is made). */
  hostPlatform: string;
}

/** The provider executable of `platform` built from the artifact's script: the file's bytes. */
export function buildExecutable(
  platform: ExecutablePlatform,
  artifact: Buffer,
  opts: BuildExecutableOptions,
): Buffer {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-sea-"));
  try {
    fs.writeFileSync(path.join(work, "provider.js"), providerScript(artifact));
    const config = {
      main: "provider.js",
      output: "provider.blob",
      disableExperimentalSEAWarning: true,
      useSnapshot: false,
      useCodeCache: false,
    };
    fs.writeFileSync(path.join(work, "sea-config.json"), JSON.stringify(config));
    const hostNode = hostNodeBinary(opts.hostPlatform, opts);
    run("making the executable's blob", hostNode, ["--experimental-sea-config", "sea-config.json"], work);

    const target = path.join(work, "provider.exe");
    fs.copyFileSync(targetNodeBinary(platform, opts), target);
    fs.chmodSync(target, 0o755);
    const api = binaryOf(POSTJECT, opts);
    run(
      `injecting the blob into the ${platform} binary (postject)`,
      process.execPath,
      ["-e", INJECT, api, target, path.join(work, "provider.blob"), SEA_FUSE],
      work,
    );
    return fs.readFileSync(target);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
