// Read (refresh): the instance as the service sees it, or removed from the state when it is gone (a 404
// alone does not say so: gone.ts).

import type { InstanceStatus, Parameters } from "../../client/types";
import {
  asObject,
  type Diagnostic,
  errorCode,
  failureDiagnostic,
  isUnknown,
  type ReadResourceRequest,
  warningDiagnostic,
} from "../../terraform-model";
import { setOwn } from "../../util/own";
import type { ProviderContext } from "../context";
import type { ApplyResult } from "../resource";
import { returnValueMap } from "../values";
import {
  decodeInstance,
  encodeInstance,
  known,
  type InstanceModel,
  type Maybe,
  type SubmoduleModel,
} from "./model";
import { splitSecretName } from "../../rules";
import { confirmGone } from "./gone";
import { environmentName } from "../environment-names";
import { type PendingLaunch, resolvePendingLaunch } from "./lost-launch";
import { decodePrivate, encodePrivate } from "./private";
import { defaultsAfterRead } from "./submodule-defaults";
import { refreshedSubmoduleValues, submodulesToRead, wholeReadMark } from "./refresh-reads";
import {
  binderValues,
  importedSecretNames,
  plainReturnValues,
  stateSecretNames,
  withoutSecretValues,
} from "./secrets";

export async function readInstance(ctx: ProviderContext, req: ReadResourceRequest): Promise<ApplyResult> {
  const current = asObject(req.currentState);
  const prior = current && decodeInstance(current);
  const priv = decodePrivate(req.private);
  let id = prior ? known(prior.id) : undefined;
  // a failed read keeps the private state too: its marks have not been served
  const kept = (diagnostic: Diagnostic): ApplyResult => ({
    newState: req.currentState,
    private: req.private,
    diagnostics: [diagnostic],
  });
  if (prior && id === undefined && priv.pendingLaunch) {
    const resolved = await resolvePendingLaunch(ctx, priv.pendingLaunch);
    if ("diagnostic" in resolved) return kept(resolved.diagnostic);
    if ("none" in resolved) return launchNotTaken(ctx, priv.pendingLaunch);
    id = resolved.id; // read below; the mark is cleared and terraform replaces the tainted instance
  }
  if (!prior || id === undefined) return { newState: req.currentState, diagnostics: [] };
  const { client } = ctx.service();
  let s: InstanceStatus;
  let read: ReturnType<typeof submodulesToRead>;
  try {
    const top = await client.getInstanceStatus(id, { signal: ctx.signal });
    read = submodulesToRead(prior, priv, top);
    s = top.status === "Destroyed" ? top : await client.readSubmodules(top, read, { signal: ctx.signal });
  } catch (e) {
    if (errorCode(e) === "E_NOT_FOUND") {
      const check = await confirmGone(ctx, prior, id);
      if (check.gone) return removed(ctx, prior, id, check.why);
      return kept(check.diagnostic);
    }
    return kept(failureDiagnostic(`Reading instance ${id} failed`, e));
  }
  if (s.status === "Destroyed") return removed(ctx, prior, id, "it is Destroyed");
  const imported = priv.imported === true;
  // An import has no configuration to name the secrets: the names its id gave and the names that look
  // secret stand in, and it says so.
  const secrets = imported ? importedSecretNames(s, priv.secretNames ?? []) : stateSecretNames(prior);
  const model = refreshed(prior, withoutSecretValues(s, secrets), imported, read);
  model.environmentName = (await environmentName(ctx, s.environment)) ?? prior.environmentName;
  if (imported && secrets.list.length > 0) {
    model.secretParameterNames = secrets.list;
    // the secrets' first version: a configuration supplying them at version 1 plans no change
    model.secretParametersVersion = 1;
  } else if (imported) model.secretParameterNames = null;
  const diagnostics = imported && secrets.list.length > 0 ? [importedSecretsWarning(id, secrets.list)] : [];
  // the import mark served its read; what the next refresh needs of this one
  const historyAtFullRead = read === "all" ? wholeReadMark(s, prior) : priv.historyAtFullRead;
  const defaults = defaultsAfterRead(priv.defaults, s);
  return {
    newState: encodeInstance(model),
    private: encodePrivate({ historyAtFullRead, defaults }),
    diagnostics,
  };
}

function importedSecretsWarning(id: string, names: string[]): Diagnostic {
  const main: string[] = [];
  const bySubmodule = new Map<string, string[]>();
  for (const { path, name } of names.map(splitSecretName)) {
    if (path === undefined) main.push(name);
    else bySubmodule.set(path, [...(bySubmodule.get(path) ?? []), name]);
  }
  const where = [
    ...(main.length > 0 ? [`secret_parameters: ${main.join(", ")}`] : []),
    ...[...bySubmodule].map(([path, ns]) => `submodules["${path}"].secret_parameters: ${ns.join(", ")}`),
  ];
  return warningDiagnostic(
    `Instance ${id} has secret parameters: configure them in secret_parameters`,
    `The imported instance has parameters whose names look secret; their values are kept out of the state ` +
      `and the service keeps them. Before a change reconfigures the instance, supply them (from ephemeral ` +
      `variables, with secret_parameters_version = 1) in ${where.join("; ")}. A reconfigure resets every ` +
      "value it does not list, so until then a plan that would reconfigure it fails naming them. A submodule " +
      "value the service reports equal to its binder's follows that parameter and needs nothing of its own.",
  );
}

