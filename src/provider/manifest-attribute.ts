// The `manifest` attribute of any resource (appmgmt_instance, appmgmt_application): YAML text parsed with the
// project's parser, its problems reported on the attribute with the parser's own messages (line numbers
// included), so a bad manifest fails the plan the same way wherever it is written.

import type { Diagnostics } from "../terraform-model";
import type { Manifest } from "../manifest";
import type { ManifestParse } from "../manifest";
import { attrPath } from "./values";
import { manifestModule } from "../rules";

/** The text parsed, or the parser's message: one parse per distinct text per process. */
export const manifestParse = (text: string): ManifestParse => manifestModule().tryParseManifest(text);

/**
 * The parse's error, if any, as an error on `manifest`; what only a YAML 1.1 reader accepts (the service's
 * clients, whose leniency it keeps) as a warning naming the lines.
 */
export function addManifestError(parse: ManifestParse, out: Diagnostics): Manifest | undefined {
  if ("manifest" in parse) {
    const leniencies = parse.manifest.leniencies ?? [];
    if (leniencies.length > 0)
      out.addWarning(
        attrPath("manifest"),
        "Manifest YAML accepted as YAML 1.1 reads it",
        leniencies.map((l) => `line ${l.line}: ${l.message}`).join("\n"),
      );
    return parse.manifest;
  }
  out.addError(attrPath("manifest"), "Invalid application manifest", parse.error);
  return undefined;
}

/** The parsed manifest, or undefined with an error added on `manifest`. */
export function parseManifestAttribute(text: string, out: Diagnostics): Manifest | undefined {
  return addManifestError(manifestParse(text), out);
}
