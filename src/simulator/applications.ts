// Applications created through the API and their manifest uploads (docs/service-api.md, "Applications and
// manifests"): checked, then kept in the simulator's state beside the seed so they survive a restart.
import { ManifestError, parseManifest, type Manifest } from "../manifest";
import { resolveLocator } from "../rules";
import { withLocators, type Catalog, type CatalogApplication, type UploadedManifest } from "./catalog";
import { RequestReader } from "./request-reader";
import { hierarchyProblems } from "./hierarchy";
import { ServiceError } from "./service-error";
import type { SimState } from "./state";

/** A new application without a manifest (launches are refused until one is uploaded), with the id given. */
export function newApplication(
  catalog: Catalog,
  state: SimState,
  organization: string,
  body: unknown,
  id: string,
): { id: string } {
  const reader = new RequestReader();
  const b = reader.object(body, "body", ["name"]);
  if (!b) throw new ServiceError(400, reader.errors);
  if (typeof b.name !== "string" || b.name.trim() === "")
    throw new ServiceError(400, ['name is required: send {"name": "<application name>"}']);
  // Names may repeat, as instance names do (ours: the documentation does not say); ids tell them apart.
  const created = { id, organization, name: b.name };
  state.applications.push(created);
  catalog.addApplication(created);
  return { id };
}

/**
 * A new manifest version from its YAML text, checked by the project's parser (400 with its message, line
 * numbers included) and its submodules' applications looked up, by id or by name (resolved now, in the
 * application's organization, and kept with the version); earlier versions stay launchable.
 */
export function newManifestVersion(
  catalog: Catalog,
  state: SimState,
  app: CatalogApplication,
  text: string,
): { version: number } {
  let manifest: Manifest;
  try {
    manifest = parseManifest(text);
  } catch (e) {
    if (e instanceof ManifestError) throw new ServiceError(400, [`incorrect manifest: ${e.message}`]);
    throw e;
  }
  const organizationApps = catalog.applicationsOf(app.organization);
  const locators: Record<string, string> = {};
  const unresolved: string[] = [];
  for (const c of Object.values(manifest.submodules)) {
    const resolved = resolveLocator(c.applicationId, organizationApps, app.organization);
    if ("problem" in resolved)
      unresolved.push(`incorrect manifest: component ${c.name}: ${resolved.problem}`);
    else if (resolved.byName) locators[c.name] = resolved.id;
  }
  if (unresolved.length > 0) throw new ServiceError(400, unresolved);
  const disagreements = hierarchyProblems(withLocators(manifest, locators), (id) => {
    const referenced = catalog.applications.get(id);
    return referenced?.parsed.get(referenced.latestVersion);
  });
  if (disagreements.length > 0)
    throw new ServiceError(
      400,
      disagreements.map((p) => `incorrect manifest: ${p}`),
    );
  const upload: UploadedManifest = { application: app.id, version: app.latestVersion + 1, text };
  if (Object.keys(locators).length > 0) upload.locators = locators;
  state.manifests.push(upload);
  catalog.addManifest(upload);
  return { version: upload.version };
}
