// Waiting for an instance's workflow, shared by create and update, and the state it leaves behind.

import type { InstanceStatus } from "../../client/types";
import { readsWhole, type WaitOptions } from "../../client/waiters";
import {
  errorCode,
  errorDiagnostic,
  errorMessage,
  isUnknown,
  type ValueObject,
  warningDiagnostic,
} from "../../terraform-model";
import type { ProviderContext } from "../context";
import { timeoutOrDefault } from "../duration";
import type { ApplyResult } from "../resource";
import { DEFAULT_TIMEOUT } from "../schema";
import { returnValueMap, stringMap } from "../values";
import {
  decodeInstance,
  encodeInstance,
  encodeSubmoduleValues,
  known,
  submoduleValues,
  type InstanceModel,
} from "./model";
import type { TimeoutOperation } from "./schema";
import { encodePrivate } from "./private";
import { wholeReadMark } from "./refresh-reads";
import { UnreachableWatch } from "./unreachable";
import { defaultsLeft } from "./submodule-defaults";
import { plainReturnValues, stateSecretNames, withoutSecretValues } from "./secrets";

export const isSettled = (s: InstanceStatus) =>
  s.status === "Running" || s.status === "Failed" || s.status === "Destroyed";

/** A wait's warning, once per word, for a status word in no row of the table (src/service/wire.ts): it never ends the wait. */
export const warnUnknownStatus = (ctx: ProviderContext, id: string) => (status: string) =>
  ctx.log.warn(
    `instance ${id} reports status ${JSON.stringify(status)}, which this provider does not know; still waiting`,
    { instance_id: id, status },
  );

/** While polls fail (the service unreachable), a warning at most this often: not silence for 30 minutes. */
export const UNREACHABLE_WARNING_INTERVAL_MS = 60_000;

/** The configured timeout of an operation in milliseconds (the default when unset). */
export function timeoutMs(m: InstanceModel, op: TimeoutOperation): number {
  return timeoutOrDefault(known(known(m.timeouts)?.[op] ?? null), DEFAULT_TIMEOUT);
}

/**
 * What the waiter learns poll timing by: workflows of one kind on one application tend to take alike
 * (a destroy is usually quicker than a launch of the same application).
 */
export const workflowKind = (operation: TimeoutOperation, applicationId: string | undefined) =>
  `${operation} ${applicationId ?? ""}`;

export async function awaitWorkflow(
  ctx: ProviderContext,
  id: string,
  timeout: number,
  planned: InstanceModel,
  operation: "create" | "update",
  until: (s: InstanceStatus) => boolean,
  /** For an update: the history's length before its call (WaitOptions.startedAfter). */
  startedAfter?: number,
): Promise<ApplyResult> {
  const taint =
    operation === "create"
      ? " terraform records the instance as tainted: the next apply destroys and recreates it."
      : " Run terraform apply again once the cause is fixed.";
  const service = ctx.service();
  const unreachable = new UnreachableWatch(ctx.signal, service.unreachableTimeoutMs);
  const watch = waitWatch(ctx, id, until, unreachable);
  let last: InstanceStatus;
  try {
    last = await service.wait(id, {
      until,
      startedAfter,
      timeoutMs: timeout,
      signal: unreachable.signal,
      durationKey: workflowKind(operation, known(planned.applicationId)),
      ...watch.hooks,
    });
  } catch (e) {
    const code = errorCode(e);
    const stopped = code === "E_WORKFLOW_STOPPED" ? (e as { status: string }).status : undefined;
    const cutShort = code === "E_TIMEOUT" || code === "E_ABORTED";
    const why = unreachable.stoppedBecause() ?? errorMessage(e);
    const { last: seen, whole } = watch.seen;
    return {
      newState: stateAfterApply(planned, id, seen, {
        status: code === "E_WORKFLOW_FAILED" ? "Failed" : stopped,
        submodulesRead: whole,
      }),
      private: readMark(seen, whole),
      diagnostics: [
        errorDiagnostic(
          `Instance ${id}: ${operation} did not complete`,
          `${why}.${taint}${operation === "create" && cutShort ? UNTAINT_HINT : ""}`,
        ),
      ],
    };
  }
  const silence = unreachable.silenceNote();
  const result = { newState: stateAfterApply(planned, id, last), private: readMark(last, true, planned) };
  if (last.status === "Running")
    return {
      ...result,
      diagnostics: silence
        ? [warningDiagnostic(`Instance ${id}: the service was unreachable for a while`, silence)]
        : [],
    };
  return {
    ...result,
    diagnostics: [
      errorDiagnostic(
        `Instance ${id}: ${operation} ended with status ${last.serviceStatus ?? last.status}`,
        `${last.errorMessage ?? "The service gave no error message"}.${taint}`,
      ),
    ],
  };
}

