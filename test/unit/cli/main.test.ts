// The `appmgmt` dispatcher: --version, and --help on every subcommand of the table (a subcommand added
// later is covered by being in the table); the installed bin runs from the built lib/ and dist/.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { main, SUBCOMMANDS } from "../../../src/cli/main";
import { captureConsole } from "../../helpers/console";

const ROOT = path.join(__dirname, "..", "..", "..");
const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  version: string;
};

async function captured(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureConsole();
  try {
    const code = await main(argv);
    return { code, out: io.out(), err: io.err() };
  } finally {
    io.restore();
  }
}

describe("appmgmt", () => {
  test.each(["--version", "-v"])("%s prints the package version", async (flag) => {
    expect(await captured([flag])).toEqual({ code: 0, out: version, err: "" });
  });

  test("--help lists every subcommand and --version", async () => {
    const { code, out } = await captured(["--help"]);
    expect(code).toBe(0);
    expect(out).toContain("--version");
    const lines = out.split("\n").map((line) => line.trim().split(/\s{2,}/));
    for (const c of SUBCOMMANDS) expect(lines).toContainEqual([c.name, c.summary]);
  });

  test.each(SUBCOMMANDS.map((c) => c.name))(
    "%s --help prints its usage and does nothing else",
    async (name) => {
      for (const flag of ["--help", "-h"]) {
        const { code, out, err } = await captured([name, flag]);
        expect(err).toBe("");
        expect(code).toBe(0);
        expect(out).toMatch(new RegExp(`^Usage: appmgmt ${name}\\b`));
      }
    },
  );

  test("the package's bin runs after the build (lib/ and the provider artifact in dist/)", () => {
    const bin = path.join(ROOT, "bin", "appmgmt.js");
    const run = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: "utf8" });
    expect(run(["--version"]).stdout.trim()).toBe(version);
    expect(run(["package", "--help"]).stdout).toContain("Usage: appmgmt package --out DIR");
    const artifact = fs.readFileSync(path.join(ROOT, "dist", "terraform-provider-appmgmt.js"), "utf8");
    // The launcher runs the code-cache loader on the file; the bundle is a function expression its last line calls.
    expect(artifact).toMatch(
      /^#!\/bin\/sh\n.*exec node -e '[^'\n]+' "\$0" "\$@"\n;\(function \(exports, require, module, __filename, __dirname\) \{\n"use strict";/,
    );
    expect(artifact.endsWith("\n})(exports, require, module, __filename, __dirname);")).toBe(true);
  });

  test("the provider artifact's launcher keeps NODE_EXTRA_CA_CERTS from node's start", () => {
    // node 20 loads that file at start and warns when it can't; the launcher hands it to the client instead.
    const artifact = path.join(ROOT, "dist", "terraform-provider-appmgmt.js");
    const run = spawnSync(artifact, ["schema"], {
      encoding: "utf8",
      env: { ...process.env, NODE_EXTRA_CA_CERTS: "/nonexistent/extra-ca.pem" },
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toHaveProperty("provider_schemas");
  });
});
