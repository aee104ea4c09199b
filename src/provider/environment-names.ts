// Environment names by id, for the plan and state of resources that name one (an instance's
// environment_name, an environment's clone_from_name): the API has no call that gives one environment's name,
// only an organization's list, so a lookup lists the organizations the credentials see and their environments,
// and remembers every name it saw: one lookup per distinct environment per provider process, not one per
// resource.

import {
  asObject,
  isUnknown,
  UNKNOWN,
  type PlanResourceChangeRequest,
  type PlanResourceChangeResponse,
} from "../terraform-model";
import type { ProviderContext } from "./context";
import type { ApplyResult, ResourceDefinition } from "./resource";
import type { ServiceClient } from "./service";

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

/** The id attribute and the name attribute it gives: environment_id → environment_name, clone_from → clone_from_name. */
export type NamedBy = { id: string; name: string };

/** An instance's environment, by name: for people and the review. */
export const INSTANCE_ENVIRONMENT: NamedBy = { id: "environment_id", name: "environment_name" };

/** The environment an environment was cloned from, by name. */
export const CLONE_SOURCE: NamedBy = { id: "clone_from", name: "clone_from_name" };

/**
 * The planned name on create: the name of a known id (unknown while the id is, e.g. an environment created in the
 * same apply, or the default one the service picks). An update keeps it: the schema declares it stable, as
 * neither an instance's environment nor a clone's source changes in place.
 */
async function planEnvironmentName(
  ctx: ProviderContext,
  req: PlanResourceChangeRequest,
  res: PlanResourceChangeResponse,
  attrs: NamedBy,
): Promise<PlanResourceChangeResponse> {
  const planned = asObject(res.plannedState);
  if (!planned || asObject(req.priorState)) return res;
  const id = planned[attrs.id];
  const name = typeof id === "string" && !isUnknown(id) ? await environmentName(ctx, id) : undefined;
  return { ...res, plannedState: { ...planned, [attrs.name]: name ?? UNKNOWN } };
}

/** A create's state with the name the plan could not know (the service chose the environment, or made it). */
async function withEnvironmentName(
  ctx: ProviderContext,
  result: ApplyResult,
  attrs: NamedBy,
): Promise<ApplyResult> {
  const state = asObject(result.newState);
  const current = state?.[attrs.name];
  if (!state || (current !== null && !isUnknown(current))) return result;
  const id = state[attrs.id];
  const name = typeof id === "string" ? await environmentName(ctx, id) : undefined;
  // never unknown after an apply: null when the name cannot be found
  return { ...result, newState: { ...state, [attrs.name]: name ?? null } };
}

/** A resource that names an environment by `attrs.id`: its plan and its create also give `attrs.name`. */
export function namingEnvironment(attrs: NamedBy, def: ResourceDefinition): ResourceDefinition {
  return {
    ...def,
    plan: async (req, ctx) => planEnvironmentName(ctx, req, await def.plan(req, ctx), attrs),
    create: async (ctx, planned, config) =>
      withEnvironmentName(ctx, await def.create(ctx, planned, config), attrs),
  };
}
