// The `appmgmt_instance` resource (DESIGN §5): plan, create, read, update, delete, import.
// Launch is never resent; a failed create still returns the new id so terraform taints instead of
// orphaning; an update is ONE reconfigure carrying the complete desired configuration.

import { abortableSleep } from "../client/sleep";
import type {
  InstanceStatus,
  LaunchRequest,
  LaunchSubmodule,
  Parameters,
  ReconfigureRequest,
  ReconfigureSubmodule,
} from "../client/types";
import {
  UNKNOWN,
  isUnknown,
  type ApplyResourceChangeRequest,
  type AttributePath,
  type Diagnosed,
  type Diagnostic,
  type ImportResourceStateRequest,
  type ImportedResource,
  type PlanResourceChangeRequest,
  type PlanResourceChangeResponse,
  type ReadResourceRequest,
  type Value,
  type ValueObject,
} from "../protocol/model";
import { setOwn } from "../protocol/own";
import { ID_PATTERN } from "../rules/identifiers";
import type { ProviderContext } from "./context";
import { errorCode, errorDiagnostic, errorMessage, failureDiagnostic } from "./diagnostics";
import { parseDuration } from "./duration";
import { checkInstanceConfig } from "./instance-checks";
import { decodePrivate, encodePrivate, privateFromStatus } from "./instance-private";
import { planResets } from "./instance-resets";
import { DEFAULT_TIMEOUT, providerSchemas } from "./schema";
import type { ServiceClient } from "./service";
import {
  asObject,
  attrPath,
  knownNumber,
  knownString,
  knownStringMap,
  mapEntries,
  returnValueMap,
  sameValue,
  stringMap,
} from "./values";

export const INSTANCE_TYPE = "appmgmt_instance";
const schema = providerSchemas.resources[INSTANCE_TYPE];

/** Computed-only attributes: unknown in a create plan, and whenever a reconfigure will change them. */
const WORKFLOW_OUTPUTS = ["status", "effective_parameters", "return_values"] as const;
/** Optional+computed attributes: unknown in a create plan when not configured. */
const SERVICE_DEFAULTED = ["instance_name", "environment_id", "manifest_version"] as const;
/** Replacement only when configured and different (a null config keeps the prior value). */
const REPLACE_WHEN_CONFIGURED = ["instance_name", "environment_id"] as const;
const MAX_CONFLICT_DELAY_MS = 5000;
/** Launch attempts while the service answers 429 (too many requests). */
const MAX_REFUSED_LAUNCHES = 4;

type ApplyResult = Diagnosed & { newState: Value; private?: Buffer };

// ---- validate and plan ----

export function validateInstance(config: Value): Diagnostic[] {
  const c = asObject(config);
  return c ? checkInstanceConfig(c, "launch") : [];
}

export function planInstance(req: PlanResourceChangeRequest): PlanResourceChangeResponse {
  const proposed = asObject(req.proposedNewState);
  if (!proposed) return { plannedState: null, requiresReplace: [], diagnostics: [] };
  const prior = asObject(req.priorState);
  const config = asObject(req.config) ?? proposed;
  const planned: ValueObject = { ...proposed };
  const diagnostics = checkInstanceConfig(config, prior ? "reconfigure" : "launch");
  if (!prior) {
    for (const a of [...WORKFLOW_OUTPUTS, "id"]) planned[a] = UNKNOWN;
    for (const a of SERVICE_DEFAULTED) if (config[a] === null) planned[a] = UNKNOWN;
    return { plannedState: planned, requiresReplace: [], diagnostics };
  }
  const requiresReplace = replacementPaths(prior, planned, config);
  if (requiresReplace.length === 0 && needsReconfigure(prior, config)) {
    for (const a of WORKFLOW_OUTPUTS) planned[a] = UNKNOWN;
    // a new revision brings its own manifest version unless one is configured
    if (config.manifest_version === null && !sameValue(prior.revision_id, config.revision_id)) {
      planned.manifest_version = UNKNOWN;
    }
    const resets = planResets(prior, config, decodePrivate(req.priorPrivate));
    if (resets.effectiveParameters) planned.effective_parameters = stringMap(resets.effectiveParameters);
    diagnostics.push(...resets.warnings);
  }
  return { plannedState: planned, requiresReplace, diagnostics, plannedPrivate: req.priorPrivate };
}

