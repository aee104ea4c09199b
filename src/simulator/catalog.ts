// Read-only lookups over validated seed data: organizations, environments, applications with their parsed
// manifests, revisions and users.
import { parseManifest, withSubmoduleHierarchies } from "../manifest";
import type { Manifest } from "../manifest";
import type {
  SeedApplication,
  SeedData,
  SeedEnvironment,
  SeedOrganization,
  SeedRevision,
  SeedUser,
} from "./seed";

/** An application created through the API (seed applications live in `seed`). */
export interface CreatedApplication {
  id: string;
  organization: string;
  name: string;
}

/** A manifest uploaded through the API: a new version of a seed or created application. */
export interface UploadedManifest {
  application: string;
  version: number;
  text: string;
  /** The application ids of the submodules referenced by name, by component path, as resolved on upload. */
  locators?: Record<string, string>;
}

export interface CatalogApplication extends SeedApplication {
  organization: string;
  /** Parsed manifests by version. */
  parsed: Map<number, Manifest>;
  latestVersion: number;
}

export class Catalog {
  readonly organizations = new Map<string, SeedOrganization>();
  readonly environments = new Map<string, SeedEnvironment & { organization: string }>();
  readonly applications = new Map<string, CatalogApplication>();
  readonly revisions = new Map<string, SeedRevision & { application: string }>();
  private readonly usersByEmail = new Map<string, SeedUser>();
  private readonly usersByRefreshToken = new Map<string, SeedUser>();

  /**
   * The seed's catalog, then what the API added to it (`created` applications, `uploaded` manifest versions),
   * which the simulator's state keeps beside the seed so that both survive a restart.
   */
  constructor(seed: SeedData, created: CreatedApplication[] = [], uploaded: UploadedManifest[] = []) {
    for (const org of seed.organizations) {
      this.organizations.set(org.id, org);
      for (const env of org.environments) this.environments.set(env.id, { ...env, organization: org.id });
      for (const app of org.applications) {
        const parsed = new Map<number, Manifest>();
        for (const [version, text] of Object.entries(app.manifests))
          parsed.set(Number(version), withOwnKeysOnly(parseManifest(text)));
        this.applications.set(app.id, {
          ...app,
          manifests: { ...app.manifests },
          organization: org.id,
          parsed,
          latestVersion: Math.max(...parsed.keys()),
        });
        for (const rev of app.revisions ?? []) this.revisions.set(rev.id, { ...rev, application: app.id });
      }
    }
    for (const app of created) this.addApplication(app);
    for (const m of uploaded) this.addManifest(m);
    for (const user of seed.users) {
      this.usersByEmail.set(user.email, user);
      for (const token of user.refreshTokens) this.usersByRefreshToken.set(token, user);
    }
  }

  /** An application created through the API: no manifest (latestVersion 0) until one is uploaded. */
  addApplication(app: CreatedApplication): CatalogApplication {
    const entry: CatalogApplication = {
      id: app.id,
      name: app.name,
      manifests: {},
      revisions: [],
      organization: app.organization,
      parsed: new Map(),
      latestVersion: 0,
    };
    this.applications.set(app.id, entry);
    return entry;
  }

  /** A manifest version uploaded through the API (already parsed and checked once, on upload). */
  addManifest(upload: UploadedManifest): void {
    const app = this.applications.get(upload.application);
    if (!app) return;
    app.manifests[String(upload.version)] = upload.text;
    app.parsed.set(
      upload.version,
      withOwnKeysOnly(withLocators(parseManifest(upload.text), upload.locators)),
    );
    app.latestVersion = Math.max(app.latestVersion, upload.version);
  }

  /**
   * Version `version` of the application's manifest with its whole hierarchy: a submodule whose components the
   * manifest does not restate gets them from its application's latest manifest (the service's own form).
   */
  manifestOf(app: CatalogApplication, version: number): Manifest | undefined {
    const manifest = app.parsed.get(version);
    if (!manifest) return undefined;
    return withOwnKeysOnly(
      withSubmoduleHierarchies(manifest, (s) => {
        const own = s.applicationId === undefined ? undefined : this.applications.get(s.applicationId);
        return own?.parsed.get(own.latestVersion);
      }),
    );
  }

  /** The organization's applications: the seed's, then those created through the API. */
  applicationsOf(organization: string): CatalogApplication[] {
    return [...this.applications.values()].filter((a) => a.organization === organization);
  }

  userByEmail(email: string): SeedUser | undefined {
    return this.usersByEmail.get(email);
  }

  userByRefreshToken(token: string): SeedUser | undefined {
    return this.usersByRefreshToken.get(token);
  }

  defaultEnvironment(organization: string): string {
    const org = this.organizations.get(organization);
    const env = org?.environments.find((e) => e.default) ?? org?.environments[0];
    if (!env) throw new Error(`organization ${organization} has no environment`);
    return env.id;
  }
}

/** The manifest with the submodules referenced by name given the ids they resolved to (`locators`, by path). */
export function withLocators(manifest: Manifest, locators: Record<string, string> = {}): Manifest {
  if (Object.keys(locators).length === 0) return manifest;
  const submodules = Object.entries(manifest.submodules).map(([name, s]) => [
    name,
    Object.hasOwn(locators, name) ? { ...s, applicationId: locators[name] } : s,
  ]);
  return { ...manifest, submodules: Object.fromEntries(submodules) as Manifest["submodules"] };
}

/**
 * The manifest with its records rebuilt without a prototype, so that a request naming a submodule or parameter
 * `constructor`, `toString` or `__proto__` finds nothing (as for any unknown name) instead of an
 * Object.prototype member, wherever the simulator (or the rules it calls) looks a name up.
 */
function withOwnKeysOnly(manifest: Manifest): Manifest {
  const submodules = Object.entries(manifest.submodules).map(([name, s]) => [
    name,
    { ...s, parameters: ownKeysOnly(s.parameters) },
  ]);
  return {
    ...manifest,
    parameters: ownKeysOnly(manifest.parameters),
    submodules: ownKeysOnly(Object.fromEntries(submodules) as Manifest["submodules"]),
  };
}

function ownKeysOnly<T>(record: Record<string, T>): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, record);
}
