// `npm run quickstart`, the README's main command, end to end: it must succeed, clean up after itself
// and end by itself (a server or process left running would keep it alive past the timeout).
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const SCRIPT = path.join(__dirname, "../../scripts/quickstart.js");

function quickstartTempDirs(): string[] {
  return fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith("appmgmt-quickstart-"));
}

test("npm run quickstart deploys, updates in place and destroys, then exits 0 leaving nothing behind", async () => {
  const before = new Set(quickstartTempDirs());
  const env = { ...process.env, CHECKPOINT_DISABLE: "1" };
  const child = spawn(process.execPath, [SCRIPT], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (output += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));

  if (code !== 0) throw new Error(`quickstart exited ${code}:\n${output}`);
  expect(output).toMatch(/\[8\/8\] destroy/);
  expect(output).toMatch(/parameters\['input\.app-fork'\] = release-2/);
  expect(output).toMatch(/the service reports instance quickstart-webshop: Destroyed/);
  expect(output).toContain("quickstart finished");
  expect(output).not.toMatch(/demo-refresh-token|demo-password/);
  expect(quickstartTempDirs().filter((d) => !before.has(d))).toEqual([]);
}, 240_000);