function replacementPaths(prior: ValueObject, planned: ValueObject, config: ValueObject): AttributePath[] {
  const paths: AttributePath[] = [];
  if (!sameValue(prior.application_id, planned.application_id)) paths.push(attrPath("application_id"));
  for (const a of REPLACE_WHEN_CONFIGURED) {
    if (config[a] !== null && !sameValue(prior[a], planned[a])) paths.push(attrPath(a));
  }
  const priorSubs = asObject(prior.submodules) ?? {};
  const plannedSubs = asObject(planned.submodules);
  const names = new Set([...Object.keys(priorSubs), ...Object.keys(plannedSubs ?? {})]);
  for (const name of [...names].sort()) {
    const before = asObject(priorSubs[name])?.revision_id ?? null;
    const after = isUnknown(planned.submodules)
      ? UNKNOWN
      : (asObject(plannedSubs?.[name])?.revision_id ?? null);
    if (!sameValue(before, after)) paths.push(attrPath("submodules", { key: name }, "revision_id"));
  }
  return paths;
}

/** Whether the change reaches the service (timeouts and manifest text are local only). */
function needsReconfigure(prior: ValueObject, config: ValueObject): boolean {
  const orEmpty = (v: Value | undefined) => (v === null || v === undefined ? {} : v);
  return (
    !sameValue(orEmpty(prior.parameters), orEmpty(config.parameters)) ||
    !sameValue(orEmpty(prior.submodules), orEmpty(config.submodules)) ||
    !sameValue(prior.revision_id, config.revision_id) ||
    (config.manifest_version !== null && !sameValue(prior.manifest_version, config.manifest_version))
  );
}

// ---- apply: create ----

export async function applyInstance(
  ctx: ProviderContext,
  req: ApplyResourceChangeRequest,
): Promise<ApplyResult> {
  const prior = asObject(req.priorState);
  const planned = asObject(req.plannedState);
  try {
    if (!planned) return prior ? await deleteInstance(ctx, prior) : { newState: null, diagnostics: [] };
    const config = asObject(req.config) ?? planned;
    if (!prior) return await createInstance(ctx, planned, config);
    return await updateInstance(ctx, prior, planned, config, req.plannedPrivate);
  } catch (e) {
    // a failure before anything reached the service (e.g. provider not configured)
    return {
      newState: req.priorState,
      diagnostics: [failureDiagnostic(`${INSTANCE_TYPE}: apply failed`, e)],
    };
  }
}

async function createInstance(
  ctx: ProviderContext,
  planned: ValueObject,
  config: ValueObject,
): Promise<ApplyResult> {
  const appId = knownString(planned, "application_id")!;
  const request = launchRequest(config);
  const deadline = Date.now() + timeoutMs(config, "create");
  let id: string;
  try {
    id = (await launchUnlessRefused(ctx, appId, request, deadline)).id;
  } catch (e) {
    if (errorCode(e) !== "E_OUTCOME_UNKNOWN") {
      return { newState: null, diagnostics: [failureDiagnostic(`Launch of application ${appId} failed`, e)] };
    }
    const found = await findLostLaunch(ctx, appId, request);
    if (typeof found !== "string") return { newState: null, diagnostics: [found] };
    id = found;
  }
  ctx.log.info("instance launched", { instance_id: id, application_id: appId });
  return awaitWorkflow(ctx, id, Math.max(deadline - Date.now(), 1), planned, "create", isSettled);
}

/**
 * The launch, sent again after a 429: the service refused it before acting, so nothing was created (unlike
 * a 5xx or a lost answer, which the client reports as OutcomeUnknownError and which are never resent).
 */
