// `appmgmt package --out DIR`: the registry release layout of the provider (what `terraform providers
// mirror` would write, and what a registry or an HTTP network mirror serves): a zip per platform holding
// the provider (a single executable for linux and windows, src/cli/sea.ts; the script elsewhere), the
// SHA256SUMS file, its GPG signature when a key is given (src/cli/release-signing.ts), the manifest naming
// plugin protocol 6.0, and with --registry-out the provider registry protocol's documents
// (src/cli/registry-documents.ts). The zips are deterministic (fixed time stamp and mode, fixed
// compression level, reproducible executables), so a release rebuilt from the same source has the same
// checksums. The files also work as a packed filesystem mirror when DIR is
// MIRROR/registry.terraform.io/appmgmt/appmgmt (terraform ignores the other files there).
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { zipSync } from "fflate";
import { PROVIDER_VERSION } from "../provider/schema";
import { defaultCacheDir, hostPlatform, NodeBinaryOptions, SEA_NODE_VERSION } from "./node-binary";
import {
  executableFileName,
  EXECUTABLE_NAME,
  readArtifact,
  RELEASE_PLATFORMS,
  SCRIPT_PLATFORMS,
} from "../provider-package/provider-artifact";
import { isExecutablePlatform } from "../provider-package/terraform-platform";
import { checkBaseUrl, registrySource, releaseDir, writeRegistryDocuments } from "./registry-documents";
import { writeAllOrNothing } from "./output-folder";
import { checkSigningKey, signRelease, UNSIGNED_NOTE } from "./release-signing";
import { cachedBuild, builtExecutablePath } from "./built-executables";
import { buildExecutable } from "./sea";

export const PREFIX = `terraform-provider-appmgmt_${PROVIDER_VERSION}`;

export const MANIFEST = { version: 1, metadata: { protocol_versions: ["6.0"] } };

/** Local-time components, because fflate writes the DOS time stamp from local time: same bytes in every zone. */
const ZIP_TIME = new Date(2000, 0, 1, 0, 0, 0);
/** Unix "regular file, rwxr-xr-x" in the high half of the external attributes (made by Unix, os 3). */
const EXECUTABLE_ATTRS = (0o100755 << 16) >>> 0;

/**
 * The release zip for one platform: the provider file, executable, under its versioned name. Level 9
 * for the script (small); level 6 for an executable, about half the time of level 9 for a zip hardly larger
 * (ARCHITECTURE.md §8, "Measured costs behind the code").
 */
export function releaseZip(artifact: Buffer, fileName: string = EXECUTABLE_NAME): Uint8Array {
  const level = artifact.length < 16 * 1024 * 1024 ? 9 : 6;
  return zipSync({ [fileName]: [artifact, { level, mtime: ZIP_TIME, os: 3, attrs: EXECUTABLE_ATTRS }] });
}

/** What one platform's zip holds: the script's bytes, or an executable in the cache of built executables. */
export type PlatformProvider = {
  platform: string;
  /** The file's name in the zip (with .exe on Windows). */
  fileName: string;
} & ({ kind: "script"; bytes: Buffer } | { kind: "executable"; cached: string });

export interface ReleaseOptions extends NodeBinaryOptions {
  /** terraform `<os>_<arch>` names; default RELEASE_PLATFORMS (SCRIPT_PLATFORMS with `script`). */
  platforms?: readonly string[];
  /** The script for every platform (no executables): small, and needs Node where terraform runs. */
  script?: boolean;
}

/** Checks `--platform` values for a release; throws naming the flag and the accepted values. */
export function checkReleasePlatforms(platforms: readonly string[], script = false): void {
  const accepted: readonly string[] = script ? SCRIPT_PLATFORMS : RELEASE_PLATFORMS;
  for (const p of platforms) {
    if (!accepted.includes(p)) {
      throw new Error(
        `--platform ${JSON.stringify(p)} is not a release platform${script ? " of the script" : ""}: use ` +
          `one of ${accepted.join(", ")}${script && p.startsWith("windows_") ? " (Windows runs only the executable: drop --script)" : ""}`,
      );
    }
  }
}

/**
 * The provider file of `platform`: its executable where there is one (built now, or taken from the cache of
 * built executables when an install or release on this machine built it from the same inputs), else the script.
 */
export function platformProvider(
  platform: string,
  artifact: Buffer,
  opts: ReleaseOptions & { log?: (m: string) => void } = {},
): PlatformProvider {
  if (!opts.script && isExecutablePlatform(platform)) {
    const cached = builtExecutablePath(platform, artifact, opts.cacheDir);
    const { reused } = cachedBuild(cached, () => {
      opts.log?.(`building the ${platform} executable`);
      return buildExecutable(platform, artifact, { ...opts, hostPlatform: hostPlatform() });
    });
    if (reused) opts.log?.(`the ${platform} executable was built before: taken from ${cached}`);
    return { platform, fileName: executableFileName(platform), kind: "executable", cached };
  }
  return { platform, fileName: EXECUTABLE_NAME, kind: "script", bytes: artifact };
}

