// Why a cdktf deploy went to registry.terraform.io: before `terraform init`, the cdktf CLI looks for
// the stack's .terraform.lock.hcl (cdktf.out/stacks/NAME/); when it is missing or lacks a provider,
// it runs `terraform providers lock -platform=linux_amd64` after init. That command ignores the CLI
// configuration's provider_installation (mirrors) and asks each provider's origin registry, where
// appmgmt is not published, so offline it fails ("could not connect to registry.terraform.io").
//
// What `appmgmt install-provider` installs is known when the stack is synthesized: the script (the same
// bytes on every machine and platform, src/provider-package/provider-artifact.ts) or this machine's executable, whose
// hash is read from where it was installed (src/provider-package/installed-packages.ts). The provider construct writes
// the entry with those hashes into the stack's directory; cdktf then finds a complete lock and skips the
// lock step, and `terraform init` still checks the installed provider against the recorded hashes.
//
// A stack whose provider comes from a private registry (the `source` prop) gets no entry: its registry
// answers cdktf's lock step (`terraform providers lock -platform=linux_amd64`), which records the
// release's own hashes.
import * as fs from "node:fs";
import * as path from "node:path";
import type { Construct, IConstruct } from "constructs";
import { terraformPlatform } from "../provider-package/terraform-platform";
import { installedPackageHashes, mirrorDirs } from "../provider-package/installed-packages";
import { lockHash } from "../provider-package/provider-artifact";
import { PROVIDER_SOURCE, PROVIDER_VERSION } from "../provider/schema";

const LOCK_FILE = ".terraform.lock.hcl";
const HEADER = [
  '# This file is maintained automatically by "terraform init".',
  "# Manual edits may be lost in future updates.",
  "",
].join("\n");

/**
 * The hashes a stack's lock lists: the script's (what `install-provider --script` and the darwin
 * platforms install) and those of the packages installed for this machine (its executable).
 */
export function lockHashes(env: NodeJS.ProcessEnv = process.env): string[] {
  let platform: string | undefined;
  try {
    platform = terraformPlatform();
  } catch {
    // A machine install-provider has no platform for: nothing installed to read, the script's hash stays.
  }
  const installed = platform ? installedPackageHashes(platform, mirrorDirs(env)) : [];
  return [...new Set([lockHash(), ...installed])].sort();
}

/** The lock entry terraform itself writes for this provider (`version`, `constraints`, `hashes`). */
export function lockEntry(hashes: string[] = lockHashes()): string {
  return [
    `provider "${PROVIDER_SOURCE}" {`,
    `  version     = "${PROVIDER_VERSION}"`,
    `  constraints = "${PROVIDER_VERSION}"`,
    "  hashes = [",
    ...hashes.map((h) => `    "${h}",`),
    "  ]",
    "}",
    "",
  ].join("\n");
}

/** `lockText` (a lock file's content, "" when none) with this provider's entry set to `entry`. */
export function withLockEntry(lockText: string, entry: string = lockEntry()): string {
  const start = lockText.indexOf(`provider "${PROVIDER_SOURCE}" {`);
  if (start < 0) return `${lockText === "" ? HEADER : lockText.replace(/\n*$/, "\n")}\n${entry}`;
  const end = lockText.indexOf("\n}\n", start);
  const after = end < 0 ? "" : lockText.slice(end + "\n}\n".length);
  return `${lockText.slice(0, start)}${entry}${after}`;
}

/** What the lock writer needs from the CDK library (cdktf or cdktn: the same API under two names). */
export interface SynthesisHooks<Stack> {
  /** `TerraformStack.of`. */
  stackOf(construct: IConstruct): Stack;
  /** `addCustomSynthesis` from `<library>/lib/synthesize/synthesizer`. */
  addCustomSynthesis(
    construct: IConstruct,
    synthesis: {
      onSynthesize(session: {
        outdir: string;
        manifest: { forStack(stack: Stack): { workingDirectory: string } };
      }): void;
    },
  ): void;
}

/**
 * The provider's source address from the construct's `source` prop: HOSTNAME/NAMESPACE/appmgmt, or
 * NAMESPACE/appmgmt on registry.terraform.io, as in `required_providers`. The type stays appmgmt: the
 * resources are named appmgmt_*.
 */
export function providerSource(source: string | undefined, constructPath: string): string {
  if (source === undefined) return PROVIDER_SOURCE;
  const parts = source.split("/");
  const full = parts.length === 2 ? ["registry.terraform.io", ...parts] : parts;
  if (full.length !== 3 || full.some((p) => p === "") || full[2] !== "appmgmt") {
    throw new Error(
      `[${constructPath}] source ${JSON.stringify(source)} is not a source address of this provider: ` +
        "use HOSTNAME/NAMESPACE/appmgmt as in required_providers, e.g. registry.example.com/appmgmt/appmgmt " +
        "(the type is appmgmt: the resources are appmgmt_*)",
    );
  }
  return full.join("/");
}

/** The construct prop choosing where terraform takes the provider from (cdktf and cdktn). */
export interface ProviderSourceProps {
  /**
   * The provider's source address in `required_providers`: HOSTNAME/NAMESPACE/appmgmt, e.g.
   * `registry.example.com/appmgmt/appmgmt` for a private registry served from the files of `appmgmt
   * package --registry-out` (README "A private registry"). Default `registry.terraform.io/appmgmt/appmgmt`,
   * the address `appmgmt install-provider` serves from a local mirror.
   */
  readonly source?: string;
}

/** What the provider construct needs of its base class here. */
export interface ProviderWithSource extends Construct {
  readonly terraformProviderSource?: string;
}

/**
 * Points `provider` at `source` (providerSource) and, when that is the address install-provider serves,
 * makes its stack write the appmgmt lock entry into its synthesized directory.
 */
export function setProviderSource<Stack>(
  provider: ProviderWithSource,
  source: string | undefined,
  hooks: SynthesisHooks<Stack>,
): void {
  const address = providerSource(source, provider.node.path);
  // The generated binding fixes the address in its constructor; cdktf reads the field at synth.
  (provider as { terraformProviderSource?: string }).terraformProviderSource = address;
  if (address === PROVIDER_SOURCE) writeLockEntryOnSynth(provider, hooks);
}

/** Makes `provider`'s stack write the appmgmt lock entry into its synthesized directory. */
function writeLockEntryOnSynth<Stack>(provider: Construct, hooks: SynthesisHooks<Stack>): void {
  const stack = hooks.stackOf(provider);
  hooks.addCustomSynthesis(provider, {
    onSynthesize(session) {
      const dir = path.join(session.outdir, session.manifest.forStack(stack).workingDirectory);
      const file = path.join(dir, LOCK_FILE);
      const before = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
      const after = withLockEntry(before);
      if (after === before) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(file, after);
    },
  });
}