/**
 * What a wait sees as it goes: the last status (and whether it was read whole: only the status that may end the
 * wait is, waiters.ts), each poll logged, the outage watch fed, and a warning at most every
 * UNREACHABLE_WARNING_INTERVAL_MS while the service does not answer.
 */
function waitWatch(
  ctx: ProviderContext,
  id: string,
  until: (s: InstanceStatus) => boolean,
  unreachable: UnreachableWatch,
) {
  const seen: { last?: InstanceStatus; whole: boolean } = { whole: false };
  let lastWarningMs: number | undefined;
  const hooks: Pick<WaitOptions, "onProgress" | "onPollFailure" | "onUnknownStatus"> = {
    onProgress: (s, elapsedMs) => {
      seen.last = s;
      seen.whole = readsWhole(s, until);
      unreachable.polled(s, elapsedMs);
      ctx.log.info(`waiting for instance ${id}: ${s.serviceStatus ?? s.status}`, {
        instance_id: id,
        status: s.serviceStatus ?? s.status,
        workflow: s.workflow?.name ?? null,
        elapsed_ms: elapsedMs,
      });
    },
    onPollFailure: (err, elapsedMs) => {
      unreachable.failed(err, elapsedMs);
      if (lastWarningMs !== undefined && elapsedMs - lastWarningMs < UNREACHABLE_WARNING_INTERVAL_MS) return;
      lastWarningMs = elapsedMs;
      ctx.log.warn(`waiting for instance ${id}: the service did not answer; still waiting`, {
        instance_id: id,
        elapsed_ms: elapsedMs,
        last_error: errorMessage(err),
      });
    },
    onUnknownStatus: warnUnknownStatus(ctx, id),
  };
  return { seen, hooks };
}

/**
 * What the next refresh needs to know of the whole read that ended the wait (read.ts), and, when the workflow
 * of `applied` settled Running, the submodule values it left to their defaults (submodule-defaults.ts).
 */
function readMark(s: InstanceStatus | undefined, whole: boolean, applied?: InstanceModel) {
  if (!s || !whole) return undefined;
  const defaults =
    applied && s.status === "Running"
      ? defaultsLeft(applied, withoutSecretValues(s, stateSecretNames(applied)))
      : undefined;
  const historyAtFullRead = applied ? wholeReadMark(s, applied) : s.workflowHistory.length || undefined;
  return historyAtFullRead || defaults ? encodePrivate({ historyAtFullRead, defaults }) : undefined;
}

/** The wait ended without an answer about the instance, which may well be healthy: how to keep it. */
const UNTAINT_HINT =
  " The wait was cut short, not the launch: the instance may still become (or be) Running. If the service " +
  "shows it Running, keep it with `terraform untaint ADDRESS`, ADDRESS being this resource's address (shown " +
  "with this error), before the next apply.";

/**
 * The planned state with every unknown filled from the instance status (or a placeholder without one).
 * effective_parameters and effective_submodules always come from the status: if a planned value differs, terraform reports the
 * inconsistency instead of the state holding values the service does not have. A status whose submodules were
 * not read (a wait cut short before the workflow settled) leaves effective_submodules as planned, else null.
 */
export function stateAfterApply(
  planned: InstanceModel,
  id: string,
  s: InstanceStatus | undefined,
  { status, submodulesRead = true }: { status?: string; submodulesRead?: boolean } = {},
): ValueObject {
  s = s && withoutSecretValues(s, stateSecretNames(planned));
  const returnValues = plainReturnValues(
    returnValueMap(s?.returnValues) as Record<string, string>,
    planned.sensitiveReturnValues,
  );
  const fromStatus: ValueObject = {
    id,
    instance_name: s?.name ?? null,
    environment_id: s?.environment ?? null,
    manifest_version: s?.version ?? null,
    status: status ?? s?.status ?? "Requested",
    effective_parameters: stringMap(s?.parameters ?? {}),
    effective_submodules: !s ? {} : submodulesRead ? encodeSubmoduleValues(submoduleValues(s)) : null,
    return_values: stringMap(returnValues),
  };
  const out = encodeInstance(planned);
  for (const [k, v] of Object.entries(fromStatus)) if (isUnknown(out[k])) out[k] = v;
  if (s) {
    out.effective_parameters = fromStatus.effective_parameters;
    if (submodulesRead) out.effective_submodules = fromStatus.effective_submodules;
  }
  for (const [k, v] of Object.entries(out)) if (isUnknown(v)) out[k] = null;
  // the status's effective values are whole: stored without what the configuration sets
  return encodeInstance(decodeInstance(out));
}
