// The provider artifact: one JavaScript file bundled at build time (scripts/bundle-provider.js) and
// copied unchanged by `appmgmt install-provider` and `appmgmt package`, so its bytes, and the hashes
// terraform records in .terraform.lock.hcl, are the same on every machine and for every platform.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { PROVIDER_VERSION } from "../provider/schema";

/** Where the build writes the artifact: dist/ at the package root (same depth from src/ and lib/). */
export const ARTIFACT_PATH = path.resolve(__dirname, "..", "..", "dist", "terraform-provider-appmgmt.js");

/** The executable's name inside a platform directory or a release zip. */
export const EXECUTABLE_NAME = `terraform-provider-appmgmt_v${PROVIDER_VERSION}`;

/** The registry hosts terraform (registry.terraform.io) and OpenTofu (registry.opentofu.org) default to. */
export const REGISTRY_HOSTS = ["registry.terraform.io", "registry.opentofu.org"] as const;

/**
 * The platforms a release carries. linux and windows get a single executable (src/cli/sea.ts); macOS gets
 * the script, run through node: Apple Silicon runs a modified binary only once it is signed again (ad hoc
 * at least), and no tool here signs Mach-O files (docs in README "Provider executables").
 */
export const RELEASE_PLATFORMS = [
  "linux_amd64",
  "linux_arm64",
  "windows_amd64",
  "darwin_amd64",
  "darwin_arm64",
] as const;

/** The platforms the script serves (every one with a /bin/sh): what `--script` packs and installs. */
export const SCRIPT_PLATFORMS = ["linux_amd64", "linux_arm64", "darwin_amd64", "darwin_arm64"] as const;

/** The executable's file name for `platform`: Windows runs only files named .exe. */
export function executableFileName(platform: string): string {
  return platform.startsWith("windows_") ? `${EXECUTABLE_NAME}.exe` : EXECUTABLE_NAME;
}

/** The artifact's bytes; a clear error when the package was not built. */
export function readArtifact(): Buffer {
  try {
    return fs.readFileSync(ARTIFACT_PATH);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    throw new Error(
      `the provider artifact ${ARTIFACT_PATH} is missing: run \`npm run build\` in the package ` +
        "(npm runs it on install from git and before publishing)",
    );
  }
}

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();

/**
 * terraform's `h1:` hash of a provider package directory (Go's dirhash Hash1: sha256 over the lines
 * `hex(sha256(file))  name\n` of its files sorted by name, "/"-separated, base64).
 */
export function packageHash(files: { name: string; data: Buffer }[]): string {
  const lines = [...files]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((f) => `${sha256(f.data).toString("hex")}  ${f.name}\n`)
    .join("");
  return `h1:${sha256(lines).toString("base64")}`;
}

/**
 * The `h1:` hash of a package holding only `artifact` as `fileName`. For the script it is the same on
 * every platform it serves, unpacked or zipped; an executable has its own.
 */
export function lockHash(artifact: Buffer = readArtifact(), fileName: string = EXECUTABLE_NAME): string {
  return packageHash([{ name: fileName, data: artifact }]);
}
