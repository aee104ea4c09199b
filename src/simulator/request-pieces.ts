// The pieces of a launch or reconfigure body the simulator checks against its catalog: instance name,
// environment, revisions, manifest versions, and parameters/submodules under the binding rules. Each
// problem goes to the reader's errors, so one 400 names them all.
import { checkInstanceConfig, formatFinding } from "../rules";
import { INSTANCE_NAME_LIMITS } from "../service/limits";
import { NEVER_DESTROY } from "../service/wire";
import type { Catalog, CatalogApplication } from "./catalog";
import type { ConfigurationRequest } from "./configuration";
import type { RequestReader, Body } from "./request-reader";
import type { SeedRevision } from "./seed";
import type { InstanceRecord } from "./state";

const PARAMETERS_SHAPE = 'mapping "<interface>.<pin>" (e.g. "input.db-size") to string values';

export function instanceNameOf(value: unknown, reader: RequestReader): string | undefined {
  if (value === undefined) return undefined;
  const problem =
    typeof value === "string" ? serviceNameProblem(value) : `must be a string, got ${typeof value}`;
  if (problem === undefined) return value as string;
  // The name itself is not echoed: it may be a megabyte long.
  reader.errors.push(`instanceName ${problem}`);
  return undefined;
}

export function launchEnvironment(
  catalog: Catalog,
  app: CatalogApplication,
  envId: string | undefined,
  reader: RequestReader,
): string {
  if (envId === undefined) return catalog.defaultEnvironment(app.organization);
  const env = catalog.environments.get(envId);
  if (!env) reader.errors.push(`environmentId ${envId}: no such environment`);
  else if (env.organization !== app.organization)
    reader.errors.push(
      `environmentId ${envId} belongs to another organization than application ${app.name}; ` +
        `use an environment of organization ${app.organization} or omit it for the default`,
    );
  return envId;
}

/** The revision a body's `field` names (each caller's body names it under its own field). */
export function revisionOf(
  catalog: Catalog,
  app: CatalogApplication,
  value: unknown,
  field: string,
  reader: RequestReader,
): SeedRevision | undefined {
  const revisionId = reader.optionalId(value, field);
  if (revisionId === undefined) return undefined;
  const revision = catalog.revisions.get(revisionId);
  if (revision?.application === app.id) return revision;
  const known = (app.revisions ?? []).map((r) => `${r.id} (${r.name})`);
  reader.errors.push(
    `${field} ${revisionId} is not a revision of application ${app.name}; ` +
      (known.length ? `use one of: ${known.join(", ")}` : "the application has no revisions: omit it"),
  );
  return undefined;
}

/** The manifest version a body's `field` names. */
export function versionOf(
  app: CatalogApplication,
  value: unknown,
  field: string,
  reader: RequestReader,
): number | undefined {
  const version = reader.optionalInteger(value, field);
  if (version === undefined || app.parsed.has(version)) return version;
  reader.errors.push(
    `${field} ${version}: application ${app.name} has no such manifest version; ` +
      `use one of ${[...app.parsed.keys()].join(", ")}`,
  );
  return undefined;
}

/** Checks parameters and submodules against the target manifest (binding rules) and resolves ids. */
export function configurationRequest(
  catalog: Catalog,
  app: CatalogApplication,
  b: Body,
  revision: SeedRevision | undefined,
  version: number | undefined,
  operation: "launch" | "reconfigure",
  reader: RequestReader,
  current?: InstanceRecord,
): ConfigurationRequest {
  const parameters = reader.optionalRecord<string>(b.parameters, "parameters", PARAMETERS_SHAPE);
  const request: ConfigurationRequest = { version, revision, parameters, submodules: {} };
  const targetVersion =
    version ?? revision?.manifestVersion ?? current?.configuration.version ?? app.latestVersion;
  const manifest = catalog.manifestOf(app, targetVersion)!;
  // No prototype: a submodule named __proto__ is kept (and refused as unknown), not swallowed by the setter.
  const checked: Record<string, { parameters?: Record<string, unknown> }> = Object.create(null);
  const readLevel = (body: unknown, where: string, prefix: string) => {
    const submodulesBody = reader.optionalRecord<unknown>(body, where, "keyed by submodule name") ?? {};
    for (const [key, value] of Object.entries(submodulesBody)) {
      const name = prefix + key;
      const at = `${where}.${key}`;
      if (key.includes("/")) {
        const [parent, ...rest] = key.split("/");
        reader.errors.push(
          `${at}: a submodule's own submodules are nested in its entry, not named by a path; write ` +
            `${where}.${parent}.submodules.${rest.join(".submodules.")}`,
        );
        continue;
      }
      const sub = reader.object(value, at, subFields);
      if (!sub) continue;
      const subParameters = reader.optionalRecord<string>(
        sub.parameters,
        `${at}.parameters`,
        PARAMETERS_SHAPE,
      );
      checked[name] = { parameters: subParameters };
      // a submodule's own submodules are nested in its entry (docs/service-api.md, "Nested submodules")
      if (sub.submodules !== undefined) readLevel(sub.submodules, `${at}.submodules`, `${name}/`);
      const component = Object.hasOwn(manifest.submodules, name) ? manifest.submodules[name] : undefined;
      const subApp = component?.applicationId ? catalog.applications.get(component.applicationId) : undefined;
      if (!component || !subApp) continue;
      request.submodules![name] = {
        parameters: subParameters,
        revision: revisionOf(catalog, subApp, sub.revisionId, `${at}.revisionId`, reader),
        manifestVersion: versionOf(subApp, sub.manifestVersion, `${at}.manifestVersion`, reader),
      };
    }
  };
  const subFields =
    operation === "launch"
      ? ["revisionId", "manifestVersion", "parameters", "submodules"]
      : ["manifestVersion", "parameters", "submodules"];
  readLevel(b.submodules, "submodules", "");
  const findings = checkInstanceConfig(manifest, { parameters, submodules: checked }, { operation });
  reader.errors.push(...findings.map(formatFinding));
  return request;
}

/** Why the service refuses `name` as an instance name, in its own words; undefined when it accepts it. */
function serviceNameProblem(name: string): string | undefined {
  const { minLength, maxLength, pattern } = INSTANCE_NAME_LIMITS;
  if (name.length < minLength) return "must not be empty";
  if (name.length > maxLength) return `is ${name.length} characters long; use at most ${maxLength}`;
  if (!pattern.test(name))
    return "may hold only letters, digits, '.', '_' and '-', starting with a letter or digit (e.g. webshop-prod)";
  return undefined;
}

/** The lifetime of an instance launched without destroyInterval, as the public documentation gives it. */
export const DOCUMENTED_LIFETIME_MS = 3_600_000;

/** A launch's destroyInterval: milliseconds until the service destroys the instance, or -1 for never. */
export function destroyIntervalOf(value: unknown, reader: RequestReader): number | undefined {
  if (value === undefined) return undefined;
  if (Number.isSafeInteger(value) && ((value as number) > 0 || value === NEVER_DESTROY))
    return value as number;
  reader.errors.push(
    "destroyInterval must be a whole number of milliseconds after which the instance is destroyed, " +
      `or ${NEVER_DESTROY} for never`,
  );
  return undefined;
}
