// terraform starts the provider through its /bin/sh launcher, which runs the `node` on terraform's PATH.
// Without one, terraform showed only go-plugin's "Unrecognized remote plugin message: Failed to read any
// lines from plugin's stdout ... not compiled for this architecture"; the launcher now answers with one
// line saying what is missing and how to fix it, which terraform shows as that message.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PROVIDER_HCL, terraformBinary, TerraformWorkspace } from "../helpers/terraform";
import { installTestProvider, type TestProvider } from "../helpers/provider";

/** The terraform binary the tests run, found on this process's PATH (the test fails when it is missing). */
function terraformOnPath(): string {
  const name = terraformBinary();
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`${name} is not on the PATH: install Terraform 1.11 (or set TERRAFORM_BINARY_NAME)`);
}

describe("the provider under terraform without Node.js on the PATH", () => {
  let provider: TestProvider;
  let binDir: string;
  const workspaces: TerraformWorkspace[] = [];

  beforeAll(async () => {
    provider = await installTestProvider();
    // A PATH holding terraform and nothing else: no node, as on a machine where Node.js is not installed.
    binDir = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-no-node-"));
    fs.symlinkSync(terraformOnPath(), path.join(binDir, terraformBinary()));
  });

  afterAll(() => {
    workspaces.forEach((ws) => ws.remove());
    provider?.remove();
    fs.rmSync(binDir, { recursive: true, force: true });
  });

  test("terraform shows that Node.js >= 20.18 is missing and how to fix it", async () => {
    const tf = TerraformWorkspace.create({
      provider,
      env: { PATH: binDir, APPMGMT_BASE_URL: "http://127.0.0.1:9", APPMGMT_REFRESH_TOKEN: "unused" },
    });
    workspaces.push(tf);
    tf.writeMain(`${PROVIDER_HCL}\ndata "appmgmt_organizations" "all" {}\n`);
    await tf.init();
    const run = await tf.run(["plan", "-no-color", "-input=false"]);
    expect(run.code).toBe(1);
    const out = run.stderr.replace(/[│\s]+/g, " ");
    expect(out).toContain("Node.js >= 20.18 is missing");
    expect(out).toContain("install Node.js 20.18 or later");
    expect(out).toContain(`PATH=${binDir}`);
    // go-plugin shows the line in its own wrapper, whose generic guesses (architecture, libraries) follow it.
    expect(out).toContain("Unrecognized remote plugin message: Node.js >= 20.18 is missing");
  });
});
