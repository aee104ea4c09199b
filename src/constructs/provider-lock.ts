// Why a cdktf deploy went to registry.terraform.io: before `terraform init`, the cdktf CLI looks for
// the stack's .terraform.lock.hcl (cdktf.out/stacks/NAME/); when it is missing or lacks a provider,
// it runs `terraform providers lock -platform=linux_amd64` after init. That command ignores the CLI
// configuration's provider_installation (mirrors) and asks each provider's origin registry, where
// appmgmt is not published, so offline it fails ("could not connect to registry.terraform.io").
//
// The provider artifact is the same bytes on every machine and platform (src/cli/provider-artifact.ts),
// so its lock entry is known when the stack is synthesized: the provider construct writes it into the
// stack's directory. cdktf then finds a complete lock and skips the lock step, and `terraform init`
// still checks the installed provider against the recorded hash.
import * as fs from "node:fs";
import * as path from "node:path";
import type { Construct, IConstruct } from "constructs";
import { lockHash } from "../cli/provider-artifact";
import { PROVIDER_SOURCE, PROVIDER_VERSION } from "../provider/schema";

const LOCK_FILE = ".terraform.lock.hcl";
const HEADER = [
  '# This file is maintained automatically by "terraform init".',
  "# Manual edits may be lost in future updates.",
  "",
].join("\n");

/** The lock entry terraform itself writes for this provider (`version`, `constraints`, `hashes`). */
export function lockEntry(hash: string = lockHash()): string {
  return [
    `provider "${PROVIDER_SOURCE}" {`,
    `  version     = "${PROVIDER_VERSION}"`,
    `  constraints = "${PROVIDER_VERSION}"`,
    "  hashes = [",
    `    "${hash}",`,
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

/** Makes `provider`'s stack write the appmgmt lock entry into its synthesized directory. */
export function writeLockEntryOnSynth<Stack>(provider: Construct, hooks: SynthesisHooks<Stack>): void {
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
