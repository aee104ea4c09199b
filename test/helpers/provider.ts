// Installs the provider once per test file into a temp filesystem mirror, exactly as `appmgmt
// install-provider --script --dir D` does: the JavaScript file `npm run build` bundles (a copy, 0.1 s,
// where this machine's executable takes about 5 s and 120 MB; provider-executable.test.ts runs terraform
// on that). jest gives each file its own module registry, so the memoised promise below is per file.
// Pass the result to TerraformWorkspace.create; call remove() in afterAll. The cdktf e2e tests point
// TF_CLI_CONFIG_FILE at a file holding `cliConfig`.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { filesystemMirrorCliConfig, installProvider } from "../../src/cli/install-provider";

export interface TestProvider {
  /** Root of the filesystem mirror holding registry.terraform.io/appmgmt/appmgmt/<version>/<os>_<arch>/. */
  mirrorDir: string;
  /** The installed executable. */
  path: string;
  version: string;
  /** CLI configuration (provider_installation) that takes appmgmt from the mirror. */
  cliConfig: string;
  remove(): void;
}

let installed: Promise<TestProvider> | undefined;

export function installTestProvider(): Promise<TestProvider> {
  installed ??= (async () => {
    const mirrorDir = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-mirror-"));
    const { path: file, version } = await installProvider({ dir: mirrorDir, script: true });
    return {
      mirrorDir,
      path: file,
      version,
      cliConfig: filesystemMirrorCliConfig(mirrorDir),
      remove: () => fs.rmSync(mirrorDir, { recursive: true, force: true }),
    };
  })();
  return installed;
}
