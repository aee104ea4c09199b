// What `appmgmt install-provider` put where this machine's terraform looks, as the `h1:` hashes of
// .terraform.lock.hcl. AppMgmtProvider records them in a cdktf stack's lock entry at synth
// (src/constructs/provider-lock.ts): the package installed for this platform may be the executable or
// the script, and `terraform init` accepts only a package whose hash the lock lists.
//
// Where terraform looks: the filesystem mirrors of the CLI configuration (TF_CLI_CONFIG_FILE, else
// ~/.terraformrc or %APPDATA%\terraform.rc) and the implied local mirror install-provider writes by
// default. Only the unpacked layout is read (what install-provider writes); a packed mirror's zips are
// the release's, whose hashes a registry or `terraform providers lock` gives.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PROVIDER_SOURCE, PROVIDER_VERSION } from "../provider/schema";
import { impliedMirrorDir } from "./terraform-platform";
import { packageHash } from "./provider-artifact";

/** The CLI configuration file terraform reads, when there is one. */
function cliConfigFile(env: NodeJS.ProcessEnv): string | undefined {
  if (env.TF_CLI_CONFIG_FILE) return env.TF_CLI_CONFIG_FILE;
  if (process.platform === "win32") return env.APPDATA && path.join(env.APPDATA, "terraform.rc");
  return path.join(env.HOME || os.homedir(), ".terraformrc");
}

/**
 * The `path` of each `filesystem_mirror` block in a CLI configuration's text. A regular expression, not
 * an HCL parser: it reads the blocks as install-provider prints them and as the documentation writes
 * them (a quoted string on its own line); a path built from an expression is not seen.
 */
export function filesystemMirrorPaths(cliConfig: string): string[] {
  const blocks = cliConfig.matchAll(/filesystem_mirror\s*\{([^}]*)\}/g);
  return [...blocks].flatMap(([, body]) => {
    const quoted = /\bpath\s*=\s*("(?:[^"\\]|\\.)*")/.exec(body)?.[1];
    if (!quoted) return [];
    try {
      return [JSON.parse(quoted) as string];
    } catch {
      return []; // an HCL escape JSON does not know: not a path install-provider printed
    }
  });
}

/** The mirror directories this machine's terraform may take appmgmt from. */
export function mirrorDirs(env: NodeJS.ProcessEnv = process.env): string[] {
  const file = cliConfigFile(env);
  const configured = file && fs.existsSync(file) ? filesystemMirrorPaths(fs.readFileSync(file, "utf8")) : [];
  return [...new Set([...configured, impliedMirrorDir(env)].map((d) => path.resolve(d)))];
}

/** Every file under `dir`, relative with "/" separators (as terraform names them in the hash). */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .map((f) => f.split(path.sep).join("/"));
}

// An executable is 120 MB: hashed once per process for each (path, size, mtime), however many stacks.
const hashed = new Map<string, string>();

function hashOfPackage(dir: string): string | undefined {
  const files = filesUnder(dir);
  if (files.length === 0) return undefined;
  const key = files
    .map((f) => {
      const stat = fs.statSync(path.join(dir, f));
      return `${path.join(dir, f)}:${stat.size}:${stat.mtimeMs}`;
    })
    .join("\n");
  let hash = hashed.get(key);
  if (!hash) {
    hash = packageHash(files.map((name) => ({ name, data: fs.readFileSync(path.join(dir, name)) })));
    hashed.set(key, hash);
  }
  return hash;
}

/** The `h1:` hashes of the appmgmt packages installed for `platform` in `dirs`, without repeats. */
export function installedPackageHashes(platform: string, dirs: string[] = mirrorDirs()): string[] {
  const hashes = dirs.flatMap((dir) => {
    const packageDir = path.join(dir, ...PROVIDER_SOURCE.split("/"), PROVIDER_VERSION, platform);
    const hash = fs.existsSync(packageDir) ? hashOfPackage(packageDir) : undefined;
    return hash ? [hash] : [];
  });
  return [...new Set(hashes)];
}
