// `environment_name` of an instance: the name of its environment, for people and the review (which show
// names, not 24-hex ids). The API has no call that gives one environment's name, only an organization's
// list, so a lookup lists the organizations the credentials see and their environments, and remembers every
// name it saw: one lookup per distinct environment per provider process, not one per instance.

import {
  isUnknown,
  UNKNOWN,
  type PlanResourceChangeRequest,
  type PlanResourceChangeResponse,
} from "../../terraform-model";
import type { ProviderContext } from "../context";
import type { ApplyResult } from "../resource";
import type { ServiceClient } from "../service";
import { asObject } from "../values";

/** Names seen by one client (one configured provider process), and the lookup in progress. */
class EnvironmentNames {
  private readonly names = new Map<string, string>();
  /** Lookups run one after another, so a second one for the same organization finds the first's names. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly client: ServiceClient) {}

  nameOf(envId: string, signal: AbortSignal): Promise<string | undefined> {
    const next = this.queue.then(() => this.names.get(envId) ?? this.fetch(envId, signal));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Lists afresh (an environment cloned since the last list is new), stopping at the organization that has it. */
  private async fetch(envId: string, signal: AbortSignal): Promise<string | undefined> {
    for (const org of await this.client.listOrganizations({ signal })) {
      for (const e of await this.client.listEnvironments(org.id, { signal })) this.names.set(e.id, e.name);
      if (this.names.has(envId)) return this.names.get(envId);
    }
    return undefined;
  }
}

const byClient = new WeakMap<ServiceClient, EnvironmentNames>();

/**
 * The environment's name, or undefined when the credentials' organizations do not list it or the lookup
 * failed (logged: a name is never worth failing a plan or a refresh for).
 */
export async function environmentName(ctx: ProviderContext, envId: string): Promise<string | undefined> {
  try {
    const { client } = ctx.service();
    let names = byClient.get(client);
    if (!names) byClient.set(client, (names = new EnvironmentNames(client)));
    return await names.nameOf(envId, ctx.signal);
  } catch (e) {
    ctx.log.warn(`looking up the name of environment ${envId} failed: ${(e as Error).message}`, {
      environment_id: envId,
    });
    return undefined;
  }
}

/**
 * The plan's environment_name: on create, the name of a known environment_id (unknown while the id is, e.g. an
 * environment created in the same apply, or the default one the service picks). An update keeps it: the
 * planner declares it stable, as an instance never changes environment in place.
 */
export async function planEnvironmentName(
  ctx: ProviderContext,
  req: PlanResourceChangeRequest,
  res: PlanResourceChangeResponse,
): Promise<PlanResourceChangeResponse> {
  const planned = asObject(res.plannedState);
  if (!planned || asObject(req.priorState)) return res;
  const envId = planned.environment_id;
  const name = typeof envId === "string" && !isUnknown(envId) ? await environmentName(ctx, envId) : undefined;
  return { ...res, plannedState: { ...planned, environment_name: name ?? UNKNOWN } };
}

/** A create's state with the name of the environment the service launched into, when the plan could not know it. */
export async function withEnvironmentName(ctx: ProviderContext, result: ApplyResult): Promise<ApplyResult> {
  const state = asObject(result.newState);
  const envId = state?.environment_id;
  if (!state || state.environment_name !== null || typeof envId !== "string") return result;
  const name = await environmentName(ctx, envId);
  return name === undefined ? result : { ...result, newState: { ...state, environment_name: name } };
}
