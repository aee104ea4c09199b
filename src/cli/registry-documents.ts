// The provider registry protocol's documents for a release, as files: any static HTTPS server (an object
// store, nginx) serving the directory is then a private registry that terraform and OpenTofu install
// from, with the signature check. terraform reads https://HOST/.well-known/terraform.json (service
// discovery), then under its `providers.v1` URL `NAMESPACE/TYPE/versions` and
// `NAMESPACE/TYPE/VERSION/download/OS/ARCH`; the download document names the zip, its SHA256, the
// SHA256SUMS file, its signature and the public key. The versions list keeps the versions already in the
// directory, so each release adds itself to the same registry.
import * as fs from "node:fs";
import * as path from "node:path";
import { PROVIDER_SOURCE, PROVIDER_VERSION } from "../provider/schema";
import type { SigningKey } from "./release-signing";

const [, NAMESPACE, TYPE] = PROVIDER_SOURCE.split("/");

/** Where the provider's documents and release files live, under the served directory. */
export const PROVIDERS_PATH = "v1/providers/";

interface VersionEntry {
  version: string;
  protocols: string[];
  platforms: { os: string; arch: string }[];
}

/** Checks `--base-url`: https, a host, no path (discovery is at the host's root); returns it without "/". */
export function checkBaseUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(
      `--base-url ${JSON.stringify(value)} is not a URL: use https://HOST[:PORT], where DIR is served`,
    );
  }
  if (
    url.protocol !== "https:" ||
    (url.pathname !== "/" && url.pathname !== "") ||
    url.search ||
    url.hash ||
    url.username
  ) {
    throw new Error(
      `--base-url ${JSON.stringify(value)}: use https://HOST[:PORT] with no path, the root at which DIR is served ` +
        "(terraform asks only https, and only https://HOST/.well-known/terraform.json)",
    );
  }
  return url;
}

/** The `source` a configuration writes for the provider in the registry at `baseUrl`. */
export function registrySource(baseUrl: URL): string {
  return `${baseUrl.host}/${NAMESPACE}/${TYPE}`;
}

export interface RegistryRelease {
  /** The served directory. */
  dir: string;
  baseUrl: URL;
  /** The release files' names (in `releaseDir(dir)`). */
  sumsName: string;
  signatureName: string;
  platforms: { platform: string; zipName: string; sha256: string }[];
  protocols: string[];
  key: SigningKey;
}

/** The folder of this version's release files under the served directory. */
export function releaseDir(dir: string): string {
  return path.join(dir, ...PROVIDERS_PATH.split("/"), NAMESPACE, TYPE, PROVIDER_VERSION);
}

function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Writes discovery, the versions list (merged with the one there) and one download document per platform. */
export function writeRegistryDocuments(release: RegistryRelease): string[] {
  const base = release.baseUrl.origin;
  const providerDir = path.join(release.dir, ...PROVIDERS_PATH.split("/"), NAMESPACE, TYPE);
  const fileUrl = (name: string) =>
    `${base}/${PROVIDERS_PATH}${NAMESPACE}/${TYPE}/${PROVIDER_VERSION}/${encodeURIComponent(name)}`;
  const written: string[] = [];
  const write = (file: string, value: unknown) => {
    writeJson(file, value);
    written.push(file);
  };

  write(path.join(release.dir, ".well-known", "terraform.json"), {
    "providers.v1": `${base}/${PROVIDERS_PATH}`,
  });

  const versionsFile = path.join(providerDir, "versions");
  let versions: VersionEntry[] = [];
  if (fs.existsSync(versionsFile)) {
    versions = (JSON.parse(fs.readFileSync(versionsFile, "utf8")) as { versions: VersionEntry[] }).versions;
  }
  const platforms = release.platforms.map(({ platform }) => {
    const [os, arch] = platform.split("_");
    return { os, arch };
  });
  versions = versions.filter((v) => v.version !== PROVIDER_VERSION);
  versions.push({ version: PROVIDER_VERSION, protocols: release.protocols, platforms });
  write(versionsFile, { versions });

  for (const p of release.platforms) {
    const [os, arch] = p.platform.split("_");
    write(path.join(providerDir, PROVIDER_VERSION, "download", os, arch), {
      protocols: release.protocols,
      os,
      arch,
      filename: p.zipName,
      download_url: fileUrl(p.zipName),
      shasums_url: fileUrl(release.sumsName),
      shasums_signature_url: fileUrl(release.signatureName),
      shasum: p.sha256,
      signing_keys: {
        gpg_public_keys: [
          {
            key_id: release.key.keyId,
            ascii_armor: release.key.asciiArmor,
            trust_signature: "",
            source: "",
            source_url: null,
          },
        ],
      },
    });
  }
  return written;
}
