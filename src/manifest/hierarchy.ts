// Nested hierarchies as the service's users write them: a `reference.Submodule` names its application, and that
// application's own manifest declares its components; the parent does not restate them. Given the submodules' own
// manifests, the hierarchy is grafted into the parent's view (path keys `db/replica`, bindings from the child's pins),
// the same view a manifest restating its submodules' components gives, so the rules and the simulator read both.
import type { Binding, Manifest, ManifestSubmodule } from "./types";
import { keyedRecord } from "./yaml-reader";

/** How deep hierarchies go before a reference cycle (an application naming itself) is assumed. */
const MAX_DEPTH = 16;

/**
 * `manifest` with the hierarchy below each submodule that restates no children taken from `ownManifest` (the
 * manifest of the submodule's application, undefined when not known); those submodules are marked `resolved`.
 */
export function withSubmoduleHierarchies(
  manifest: Manifest,
  ownManifest: (submodule: ManifestSubmodule) => Manifest | undefined,
): Manifest {
  const submodules = keyedRecord<ManifestSubmodule>();
  const bindings: Binding[] = [...manifest.bindings];
  const visit = (submodule: ManifestSubmodule, restated: ManifestSubmodule[], depth: number) => {
    const children = restated.filter((s) => s.parent === submodule.name);
    const own = children.length === 0 && depth < MAX_DEPTH ? ownManifest(submodule) : undefined;
    if (!own) {
      submodules[submodule.name] = submodule;
      for (const child of children) visit(child, restated, depth + 1);
      return;
    }
    const parameters = Object.assign(
      keyedRecord<ManifestSubmodule["parameters"][string]>(),
      submodule.parameters,
    );
    for (const name of Object.keys(own.parameters)) if (!parameters[name]) parameters[name] = { name };
    submodules[submodule.name] = { ...submodule, parameters, resolved: true };
    const grafted = Object.values(own.submodules).map((s) => graft(s, submodule.name));
    for (const b of own.bindings)
      bindings.push({
        mainParameter: b.mainParameter,
        from: b.from === undefined ? submodule.name : `${submodule.name}/${b.from}`,
        submodule: `${submodule.name}/${b.submodule}`,
        submoduleParameter: b.submoduleParameter,
      });
    for (const child of grafted.filter((s) => s.parent === submodule.name)) visit(child, grafted, depth + 1);
  };
  const all = Object.values(manifest.submodules);
  for (const top of all.filter((s) => s.parent === undefined)) visit(top, all, 0);
  return { ...manifest, submodules, bindings };
}

/** A submodule of a child's manifest, keyed under the child `under` (its bound parameters say by whom, there). */
function graft(s: ManifestSubmodule, under: string): ManifestSubmodule {
  const parameters = keyedRecord<ManifestSubmodule["parameters"][string]>();
  for (const [name, p] of Object.entries(s.parameters)) {
    const entry: ManifestSubmodule["parameters"][string] = { name: p.name };
    if (p.boundBy !== undefined) {
      entry.boundBy = p.boundBy;
      entry.boundIn = p.boundIn === undefined ? under : `${under}/${p.boundIn}`;
    }
    parameters[name] = entry;
  }
  const grafted: ManifestSubmodule = {
    name: `${under}/${s.name}`,
    parent: s.parent === undefined ? under : `${under}/${s.parent}`,
    parameters,
  };
  if (s.applicationId !== undefined) grafted.applicationId = s.applicationId;
  return grafted;
}
