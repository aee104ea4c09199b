// The provider's side of the launch-once rule (src/client/launch-once.ts): after a launch whose answer was
// lost, the instance named in the request, looked up among those that were not there before it (LaunchLedger,
// launch-ledger.ts, keeps them per process), or the diagnostic saying why it cannot be known and how to import it.

import { findLaunchedInstances } from "../../client/launch-once";
import type { LaunchRequest } from "../../client/types";
import { type Diagnostic, errorDiagnostic, errorMessage } from "../../terraform-model";
import type { ProviderContext } from "../context";
import type { ServiceClient } from "../service";

/**
 * A launch whose answer was lost and whose lookup failed: what a later process needs to look it up again
 * (kept in the private state of the tainted state create leaves, see private.ts). `before` holds the ids
 * of the application's instances known before the launch: the ledger is per process.
 */
export interface PendingLaunch {
  applicationId: string;
  name: string;
  /** Unset when the launch went to the default environment and finding it failed too. */
  environmentId?: string;
  before: string[];
}

/** The lookup failed: the launch's outcome stays unknown, and the state must keep it (never launch again). */
export interface LookupFailed {
  pending: PendingLaunch;
  diagnostic: Diagnostic;
}

/** The id of the instance the lost launch created, or why it cannot be known (with what to keep, if anything). */
export async function findLostLaunch(
  ctx: ProviderContext,
  appId: string,
  request: LaunchRequest,
  before: ReadonlySet<string>,
): Promise<string | Diagnostic | LookupFailed> {
  const summary = `Outcome of the launch of application ${appId} is unknown`;
  const name = request.instanceName;
  if (name === undefined) {
    return errorDiagnostic(
      summary,
      "The launch request may have reached the service but its answer was lost, and without instance_name the " +
        "provider cannot tell whether an instance was created (launching again could create a duplicate). Look " +
        "for a new instance of this application (e.g. with the appmgmt_instances data source); if there is one, " +
        "import it: `terraform import <resource address> <instance id>` or an `import` block; otherwise apply " +
        "again. Set instance_name so the provider can find the instance by itself next time.",
    );
  }
  const pending: PendingLaunch = {
    applicationId: appId,
    name,
    ...(request.environmentId !== undefined && { environmentId: request.environmentId }),
    before: [...before],
  };
  let looked: Looked;
  try {
    looked = await lookUpLaunch(ctx, pending);
  } catch (e) {
    return {
      pending,
      diagnostic: errorDiagnostic(
        summary,
        `The launch request's answer was lost, and looking up instance ${JSON.stringify(name)} failed: ` +
          `${errorMessage(e)}. The state keeps it as a tainted instance without an id, so that no apply ` +
          "launches it twice: the next refresh looks it up again (found: terraform replaces it; not found: " +
          "it is launched again).",
      ),
    };
  }
  const { envId, found } = looked;
  if (found.length === 1) {
    ctx.log.info("found the instance of a launch whose answer was lost", { instance_id: found[0].id });
    await ctx.launches.launched(appId, found[0].id);
    return found[0].id;
  }
  if (found.length > 1) return severalFound(summary, pending, envId, found);
  return errorDiagnostic(
    summary,
    `The launch request's answer was lost and no new instance named ${JSON.stringify(name)} of application ` +
      `${appId} exists in environment ${envId}, so the launch did not take effect. Apply again.`,
  );
}

/** A pending launch looked up again (refresh, delete): its instance, none, or why it is still unknown. */
export async function resolvePendingLaunch(
  ctx: ProviderContext,
  pending: PendingLaunch,
): Promise<{ id: string } | { none: true } | { diagnostic: Diagnostic }> {
  const summary = `Outcome of the launch of ${JSON.stringify(pending.name)} (application ${pending.applicationId}) is still unknown`;
  try {
    const { envId, found } = await lookUpLaunch(ctx, pending);
    if (found.length === 1) return { id: found[0].id };
    if (found.length === 0) return { none: true };
    return { diagnostic: severalFound(summary, pending, envId, found) };
  } catch (e) {
    return {
      diagnostic: errorDiagnostic(
        summary,
        `Looking up instance ${JSON.stringify(pending.name)} failed: ${errorMessage(e)}. The state keeps ` +
          "the launch (tainted, without an id) and nothing is launched until the lookup succeeds: run the " +
          "command again.",
      ),
    };
  }
}

interface Looked {
  envId: string;
  found: { id: string }[];
}

/** Same rule for the lost answer and for every later look: new live instances of that name (launch-once.ts). */
async function lookUpLaunch(ctx: ProviderContext, p: PendingLaunch): Promise<Looked> {
  const { client } = ctx.service();
  const envId = p.environmentId ?? (await defaultEnvironmentOf(client, p.applicationId, ctx.signal));
  const found = await findLaunchedInstances(
    client,
    { applicationId: p.applicationId, name: p.name, environmentId: envId, before: new Set(p.before) },
    { signal: ctx.signal, lookup: ctx.lostLaunchLookup },
  );
  return { envId, found };
}

function severalFound(summary: string, p: PendingLaunch, envId: string, found: { id: string }[]): Diagnostic {
  return errorDiagnostic(
    summary,
    `The launch request's answer was lost, and ${found.length} instances named ${JSON.stringify(p.name)} of ` +
      `application ${p.applicationId} appeared in environment ${envId} since (${found.map((i) => i.id).join(", ")}): ` +
      "someone else launched the same name meanwhile, so the provider cannot tell which one is this " +
      "launch's. Find yours in the service and import it by its instance id.",
  );
}

async function defaultEnvironmentOf(
  client: ServiceClient,
  appId: string,
  signal: AbortSignal,
): Promise<string> {
  for (const org of await client.listOrganizations({ signal })) {
    const apps = await client.listApplications(org.id, { signal });
    if (!apps.some((a) => a.id === appId)) continue;
    const env = (await client.listEnvironments(org.id, { signal })).find((e) => e.default);
    if (env) return env.id;
  }
  throw new Error(`no default environment found for application ${appId}`);
}