/** A pending launch that created nothing (lost-launch.ts): removed from the state, so the plan launches it. */
function launchNotTaken(ctx: ProviderContext, pending: PendingLaunch): ApplyResult {
  ctx.log.info(`pending launch of ${pending.name} removed from state: no such instance was launched`);
  return {
    newState: null,
    diagnostics: [
      warningDiagnostic(
        `The launch of ${JSON.stringify(pending.name)} whose answer was lost did not take effect`,
        `No new instance named ${JSON.stringify(pending.name)} of application ${pending.applicationId} exists, ` +
          "so the launch never happened: it is removed from the state, and this plan launches it.",
      ),
    ],
  };
}

/**
 * Gone from the service: removed from the state, so the plan launches it again. An instance with
 * auto_destroy_after was most likely destroyed by the service's schedule, which the plan says, lest the
 * reader look for who destroyed it by hand.
 */
function removed(ctx: ProviderContext, prior: InstanceModel, id: string, why: string): ApplyResult {
  ctx.log.info(`instance ${id} removed from state: ${why}`, { instance_id: id });
  const lifetime = known(prior.autoDestroyAfter);
  if (lifetime === undefined) return { newState: null, diagnostics: [] };
  const name = known(prior.instanceName);
  return {
    newState: null,
    diagnostics: [
      warningDiagnostic(
        `Instance ${id}${name ? ` (${name})` : ""} was destroyed by its schedule`,
        `The service destroyed it on its own when its auto_destroy_after (${lifetime}) ran out, not terraform ` +
          `(${why}). It is removed from the state, and this plan launches a new one; to keep instances ` +
          "running, unset auto_destroy_after.",
      ),
    ],
  };
}

/**
 * The state as the service sees it. Only the parameters the configuration manages are refreshed (so
 * out-of-band changes show as drift); after an import every actual value is taken, submodule settings
 * included (see importedSubmodules). `read`: the submodules whose settings `s` holds (refresh-reads.ts).
 */
function refreshed(
  prior: InstanceModel,
  s: InstanceStatus,
  imported: boolean,
  read: "all" | Set<string>,
): InstanceModel {
  return {
    ...prior,
    id: s.id,
    applicationId: s.application,
    instanceName: s.name,
    environmentId: s.environment,
    revisionId: imported ? s.revision : prior.revisionId,
    manifestVersion: s.version,
    parameters: imported ? { ...s.parameters } : managedValues(prior.parameters, s.parameters),
    submodules: imported ? importedSubmodules(s) : refreshedSubmodules(prior.submodules, s),
    // Managed only when configured (or imported with some): a change made elsewhere shows as drift.
    userData:
      typeof s.userData === "string" && (imported || prior.userData !== null) ? s.userData : prior.userData,
    status: s.status,
    effectiveParameters: { ...s.parameters },
    effectiveSubmodules: refreshedSubmoduleValues(prior, s, read),
    returnValues: plainReturnValues(
      returnValueMap(s.returnValues) as Record<string, string>,
      prior.sensitiveReturnValues,
    ),
  };
}

/**
 * Each submodule's revision, manifest version and free parameters, so that configuration generated from
 * an import reproduces the instance (a reconfigure resets every free value it does not list).
 *
 * Bound parameters must stay out (the service refuses them under submodules), but the status does not
 * say which are bound and the manifest is not known at import. The service gives a bound parameter the
 * value of the main parameter that binds it, so a submodule value equal to a main parameter's value is
 * taken as bound; below the first level ("db/replica"), one equal to a value of the parent submodule, whose
 * pins bind it. A free value that merely equals one is left out too; the plan of any later reconfigure
 * then warns that it may be reset (resets.ts), and setting `manifest` makes the plan exact.
 */
export function importedSubmodules(s: InstanceStatus): InstanceModel["submodules"] {
  const out: Record<string, SubmoduleModel> = {};
  for (const [name, sub] of Object.entries(s.submodules)) {
    const bindingValues = new Set(Object.values(binderValues(s, name)));
    const free: Parameters = {};
    for (const [k, v] of Object.entries(sub.parameters)) if (!bindingValues.has(v)) setOwn(free, k, v);
    setOwn(out, name, {
      revisionId: sub.revision,
      manifestVersion: sub.manifestVersion,
      parameters: Object.keys(free).length > 0 ? free : null,
      manifest: null,
    });
  }
  return Object.keys(out).length > 0 ? out : null;
}

function managedValues(
  managed: InstanceModel["parameters"],
  actual: Parameters,
): InstanceModel["parameters"] {
  if (managed === null || isUnknown(managed)) return managed;
  const out: Parameters = {};
  for (const k of Object.keys(managed)) if (Object.hasOwn(actual, k)) setOwn(out, k, actual[k]);
  return out;
}

function refreshedSubmodules(
  prior: InstanceModel["submodules"],
  s: InstanceStatus,
): InstanceModel["submodules"] {
  if (prior === null || isUnknown(prior)) return prior;
  const out: Record<string, Maybe<SubmoduleModel>> = {};
  for (const [name, before] of Object.entries(prior)) {
    const actual = Object.hasOwn(s.submodules, name) ? s.submodules[name] : undefined;
    const after =
      !isUnknown(before) && actual
        ? {
            ...before,
            manifestVersion: before.manifestVersion === null ? null : actual.manifestVersion,
            parameters: managedValues(before.parameters, actual.parameters),
          }
        : before;
    setOwn(out, name, after);
  }
  return out;
}
