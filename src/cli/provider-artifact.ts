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

/** The platforms a release carries: terraform runs the script through node on each of them. */
export const RELEASE_PLATFORMS = ["linux_amd64", "linux_arm64", "darwin_amd64", "darwin_arm64"] as const;

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
 * terraform's `h1:` hash of a provider directory holding only the artifact (Go's dirhash: sha256 over
 * the lines `hex(sha256(file))  name\n`, base64). It is the same for every platform, unpacked or zipped.
 */
export function lockHash(artifact: Buffer = readArtifact()): string {
  const line = `${sha256(artifact).toString("hex")}  ${EXECUTABLE_NAME}\n`;
  return `h1:${sha256(line).toString("base64")}`;
}
