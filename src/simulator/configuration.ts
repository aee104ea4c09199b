// How the service computes an instance's complete configuration from a launch or reconfigure request
// (spec §4.5, §4.6 rules 1–6): defaults of the target manifest version, then the revision's stored values,
// then the explicit values; bound submodule parameters always take their main parameter's value.
import { manifestDefaults } from "../manifest";
import type { Catalog, CatalogApplication } from "./catalog";
import type { SeedRevision } from "./seed";

export interface SubmoduleState {
  manifestVersion: number;
  revision: string | null;
  parameters: Record<string, string>;
}

export interface InstanceConfiguration {
  version: number;
  revision: string | null;
  parameters: Record<string, string>;
  submodules: Record<string, SubmoduleState>;
}

/** A request with its ids already resolved (and checked) against the catalog. */
export interface ConfigurationRequest {
  version?: number;
  revision?: SeedRevision;
  parameters?: Record<string, string>;
  submodules?: Record<
    string,
    { revision?: SeedRevision; manifestVersion?: number; parameters?: Record<string, string> }
  >;
}

/**
 * The configuration an instance of `app` has after the request. `current` is the instance's configuration
 * for a reconfigure (its manifest versions stay unless the request or revision changes them) and undefined
 * for a launch (latest versions).
 */
export function resolveConfiguration(
  catalog: Catalog,
  app: CatalogApplication,
  request: ConfigurationRequest,
  current?: InstanceConfiguration,
): InstanceConfiguration {
  const revision = request.revision;
  const version = request.version ?? revision?.manifestVersion ?? current?.version ?? app.latestVersion;
  const manifest = catalog.manifestOf(app, version);
  if (!manifest) throw new Error(`application ${app.id} has no manifest version ${version}`);

  const parameters = {
    ...manifestDefaults(manifest),
    ...known(revision?.parameters, manifest.parameters),
    ...request.parameters,
  };

  const submodules: Record<string, SubmoduleState> = {};
  // by path key ("db", "db/replica"), parents first, each level from the manifest that declares it
  for (const component of Object.values(manifest.submodules)) {
    const asked = request.submodules?.[component.name];
    const fromRevision = revision?.submodules?.[component.name];
    const subApp = component.applicationId ? catalog.applications.get(component.applicationId) : undefined;
    const subVersion =
      asked?.manifestVersion ??
      asked?.revision?.manifestVersion ??
      fromRevision?.manifestVersion ??
      current?.submodules[component.name]?.manifestVersion ??
      subApp?.latestVersion ??
      1;
    const subManifest = subApp?.parsed.get(subVersion);
    const subDefaults = subManifest ? manifestDefaults(subManifest) : {};
    const values: Record<string, string> = {};
    for (const name of Object.keys(component.parameters)) values[name] = subDefaults[name] ?? "";
    // Later wins: the main revision's stored values, then the submodule revision asked for explicitly (as for
    // subVersion above), then explicit values.
    Object.assign(
      values,
      known(fromRevision?.parameters, component.parameters),
      known(asked?.revision?.parameters, component.parameters),
      asked?.parameters,
    );
    // a binding pin of the main manifest, or of the parent submodule (resolved before its children)
    for (const binding of manifest.bindings)
      if (binding.submodule === component.name)
        values[binding.submoduleParameter] =
          binding.from === undefined
            ? parameters[binding.mainParameter]
            : (submodules[binding.from]?.parameters[binding.mainParameter] ?? "");
    submodules[component.name] = {
      manifestVersion: subVersion,
      revision: asked?.revision?.id ?? current?.submodules[component.name]?.revision ?? null,
      parameters: values,
    };
  }
  return { version, revision: revision?.id ?? current?.revision ?? null, parameters, submodules };
}

/** The entries of stored `values` that the manifest still declares (a revision may predate a version). */
function known(
  values: Record<string, string> | undefined,
  declared: Record<string, unknown>,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(values ?? {})) if (name in declared) result[name] = value;
  return result;
}
