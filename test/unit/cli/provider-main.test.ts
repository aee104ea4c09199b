// The provider executable's arguments (parsed with node:util parseArgs): `schema`, `--debug`, nothing
// else. Run in a child process from the build (`npm run build`), as terraform runs it.
import { spawnSync } from "node:child_process";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const PROVIDER_MAIN = path.join(ROOT, "lib", "cli", "provider-main.js");

const run = (args: string[]) => spawnSync(process.execPath, [PROVIDER_MAIN, ...args], { encoding: "utf8" });

describe("terraform-provider-appmgmt arguments", () => {
  test("schema prints the schema document", () => {
    const r = run(["schema"]);
    expect(r.status).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout).provider_schemas)).toHaveLength(1);
  });

  test.each([[["serve"]], [["schema", "extra"]]])("refuses the positional arguments %j", (args) => {
    const r = run(args);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/unexpected arguments .*: use `schema` or --debug/);
  });

  test("refuses an unknown option, naming it", () => {
    const r = run(["--verbose"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/--verbose/);
  });
});