export interface ReleaseFile {
  name: string;
  path: string;
  sha256: string;
}

export interface Release {
  dir: string;
  /** Every file written, the SHA256SUMS file last. */
  files: ReleaseFile[];
  /** One entry per platform: its zip and what the zip holds. */
  platforms: { platform: string; zip: ReleaseFile; kind: PlatformProvider["kind"]; fileName: string }[];
  sums: ReleaseFile;
}

const sha256Hex = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");

/**
 * The release zip of an executable, kept in the cache beside the executable under a name of what makes it
 * (the executable, its name in the zip, this file's recipe, fflate's version): deflating 120 MB takes about
 * 10 s of CPU, and a later release of the same executable (on a CI runner keeping the cache) takes the zip.
 */
function executableZip({ fileName, cached }: { fileName: string; cached: string }): Uint8Array {
  const recipe = createHash("sha256")
    .update(`${fileName}\0${require("fflate/package.json").version}\0`)
    .update(fs.readFileSync(__filename))
    .digest("hex");
  const file = `${cached}-${recipe.slice(0, 16)}.zip`;
  cachedBuild(file, () => Buffer.from(releaseZip(fs.readFileSync(cached), fileName)));
  return fs.readFileSync(file);
}

/** Writes the release files into `outDir`. */
export function writeRelease(
  outDir: string,
  opts: ReleaseOptions & { log?: (m: string) => void } = {},
): Release {
  const dir = path.resolve(outDir);
  const platforms = opts.platforms?.length
    ? opts.platforms
    : opts.script
      ? SCRIPT_PLATFORMS
      : RELEASE_PLATFORMS;
  checkReleasePlatforms(platforms, opts.script);
  fs.mkdirSync(dir, { recursive: true });
  const artifact = readArtifact();
  const write = (name: string, data: Uint8Array | string): ReleaseFile => {
    fs.writeFileSync(path.join(dir, name), data);
    return { name, path: path.join(dir, name), sha256: sha256Hex(data) };
  };
  let scriptZip: Uint8Array | undefined; // the same bytes for every platform the script serves
  const zips = platforms.map((platform) => {
    const provider = platformProvider(platform, artifact, opts);
    const zip = provider.kind === "script" ? (scriptZip ??= releaseZip(artifact)) : executableZip(provider);
    const file = write(`${PREFIX}_${platform}.zip`, zip);
    return { platform, zip: file, kind: provider.kind, fileName: provider.fileName };
  });
  const files = [
    ...zips.map((z) => z.zip),
    write(`${PREFIX}_manifest.json`, `${JSON.stringify(MANIFEST, null, 2)}\n`),
  ];
  const sums = write(`${PREFIX}_SHA256SUMS`, files.map((f) => `${f.sha256}  ${f.name}\n`).join(""));
  files.push(sums);
  return { dir, files, platforms: zips, sums };
}

const USAGE = `Usage: appmgmt package --out DIR [--platform OS_ARCH ...] [--gpg-key KEY] [--script]
       appmgmt package --registry-out DIR --base-url URL --gpg-key KEY [--platform OS_ARCH ...]

Writes the provider's registry release files:
  ${PREFIX}_OS_ARCH.zip   for ${RELEASE_PLATFORMS.join(", ")}
  ${PREFIX}_SHA256SUMS
  ${PREFIX}_SHA256SUMS.sig and ${PREFIX}_signing-key.asc  (with --gpg-key)
  ${PREFIX}_manifest.json  (plugin protocol 6.0)

linux and windows zips hold a single executable (Node.js ${SEA_NODE_VERSION} inside: terraform needs no Node);
the darwin zips hold the script, which terraform runs with the node on its PATH. The Node binaries come
from the npm registry's node-<os>-<arch> packages, fetched once into ${defaultCacheDir()}
(APPMGMT_CACHE_DIR), where the executables built and their zips are kept too (about 160 MB a platform;
delete them freely). The same inputs give the same bytes, so a later release or install-provider of the
same provider takes them from there.

With DIR = MIRROR/registry.terraform.io/appmgmt/appmgmt, MIRROR is a packed filesystem mirror:
\`terraform providers lock -fs-mirror=MIRROR -platform=...\` and a CLI configuration with
filesystem_mirror { path = "MIRROR" } use it offline.

With --registry-out DIR, DIR is a private provider registry for any static HTTPS server serving it at URL:
.well-known/terraform.json, the versions list (versions already in DIR are kept) and a download document
per platform, the release files beside them. A configuration then writes source = "HOST[:PORT]/appmgmt/appmgmt".
A registry needs the signature: --registry-out requires --gpg-key.

Options:
  --out DIR            directory to write the release files into (created if missing)
  --registry-out DIR   write a static provider registry into DIR (instead of --out)
  --base-url URL       https://HOST[:PORT] at which DIR is served (with --registry-out)
  --platform OS_ARCH   only this platform (repeatable), e.g. linux_amd64
  --gpg-key KEY        sign SHA256SUMS with this GnuPG key: a key id, fingerprint or user id in your
                       keyring, or the file of an armoured secret key without a passphrase
  --script             the script for every platform but windows (small; needs Node where terraform runs)
  -h, --help           show this help`;

