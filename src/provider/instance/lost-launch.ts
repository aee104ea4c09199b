// After a launch whose answer was lost: the instance named in the request, found in its environment.
// Never relaunches; without a name there is no safe way to tell, so the user is told how to import.

import { findLaunchedInstance } from "../../client/launched-instance";
import type { LaunchRequest } from "../../client/types";
import { errorDiagnostic, errorMessage } from "../../protocol/diagnostics";
import type { Diagnostic } from "../../protocol/model";
import type { ProviderContext } from "../context";
import type { ServiceClient } from "../service";

/** The id of the instance the lost launch created, or the diagnostic saying why it cannot be known. */
export async function findLostLaunch(
  ctx: ProviderContext,
  appId: string,
  request: LaunchRequest,
): Promise<string | Diagnostic> {
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
  const { client } = ctx.service();
  try {
    const envId = request.environmentId ?? (await defaultEnvironmentOf(client, appId, ctx.signal));
    const match = await findLaunchedInstance(
      client,
      envId,
      { applicationId: appId, name },
      { signal: ctx.signal, lookup: ctx.lostLaunchLookup },
    );
    if (match) {
      ctx.log.info("found the instance of a launch whose answer was lost", { instance_id: match.id });
      return match.id;
    }
    return errorDiagnostic(
      summary,
      `The launch request's answer was lost and no instance named ${JSON.stringify(name)} of application ${appId} ` +
        `exists in environment ${envId}, so the launch did not take effect. Apply again.`,
    );
  } catch (e) {
    return errorDiagnostic(
      summary,
      `The launch request's answer was lost, and looking up instance ${JSON.stringify(name)} failed: ` +
        `${errorMessage(e)}. Before applying again, check whether the instance exists and import it if it does.`,
    );
  }
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
