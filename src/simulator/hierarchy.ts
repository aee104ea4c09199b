// The hierarchy a manifest declares against the applications it references (docs/simulator.md, "Nested
// submodules"): a submodule that restates no components gets them from its application's own manifest (the
// service's form); one that restates them (this package's older form) must restate exactly the ones its
// application's manifest declares, with the same applications, so both describe one hierarchy.
import type { Manifest, ManifestSubmodule } from "../manifest";

/**
 * Every disagreement between `manifest`'s submodules and the latest manifests of their applications
 * (`latestOf`, undefined for an application without one, which the locator check reports), with the fix.
 */
export function hierarchyProblems(
  manifest: Manifest,
  latestOf: (applicationId: string) => Manifest | undefined,
): string[] {
  const problems: string[] = [];
  const all = Object.values(manifest.submodules);
  for (const submodule of all) {
    const own = submodule.applicationId === undefined ? undefined : latestOf(submodule.applicationId);
    if (!own) continue;
    const declared = childrenOf(all, submodule.name);
    if (declared.size === 0) continue;
    const expected = childrenOf(Object.values(own.submodules), undefined);
    const app = `application ${submodule.applicationId} of component ${submodule.name}`;
    for (const [name, child] of expected) {
      const here = declared.get(name);
      if (!here)
        problems.push(
          `component ${submodule.name}: ${app} declares component ${name}; declare it under component ` +
            `${submodule.name}'s components too (the launched manifest declares the whole hierarchy)`,
        );
      else if (here.applicationId !== child.applicationId)
        problems.push(
          `component ${here.name}: __locator.application-id ${JSON.stringify(here.applicationId ?? null)}, but ` +
            `${app} declares it with ${JSON.stringify(child.applicationId ?? null)}; use that id`,
        );
    }
    for (const [name, here] of declared)
      if (!expected.has(name))
        problems.push(`component ${here.name}: ${app} declares no component ${name}; remove it`);
  }
  return problems;
}

/** The submodules one level below `parent` (undefined: the top level), by their own component names. */
function childrenOf(
  submodules: ManifestSubmodule[],
  parent: string | undefined,
): Map<string, ManifestSubmodule> {
  return new Map(
    submodules
      .filter((s) => s.parent === parent)
      .map((s) => [parent === undefined ? s.name : s.name.slice(parent.length + 1), s]),
  );
}
