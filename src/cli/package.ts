// `appmgmt package --out DIR`: the registry release layout of the provider (what `terraform providers
// mirror` would write, and what a registry or an HTTP network mirror serves): a zip per platform holding
// the artifact, the SHA256SUMS file and the manifest naming plugin protocol 6.0. The zips are
// deterministic (fixed time stamp and mode, fixed compression level), so a release rebuilt from the
// same source has the same checksums. The files also work as a packed filesystem mirror when DIR is
// MIRROR/registry.terraform.io/appmgmt/appmgmt (terraform ignores the other files there).
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { zipSync } from "fflate";
import { PROVIDER_VERSION } from "../provider/schema";
import { EXECUTABLE_NAME, readArtifact, RELEASE_PLATFORMS } from "./provider-artifact";

const PREFIX = `terraform-provider-appmgmt_${PROVIDER_VERSION}`;

export const MANIFEST = { version: 1, metadata: { protocol_versions: ["6.0"] } };

/** Local-time components, because fflate writes the DOS time stamp from local time: same bytes in every zone. */
const ZIP_TIME = new Date(2000, 0, 1, 0, 0, 0);
/** Unix "regular file, rwxr-xr-x" in the high half of the external attributes (made by Unix, os 3). */
const EXECUTABLE_ATTRS = (0o100755 << 16) >>> 0;

/** The release zip for one platform: the artifact, executable, under its versioned name. */
export function releaseZip(artifact: Buffer): Uint8Array {
  return zipSync({
    [EXECUTABLE_NAME]: [artifact, { level: 9, mtime: ZIP_TIME, os: 3, attrs: EXECUTABLE_ATTRS }],
  });
}

export interface ReleaseFile {
  name: string;
  path: string;
  sha256: string;
}

/** Writes the release files into `outDir`; returns them, the SHA256SUMS file last. */
export function writeRelease(outDir: string): ReleaseFile[] {
  const dir = path.resolve(outDir);
  fs.mkdirSync(dir, { recursive: true });
  const artifact = readArtifact();
  const zip = releaseZip(artifact); // same bytes for every platform: the artifact is a node script
  const contents: [string, Uint8Array | string][] = [
    ...RELEASE_PLATFORMS.map((p): [string, Uint8Array] => [`${PREFIX}_${p}.zip`, zip]),
    [`${PREFIX}_manifest.json`, `${JSON.stringify(MANIFEST, null, 2)}\n`],
  ];
  const files = contents.map(([name, data]) => {
    fs.writeFileSync(path.join(dir, name), data);
    return { name, path: path.join(dir, name), sha256: createHash("sha256").update(data).digest("hex") };
  });
  const sums = files.map((f) => `${f.sha256}  ${f.name}\n`).join("");
  const sumsName = `${PREFIX}_SHA256SUMS`;
  fs.writeFileSync(path.join(dir, sumsName), sums);
  files.push({
    name: sumsName,
    path: path.join(dir, sumsName),
    sha256: createHash("sha256").update(sums).digest("hex"),
  });
  return files;
}

const USAGE = `Usage: appmgmt package --out DIR

Writes the provider's registry release files into DIR:
  ${PREFIX}_OS_ARCH.zip   for ${RELEASE_PLATFORMS.join(", ")}
  ${PREFIX}_SHA256SUMS
  ${PREFIX}_manifest.json  (plugin protocol 6.0)

The zips are deterministic. With DIR = MIRROR/registry.terraform.io/appmgmt/appmgmt, MIRROR is a packed
filesystem mirror: \`terraform providers lock -fs-mirror=MIRROR -platform=...\` and a CLI configuration
with filesystem_mirror { path = "MIRROR" } use it offline.

Options:
  --out DIR    directory to write into (created if missing)
  -h, --help   show this help`;

/** The `appmgmt package` subcommand; resolves to the process exit code. */
export async function packageCommand(args: string[]): Promise<number> {
  let values: { out?: string; help?: boolean };
  try {
    values = parseArgs({
      args,
      options: { out: { type: "string" }, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    console.error(`package: ${(e as Error).message}; see appmgmt package --help`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.out === undefined) {
    console.error("package: --out DIR is required, e.g. appmgmt package --out ./release");
    return 2;
  }
  for (const file of writeRelease(values.out)) console.log(`${file.sha256}  ${file.path}`);
  return 0;
}
