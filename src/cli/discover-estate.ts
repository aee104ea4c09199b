// What `appmgmt discover` finds: the live top-level instances of some environments, read through the
// client as the provider reads them, so what it writes is what an import would put in the state.

import type { EnvironmentSummary, InstanceStatus, InstanceSummary } from "../client/types";
import type { ServiceClient } from "../provider/service";
import { importedSubmodules } from "../provider/instance/read";
import { importedSecretNames, withoutSecretValues } from "../provider/instance/secrets";
import { errorCode } from "../terraform-model";
import { setOwn } from "../util/own";

/** Where to look: one environment, or every environment of an organization. */
export type DiscoverScope = { environmentId: string } | { organizationId: string };

export interface DiscoverFilter {
  applicationId?: string;
  namePrefix?: string;
}

/** One submodule's settings as an import takes them: its free parameters only (read.ts). */
export interface DiscoveredSubmodule {
  revisionId?: string;
  manifestVersion?: number;
  parameters?: Record<string, string>;
}

/** An instance to adopt, with the values an import takes (none in unit tests of names). */
export interface DiscoveredInstance {
  summary: InstanceSummary;
  settings?: {
    manifestVersion: number;
    revisionId?: string;
    userData?: string;
    /** The main parameters, secrets left out. */
    parameters: Record<string, string>;
    submodules?: Record<string, DiscoveredSubmodule>;
    /** The secret names an import finds (`secret_parameter_names`): main, then `<path>/input.<name>`. */
    secretNames: string[];
  };
}

/** Statuses of instances that are gone or going: adopting them would only plan their launch again. */
const GONE = new Set(["Destroyed", "Destroying"]);

/** How many status reads run at once when the values are read. */
const PARALLEL_READS = 8;

/** The environment or organization named on the command line is not found. */
export class UnknownScopeError extends Error {}

/**
 * The live top-level instances in scope that pass the filter, in a stable order (environment, name, id).
 * `progress` gets one line per environment read.
 */
export async function discoverInstances(
  client: Pick<ServiceClient, "listEnvironments" | "listInstances" | "getInstance">,
  scope: DiscoverScope,
  filter: DiscoverFilter,
  opts: { progress: (line: string) => void },
): Promise<DiscoveredInstance[]> {
  const environments: Pick<EnvironmentSummary, "id" | "name">[] =
    "organizationId" in scope
      ? await unknownWhenNotFound(`organization ${scope.organizationId}`, "", () =>
          client.listEnvironments(scope.organizationId),
        )
      : [{ id: scope.environmentId, name: "" }];
  const found: InstanceSummary[] = [];
  for (const env of environments) {
    const listed = await unknownWhenNotFound(
      `environment ${env.id}`,
      " (--organization ORG_ID reads every environment of an organization)",
      () => client.listInstances(env.id),
    );
    const live = listed.filter((i) => !GONE.has(i.status));
    const taken = live.filter(
      (i) =>
        (filter.applicationId === undefined || i.application === filter.applicationId) &&
        (filter.namePrefix === undefined || i.name.startsWith(filter.namePrefix)),
    );
    const label = env.name ? `environment ${env.id} (${env.name})` : `environment ${env.id}`;
    opts.progress(
      `${label}: ${listed.length} instances listed, ${listed.length - live.length} destroyed or ` +
        `destroying left out, ${live.length - taken.length} filtered out, ${taken.length} to adopt`,
    );
    found.push(...taken);
  }
  const ordered = found.sort(
    (a, b) => compare(a.environment, b.environment) || compare(a.name, b.name) || compare(a.id, b.id),
  );
  const statuses = await readAll(client, ordered);
  // A service that lists submodule instances beside their parents: a child is adopted through its parent.
  const children = new Set(statuses.flatMap((s) => s.components.map((c) => c.id)));
  const adopted = ordered
    .map((summary, i) => ({ summary, settings: settingsOf(statuses[i]) }))
    .filter((d) => !children.has(d.summary.id));
  if (adopted.length < ordered.length) {
    opts.progress(
      `${ordered.length - adopted.length} submodule instances listed beside their parents left out ` +
        "(their parents' imports hold their settings)",
    );
  }
  return adopted;
}

/** A 404 for what the command line named, as an error saying what to check. */
async function unknownWhenNotFound<T>(what: string, hint: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (errorCode(e) !== "E_NOT_FOUND") throw e;
    throw new UnknownScopeError(
      `${what} does not exist, or these credentials cannot see it: check the id${hint} and the ` +
        "credentials (APPMGMT_REFRESH_TOKEN, APPMGMT_EMAIL/APPMGMT_PASSWORD or APPMGMT_SESSION_TOKEN)",
    );
  }
}

async function readAll(
  client: Pick<ServiceClient, "getInstance">,
  instances: InstanceSummary[],
): Promise<InstanceStatus[]> {
  const out: InstanceStatus[] = new Array<InstanceStatus>(instances.length);
  let next = 0;
  const worker = async () => {
    while (next < instances.length) {
      const i = next++;
      out[i] = await client.getInstance(instances[i].id);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, instances.length) }, worker));
  return out;
}

/**
 * The values the provider's first read after an import takes (read.ts `refreshed`, imported): the secrets'
 * values left out, their names kept.
 */
function settingsOf(reported: InstanceStatus): NonNullable<DiscoveredInstance["settings"]> {
  const secrets = importedSecretNames(reported, []);
  const s = withoutSecretValues(reported, secrets);
  const submodules: Record<string, DiscoveredSubmodule> = {};
  for (const [key, sub] of Object.entries(importedSubmodules(s) ?? {})) {
    if (typeof sub !== "object" || sub === null) continue;
    const parameters = sub.parameters as Record<string, string> | null;
    setOwn(submodules, key, {
      ...(typeof sub.revisionId === "string" ? { revisionId: sub.revisionId } : {}),
      ...(typeof sub.manifestVersion === "number" ? { manifestVersion: sub.manifestVersion } : {}),
      ...(parameters ? { parameters } : {}),
    });
  }
  return {
    manifestVersion: s.version,
    ...(s.revision ? { revisionId: s.revision } : {}),
    ...(typeof s.userData === "string" ? { userData: s.userData } : {}),
    parameters: { ...s.parameters },
    ...(Object.keys(submodules).length > 0 ? { submodules } : {}),
    secretNames: secrets.list,
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