async function launchUnlessRefused(
  ctx: ProviderContext,
  appId: string,
  request: LaunchRequest,
  deadline: number,
): Promise<{ id: string }> {
  const { client } = ctx.service();
  for (let attempt = 1; ; attempt++) {
    ctx.signal.throwIfAborted(); // after StopProvider nothing new starts
    try {
      // Not cancelled by StopProvider: an abort mid-request would lose the id of an instance the service
      // may already have created (an orphan). The request is bounded by request_timeout anyway.
      return await client.launch(appId, request);
    } catch (e) {
      const waitMs = (e as { retryAfterMs?: number }).retryAfterMs ?? ctx.conflictRetryDelayMs;
      const refused = errorCode(e) === "E_RATE_LIMIT";
      if (!refused || attempt >= MAX_REFUSED_LAUNCHES || Date.now() + waitMs > deadline) throw e;
      ctx.log.info(`launch of application ${appId} refused (429); sending it again`, {
        application_id: appId,
        retry_in_ms: waitMs,
      });
      await abortableSleep(waitMs, ctx.signal);
    }
  }
}

/**
 * After a launch whose answer was lost: the instance named in the request, in its environment. Never
 * relaunches; without a name there is no safe way to tell, so the user is told how to import.
 */
async function findLostLaunch(
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
    // the service may register the instance a moment after the lost answer: look a few times
    let delayMs = ctx.conflictRetryDelayMs;
    for (let attempt = 1; ; attempt++) {
      const instances = await client.listInstances(envId, { signal: ctx.signal });
      const match = instances.find(
        (i) => i.name === name && i.application === appId && i.status !== "Destroyed",
      );
      if (match) {
        ctx.log.info("found the instance of a launch whose answer was lost", { instance_id: match.id });
        return match.id;
      }
      if (attempt === 3) break;
      await abortableSleep(delayMs, ctx.signal);
      delayMs *= 2;
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

function launchRequest(config: ValueObject): LaunchRequest {
  const req: LaunchRequest = {};
  const parameters = knownStringMap(config, "parameters");
  if (parameters) req.parameters = parameters;
  const name = knownString(config, "instance_name");
  if (name !== undefined) req.instanceName = name;
  const env = knownString(config, "environment_id");
  if (env !== undefined) req.environmentId = env;
  const revision = knownString(config, "revision_id");
  if (revision !== undefined) req.revisionId = revision;
  const version = knownNumber(config, "manifest_version");
  if (version !== undefined) req.version = version;
  const submodules = submoduleSettings(config, true);
  if (submodules) req.submodules = submodules;
  return req;
}

function submoduleSettings(
  config: ValueObject,
  withRevision: true,
): Record<string, LaunchSubmodule> | undefined;
function submoduleSettings(
  config: ValueObject,
  withRevision: false,
): Record<string, ReconfigureSubmodule> | undefined;
function submoduleSettings(
  config: ValueObject,
  withRevision: boolean,
): Record<string, LaunchSubmodule> | undefined {
  const entries = mapEntries(config, "submodules");
  if (entries.length === 0) return undefined;
  const out: Record<string, LaunchSubmodule> = {};
  for (const [name, value] of entries) {
    const s = asObject(value);
    const sub: LaunchSubmodule = {};
    const revision = knownString(s, "revision_id");
    if (withRevision && revision !== undefined) sub.revisionId = revision;
    const version = knownNumber(s, "manifest_version");
    if (version !== undefined) sub.manifestVersion = version;
    const parameters = knownStringMap(s, "parameters");
    if (parameters) sub.parameters = parameters;
    setOwn(out, name, sub);
  }
  return out;
}

// ---- waiting, shared by create and update ----

const isSettled = (s: InstanceStatus) =>
  s.status === "Running" || s.status === "Failed" || s.status === "Destroyed";

async function awaitWorkflow(
  ctx: ProviderContext,
  id: string,
  timeout: number,
  planned: ValueObject,
  operation: "create" | "update",
  until: (s: InstanceStatus) => boolean,
): Promise<ApplyResult> {
  let last: InstanceStatus | undefined;
  const taint =
    operation === "create"
      ? " terraform records the instance as tainted: the next apply destroys and recreates it."
      : " Run terraform apply again once the cause is fixed.";
  try {
    last = await ctx.service().wait(id, {
      until,
      timeoutMs: timeout,
      signal: ctx.signal,
      onProgress: (s, elapsedMs) => {
        last = s;
        ctx.log.info(`waiting for instance ${id}: ${s.status}`, {
          instance_id: id,
          status: s.status,
          workflow: s.workflow?.name ?? null,
          elapsed_ms: elapsedMs,
        });
      },
    });
  } catch (e) {
    const failed = errorCode(e) === "E_WORKFLOW_FAILED";
    return {
      newState: stateAfterApply(planned, id, last, failed ? "Failed" : undefined),
      diagnostics: [
        errorDiagnostic(`Instance ${id}: ${operation} did not complete`, `${errorMessage(e)}.${taint}`),
      ],
    };
  }
  const privateState = privateFromStatus(last);
  if (last.status === "Running")
    return { newState: stateAfterApply(planned, id, last), private: privateState, diagnostics: [] };
  return {
    newState: stateAfterApply(planned, id, last),
    private: privateState,
    diagnostics: [
      errorDiagnostic(
        `Instance ${id}: ${operation} ended with status ${last.status}`,
        `${last.errorMessage ?? "The service gave no error message"}.${taint}`,
      ),
    ],
  };
}

/**
 * The planned state with every unknown filled from the instance status (or a placeholder without one).
 * effective_parameters always comes from the status: if a planned value differs, terraform reports the
 * inconsistency instead of the state holding values the service does not have.
 */
function stateAfterApply(
  planned: ValueObject,
  id: string,
  s: InstanceStatus | undefined,
  status?: string,
): ValueObject {
  const fromStatus: ValueObject = {
    id,
    instance_name: s?.name ?? null,
    environment_id: s?.environment ?? null,
    manifest_version: s?.version ?? null,
    status: status ?? s?.status ?? "Requested",
    effective_parameters: stringMap(s?.parameters ?? {}),
    return_values: returnValueMap(s?.returnValues),
  };
  const out: ValueObject = { ...planned };
  for (const [k, v] of Object.entries(fromStatus)) if (isUnknown(out[k])) out[k] = v;
  if (s) out.effective_parameters = fromStatus.effective_parameters;
  for (const [k, v] of Object.entries(out)) if (isUnknown(v)) out[k] = null;
  return out;
}

// ---- read ----

export async function readInstance(
  ctx: ProviderContext,
  req: ReadResourceRequest,
): Promise<Diagnosed & { newState: Value; private?: Buffer }> {
  const prior = asObject(req.currentState);
  const id = knownString(prior, "id");
  if (!prior || id === undefined) return { newState: req.currentState, diagnostics: [] };
  let s: InstanceStatus;
  try {
    s = await ctx.service().client.getInstance(id, { signal: ctx.signal });
  } catch (e) {
    if (errorCode(e) === "E_NOT_FOUND") return removed(ctx, id, "it no longer exists");
    return {
      newState: req.currentState,
      diagnostics: [failureDiagnostic(`Reading instance ${id} failed`, e)],
    };
  }
  if (s.status === "Destroyed") return removed(ctx, id, "it is Destroyed");
  const imported = decodePrivate(req.private).imported === true;
  return { newState: refreshedState(prior, s, imported), private: privateFromStatus(s), diagnostics: [] };
}

function removed(ctx: ProviderContext, id: string, why: string): Diagnosed & { newState: Value } {
  ctx.log.info(`instance ${id} removed from state: ${why}`, { instance_id: id });
  return { newState: null, diagnostics: [] };
}

/**
 * The state as the service sees it. Only the parameters the configuration manages are refreshed (so
 * out-of-band changes show as drift); after an import every actual value is taken, submodule settings
 * included (see importedSubmodules).
 */
function refreshedState(prior: ValueObject, s: InstanceStatus, imported: boolean): ValueObject {
  return {
    ...prior,
    id: s.id,
    application_id: s.application,
    instance_name: s.name,
    environment_id: s.environment,
    revision_id: imported ? s.revision : prior.revision_id,
    manifest_version: s.version,
    parameters: imported ? stringMap(s.parameters) : managedValues(prior.parameters, s.parameters),
    submodules: imported ? importedSubmodules(s) : refreshedSubmodules(prior.submodules, s),
    status: s.status,
    effective_parameters: stringMap(s.parameters),
    return_values: returnValueMap(s?.returnValues),
  };
}

/**
 * Each submodule's revision, manifest version and free parameters, so that configuration generated from
 * an import reproduces the instance (a reconfigure resets every free value it does not list).
 *
 * Bound parameters must stay out (the service refuses them under submodules), but the status does not
 * say which are bound and the manifest is not known at import. The service gives a bound parameter the
 * value of the main parameter that binds it, so a submodule value equal to a main parameter's value is
 * taken as bound. A free value that merely equals one is left out too; the plan of any later reconfigure
 * then warns that it may be reset (instance-resets.ts), and setting `manifest` makes the plan exact.
 */
function importedSubmodules(s: InstanceStatus): Value {
  const mainValues = new Set(Object.values(s.parameters));
  const out: ValueObject = {};
  for (const [name, sub] of Object.entries(s.submodules)) {
    const free: Parameters = {};
    for (const [k, v] of Object.entries(sub.parameters)) if (!mainValues.has(v)) setOwn(free, k, v);
    setOwn(out, name, {
      revision_id: sub.revision,
      manifest_version: sub.manifestVersion,
      parameters: Object.keys(free).length > 0 ? stringMap(free) : null,
    });
  }
  return Object.keys(out).length > 0 ? out : null;
}

function managedValues(managed: Value, actual: Parameters): Value {
  const m = asObject(managed);
  if (!m) return managed;
  const out: Parameters = {};
  for (const k of Object.keys(m)) if (Object.hasOwn(actual, k)) out[k] = actual[k];
  return stringMap(out);
}

function refreshedSubmodules(priorSubs: Value, s: InstanceStatus): Value {
  const subs = asObject(priorSubs);
  if (!subs) return priorSubs;
  const out: ValueObject = {};
  for (const [name, value] of Object.entries(subs)) {
    const before = asObject(value);
    const actual = Object.hasOwn(s.submodules, name) ? s.submodules[name] : undefined;
    const after: Value =
      before && actual
        ? {
            ...before,
            manifest_version: before.manifest_version === null ? null : actual.manifestVersion,
            parameters: managedValues(before.parameters, actual.parameters),
          }
        : value;
    setOwn(out, name, after);
  }
  return out;
}

// ---- apply: update ----

async function updateInstance(
  ctx: ProviderContext,
  prior: ValueObject,
  planned: ValueObject,
  config: ValueObject,
  plannedPrivate: Buffer,
): Promise<ApplyResult> {
  const id = knownString(prior, "id")!;
  if (!needsReconfigure(prior, config)) {
    // nothing reaches the service: keep what the last read learnt (the plan passed it on)
    return { newState: stateAfterApply(planned, id, undefined), private: plannedPrivate, diagnostics: [] };
  }
  const request = reconfigureRequest(config);
  const timeout = timeoutMs(config, "update");
  const deadline = Date.now() + timeout;
  const sent = await sendWhenIdle(ctx, id, deadline, "reconfigure", () =>
    ctx.service().client.reconfigure(id, request, { signal: ctx.signal }),
  );
  if (sent !== true) return { newState: prior, diagnostics: [sent] };
  ctx.log.info("instance reconfiguration accepted", { instance_id: id });
  return awaitWorkflow(
    ctx,
    id,
    Math.max(deadline - Date.now(), 1),
    planned,
    "update",
    (s) =>
      s.status === "Failed" || (s.status === "Running" && workflowDone(s) && listedValuesVisible(s, request)),
  );
}

/** The complete desired configuration: the service resets whatever a reconfigure does not list. */
function reconfigureRequest(config: ValueObject): ReconfigureRequest {
  const req: ReconfigureRequest = { parameters: knownStringMap(config, "parameters") ?? {} };
  const revision = knownString(config, "revision_id");
  if (revision !== undefined) req.revisionId = revision;
  const version = knownNumber(config, "manifest_version");
  if (version !== undefined) req.manifestVersion = version;
  const submodules = submoduleSettings(config, false);
  if (submodules) req.submodules = submodules;
  return req;
}

function workflowDone(s: InstanceStatus): boolean {
  return (
    s.workflow === null ||
    !/^(requested|pending|running|executing|in[ _-]?progress)$/i.test(s.workflow.status)
  );
}

function listedValuesVisible(s: InstanceStatus, req: ReconfigureRequest): boolean {
  const same = (want: Parameters | undefined, actual: Parameters | undefined) =>
    Object.entries(want ?? {}).every(([k, v]) => actual?.[k] === v);
  if (req.manifestVersion !== undefined && s.version !== req.manifestVersion) return false;
  if (!same(req.parameters, s.parameters)) return false;
  return Object.entries(req.submodules ?? {}).every(([name, sub]) => {
    const actual = Object.hasOwn(s.submodules, name) ? s.submodules[name] : undefined;
    if (!actual) return false;
    if (sub.manifestVersion !== undefined && actual.manifestVersion !== sub.manifestVersion) return false;
    return same(sub.parameters, actual.parameters);
  });
}

/**
 * Sends a workflow request, retrying while the service answers 409 (another workflow runs) until the
 * deadline. True when accepted, else the diagnostic to report.
 */
async function sendWhenIdle(
  ctx: ProviderContext,
  id: string,
  deadline: number,
  what: string,
  send: () => Promise<unknown>,
): Promise<true | Diagnostic> {
  let delayMs = ctx.conflictRetryDelayMs;
  for (;;) {
    try {
      await send();
      return true;
    } catch (e) {
      const busy = errorCode(e) === "E_CONFLICT";
      if (!busy || Date.now() + delayMs > deadline) {
        const detail = busy
          ? `${errorMessage(e)}. The instance was still busy when the timeout ran out: raise timeouts or apply again later.`
          : errorMessage(e);
        return errorDiagnostic(`Instance ${id}: ${what} failed`, detail);
      }
      ctx.log.info(`instance ${id} is busy with another workflow; retrying ${what}`, {
        instance_id: id,
        retry_in_ms: delayMs,
      });
      try {
        await abortableSleep(delayMs, ctx.signal);
      } catch (stopped) {
        return failureDiagnostic(`Instance ${id}: ${what} failed`, stopped);
      }
      delayMs = Math.min(delayMs * 2, MAX_CONFLICT_DELAY_MS);
    }
  }
}

// ---- apply: delete ----

async function deleteInstance(ctx: ProviderContext, prior: ValueObject): Promise<ApplyResult> {
  const id = knownString(prior, "id");
  if (id === undefined) return { newState: null, diagnostics: [] };
  const { client } = ctx.service();
  const timeout = timeoutMs(prior, "delete");
  const deadline = Date.now() + timeout;
  const gone = { newState: null, diagnostics: [] };
  let current: InstanceStatus;
  try {
    current = await client.getInstance(id, { signal: ctx.signal });
  } catch (e) {
    if (errorCode(e) === "E_NOT_FOUND") return gone;
    return { newState: prior, diagnostics: [failureDiagnostic(`Instance ${id}: destroy failed`, e)] };
  }
  if (current.status === "Destroyed") return gone;
  if (current.status !== "Destroying") {
    let notFound = false;
    const sent = await sendWhenIdle(ctx, id, deadline, "destroy", async () => {
      try {
        await client.destroy(id, { signal: ctx.signal });
      } catch (e) {
        if (errorCode(e) !== "E_NOT_FOUND") throw e;
        notFound = true;
      }
    });
    if (notFound) return gone;
    if (sent !== true) return { newState: prior, diagnostics: [sent] };
    ctx.log.info("instance destroy accepted", { instance_id: id });
  }
  try {
    await ctx.service().wait(id, {
      until: (s) => s.status === "Destroyed",
      timeoutMs: Math.max(deadline - Date.now(), 1),
      signal: ctx.signal,
      onProgress: (s, elapsedMs) =>
        ctx.log.info(`waiting for instance ${id}: ${s.status}`, {
          instance_id: id,
          status: s.status,
          elapsed_ms: elapsedMs,
        }),
    });
  } catch (e) {
    if (errorCode(e) === "E_NOT_FOUND") return gone;
    return {
      newState: prior,
      diagnostics: [
        errorDiagnostic(
          `Instance ${id}: destroy did not complete`,
          `${errorMessage(e)}. The instance stays in the state; run terraform destroy (or apply) again.`,
        ),
      ],
    };
  }
  return gone;
}

// ---- import ----

const IMPORT_FORMS =
  "the instance id (a 24-character lowercase hexadecimal string) or ENVIRONMENT_ID/INSTANCE_NAME " +
  '(e.g. "5f0000000000000000000e01/webshop")';

/** Import by instance id, or by ENVIRONMENT_ID/INSTANCE_NAME (looked up among the environment's instances). */
export async function importInstance(
  ctx: ProviderContext,
  req: ImportResourceStateRequest,
): Promise<Diagnosed & { importedResources: ImportedResource[] }> {
  const given = req.id.trim();
  const failed = (summary: string, detail: string) => ({
    importedResources: [],
    diagnostics: [errorDiagnostic(summary, detail)],
  });
  let id = given;
  if (!ID_PATTERN.test(given)) {
    const slash = given.indexOf("/");
    const envId = given.slice(0, slash);
    const name = given.slice(slash + 1);
    if (slash < 0 || !ID_PATTERN.test(envId) || name === "") {
      return failed(
        "Invalid import id",
        `Import ${INSTANCE_TYPE} by ${IMPORT_FORMS}; got ${JSON.stringify(req.id.slice(0, 80))}.`,
      );
    }
    try {
      id = await instanceNamed(ctx, envId, name);
    } catch (e) {
      return failed(
        "Cannot import instance",
        `Looking up instance ${JSON.stringify(name)} in environment ${envId} failed: ${errorMessage(e)}.`,
      );
    }
  }
  const state: ValueObject = {};
  for (const a of schema.block.attributes) state[a.name] = null;
  state.id = id;
  return {
    importedResources: [{ typeName: INSTANCE_TYPE, state, private: encodePrivate({ imported: true }) }],
    diagnostics: [],
  };
}

/** The id of the one live instance named `name` in the environment, or why there is none. */
async function instanceNamed(ctx: ProviderContext, envId: string, name: string): Promise<string> {
  const instances = await ctx.service().client.listInstances(envId, { signal: ctx.signal });
  const matches = instances.filter((i) => i.name === name && i.status !== "Destroyed");
  if (matches.length === 1) return matches[0].id;
  if (matches.length === 0) {
    throw new Error(
      `environment ${envId} has no instance named ${JSON.stringify(name)} (destroyed ones do not count); ` +
        "check the name, or import by instance id",
    );
  }
  throw new Error(
    `environment ${envId} has ${matches.length} instances named ${JSON.stringify(name)} ` +
      `(${matches.map((m) => m.id).join(", ")}); import the one you mean by its instance id`,
  );
}

// ---- helpers ----

function timeoutMs(obj: ValueObject, op: "create" | "update" | "delete"): number {
  const text = knownString(asObject(obj.timeouts), op) ?? DEFAULT_TIMEOUT;
  const ms = parseDuration(text);
  return ms instanceof Error ? (parseDuration(DEFAULT_TIMEOUT) as number) : ms;
}
