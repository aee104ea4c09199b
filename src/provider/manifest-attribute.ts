// The `manifest` attribute of any resource (appmgmt_instance, appmgmt_application): YAML text parsed with the
// project's parser, its problems reported on the attribute with the parser's own messages (line numbers
// included), so a bad manifest fails the plan the same way wherever it is written.

import type { Diagnostics } from "../terraform-model";
import type { Manifest } from "../manifest";
import { attrPath } from "./values";
import { manifestModule } from "./instance/manifest-module";

/** The parsed manifest, or undefined with an error added on `manifest`. */
export function parseManifestAttribute(text: string, out: Diagnostics): Manifest | undefined {
  const { parseManifest, ManifestError } = manifestModule();
  try {
    return parseManifest(text);
  } catch (e) {
    if (!(e instanceof ManifestError)) throw e;
    out.addError(attrPath("manifest"), "Invalid application manifest", e.message);
    return undefined;
  }
}