interface PackageFlags {
  out?: string;
  "registry-out"?: string;
  "base-url"?: string;
  platform?: string[];
  "gpg-key"?: string;
  script?: boolean;
  help?: boolean;
}

/** The `appmgmt package` subcommand; resolves to the process exit code. */
export async function packageCommand(args: string[]): Promise<number> {
  let flags: ReturnType<typeof packageFlags>;
  try {
    flags = packageFlags(args);
  } catch (e) {
    console.error(`package: ${(e as Error).message}; see appmgmt package --help`);
    return 2;
  }
  if (flags === "help") {
    console.log(USAGE);
    return 0;
  }
  const { values, baseUrl } = flags;
  const registryOut = values["registry-out"];
  const key = values["gpg-key"];
  // Before the build (40 s for the executables): an unknown key fails at once.
  if (key !== undefined) checkSigningKey(key);
  const outDir = registryOut !== undefined ? releaseDir(path.resolve(registryOut)) : (values.out as string);
  const log = (m: string) => console.error(m);
  return writeAllOrNothing(registryOut ?? outDir, () => {
    const release = writeRelease(outDir, { platforms: values.platform, script: values.script, log });
    for (const file of release.files) console.log(`${file.sha256}  ${file.path}`);
    if (key === undefined) {
      console.error(`package: ${UNSIGNED_NOTE}`);
      return 0;
    }
    const signature = signRelease(release.sums.path, key, `${PREFIX}_signing-key.asc`);
    console.log(`signed ${signature.signatureFile} with key ${signature.keyId}`);
    console.log(`public key ${signature.publicKeyFile}`);
    if (registryOut !== undefined && baseUrl !== undefined)
      writeRegistry(path.resolve(registryOut), baseUrl, release, signature);
    return 0;
  });
}

/** The flags, checked against each other (throws the first problem), or "help". */
function packageFlags(args: string[]): "help" | { values: PackageFlags; baseUrl?: URL } {
  const values: PackageFlags = parseArgs({
    args,
    options: {
      out: { type: "string" },
      "registry-out": { type: "string" },
      "base-url": { type: "string" },
      platform: { type: "string", multiple: true },
      "gpg-key": { type: "string" },
      script: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  }).values;
  if (values.help) return "help";
  let baseUrl: URL | undefined;
  const registryOut = values["registry-out"];
  if (values.out === undefined && registryOut === undefined)
    throw new Error("--out DIR is required, e.g. appmgmt package --out ./release");
  if (values.out !== undefined && registryOut !== undefined)
    throw new Error(
      "give --out or --registry-out, not both: --registry-out writes the release files into its registry",
    );
  if (registryOut !== undefined) {
    if (values["base-url"] === undefined)
      throw new Error("--registry-out needs --base-url https://HOST[:PORT], where DIR will be served");
    if (values["gpg-key"] === undefined)
      throw new Error(
        "--registry-out needs --gpg-key KEY: terraform installs from a registry only a signed release",
      );
    baseUrl = checkBaseUrl(values["base-url"]);
  } else if (values["base-url"] !== undefined) {
    throw new Error("--base-url goes with --registry-out DIR; drop it or add --registry-out");
  }
  checkReleasePlatforms(values.platform ?? [], values.script);
  return { values, baseUrl };
}

/** Writes the registry's documents for a signed release into `dir` and says where to serve it. */
function writeRegistry(
  dir: string,
  baseUrl: URL,
  release: ReturnType<typeof writeRelease>,
  signature: ReturnType<typeof signRelease>,
): void {
  const written = writeRegistryDocuments({
    dir,
    baseUrl,
    sumsName: release.sums.name,
    signatureName: path.basename(signature.signatureFile),
    platforms: release.platforms.map((p) => ({
      platform: p.platform,
      zipName: p.zip.name,
      sha256: p.zip.sha256,
    })),
    protocols: MANIFEST.metadata.protocol_versions,
    key: signature,
  });
  written.forEach((file) => console.log(`registry ${file}`));
  console.log(
    `\nServe ${dir} at ${baseUrl.origin}/ over HTTPS; configurations then write\n` +
      `  source = "${registrySource(baseUrl)}"`,
  );
}
