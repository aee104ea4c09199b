// The package as a user gets it: the tarball `npm pack` makes of this checkout (after `npm run build`; packing
// runs no script), installed into a project of its own, or unpacked to read what it ships. Pack once per test
// file, in beforeAll.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.join(__dirname, "..", "..");

/** Packs the checkout into `dest`; resolves the tarball's path. */
export function packPackage(dest: string): string {
  const packed = spawnSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", dest], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (packed.status !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
  return path.join(dest, (JSON.parse(packed.stdout) as { filename: string }[])[0].filename);
}

/** The npm cache of this machine, for installs whose HOME is a temp directory. */
export function npmCache(): string {
  const out = spawnSync("npm", ["config", "get", "cache"], { encoding: "utf8" });
  const dir = out.stdout?.trim();
  if (out.status !== 0 || !dir) throw new Error(`npm config get cache failed: ${out.stderr}`);
  return dir;
}

/** The examples/ folder the tarball ships, unpacked under `dest`. */
export function packedExamples(tarball: string, dest: string): string {
  const run = spawnSync("tar", ["-xzf", tarball, "-C", dest, "package/examples"], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`tar -xzf ${tarball} failed:\n${run.stderr}`);
  return path.join(dest, "package", "examples");
}

/**
 * A project at `dir` that installed the tarball and `deps` from the registry (this machine's npm cache first),
 * with the package's examples/ copied to `dir`/examples, as a user copying them has. Resolves that folder.
 */
export function projectWithExamples(dir: string, tarball: string, deps: string[]): string {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "package.json"), `${JSON.stringify({ private: true }, null, 2)}\n`);
  const args = ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball, ...deps];
  // None of the npm settings of a jest run under `npm test`: the project's own install, as a user runs it.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("npm_")));
  const run = spawnSync("npm", args, {
    cwd: dir,
    encoding: "utf8",
    env: { ...env, npm_config_cache: npmCache(), npm_config_update_notifier: "false" },
  });
  if (run.status !== 0) throw new Error(`npm ${args.join(" ")} failed:\n${run.stdout}\n${run.stderr}`);
  const examples = path.join(dir, "examples");
  fs.cpSync(path.join(dir, "node_modules", "cdktf-provider-appmgmt", "examples"), examples, {
    recursive: true,
  });
  return examples;
}
