// All or nothing in an output folder: a command that fails half-way (a build, a signature) must not leave
// zips and an unsigned SHA256SUMS that look like a release.
import * as fs from "node:fs";
import * as path from "node:path";

/** Paths under `dir`, relative to it (empty when it does not exist). */
function entries(dir: string): Set<string> {
  if (!fs.existsSync(dir)) return new Set();
  return new Set(fs.readdirSync(dir, { recursive: true, encoding: "utf8" }));
}

/**
 * Runs `write`, which writes into `dir`. If it throws, what it added is removed again (the folder itself when
 * it did not exist before), and the error is rethrown. Files it replaced stay replaced.
 */
export async function writeAllOrNothing<T>(dir: string, write: () => T | Promise<T>): Promise<T> {
  const root = path.resolve(dir);
  const existed = fs.existsSync(root);
  const before = entries(root);
  try {
    return await write();
  } catch (e) {
    if (!existed) fs.rmSync(root, { recursive: true, force: true });
    else {
      // Deepest first, so a new folder goes after what is in it.
      const added = [...entries(root)].filter((p) => !before.has(p)).sort((a, b) => b.length - a.length);
      for (const p of added) fs.rmSync(path.join(root, p), { recursive: true, force: true });
    }
    throw e;
  }
}
