// Applications created through the API and their manifest uploads (docs/service-api.md, "Applications and
// manifests"): checked, then kept in the simulator's state beside the seed so they survive a restart.
import { ManifestError, parseManifest, type Manifest } from "../manifest";
import type { Catalog, CatalogApplication } from "./catalog";
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
 * numbers included) and its submodules' applications looked up; earlier versions stay launchable.
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
  const unknown = Object.values(manifest.submodules).filter(
    (c) => !c.applicationId || catalog.applications.get(c.applicationId)?.organization !== app.organization,
  );
  if (unknown.length > 0)
    throw new ServiceError(
      400,
      unknown.map(
        (c) =>
          `incorrect manifest: component ${c.name}: __locator.application-id ${JSON.stringify(c.applicationId ?? null)} ` +
          `is not an application of organization ${app.organization}; use the id of one of its applications`,
      ),
    );
  const disagreements = hierarchyProblems(manifest, (id) => {
    const referenced = catalog.applications.get(id);
    return referenced?.parsed.get(referenced.latestVersion);
  });
  if (disagreements.length > 0)
    throw new ServiceError(
      400,
      disagreements.map((p) => `incorrect manifest: ${p}`),
    );
  const upload = { application: app.id, version: app.latestVersion + 1, text };
  state.manifests.push(upload);
  catalog.addManifest(upload);
  return { version: upload.version };
}
