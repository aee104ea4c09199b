// A manifest's text with its submodules' defaults restated (issue 39 item 1): `withSubmoduleManifests` knows the
// submodules' own manifests at synth, and writes each free parameter's default into the submodule component's
// `configuration` (`input.engine: postgres-15`), the place a manifest sets a component's values. The plan and
// `appmgmt review` read them there (ManifestSubmodule parameters' `default`), so a reconfigure that leaves such a
// value out is judged against its default instead of being a possible reset. Only top-level submodules: a nested
// one's defaults belong to its parent's application.

import { isMap, parseDocument } from "yaml";

/** `text` with `defaults` (submodule name → parameter → default) set in each named component's configuration. */
export function withRestatedDefaults(text: string, defaults: Record<string, Record<string, string>>): string {
  const doc = parseDocument(text);
  let changed = false;
  for (const [name, values] of Object.entries(defaults)) {
    const component = doc.getIn(["application", "components", name]);
    if (!isMap(component)) continue;
    for (const [parameter, value] of Object.entries(values)) {
      // a value the parent already sets stays the parent's
      if (doc.hasIn(["application", "components", name, "configuration", parameter])) continue;
      doc.setIn(["application", "components", name, "configuration", parameter], value);
      changed = true;
    }
  }
  // flow collections as people write them (`[app, db]`): the rest of the text stays as it was
  return changed ? doc.toString({ flowCollectionPadding: false }) : text;
}
