// Endpoints of instances: launching one, listing them, reading one's status (with its submodules), and the
// calls that start its workflows (reconfigure, destroy, any the manifest declares) or remove its record.
import { ConfigError, NotFoundError } from "../errors";
import * as normalise from "../normalise";
import { setOwn } from "../../util/own";
import { WORKFLOW_NAME } from "../../service/limits";
import type { ServiceCalls } from "../service-calls";
import type {
  CallOptions,
  InstanceStatus,
  InstanceSummary,
  LaunchRequest,
  OperationAccepted,
  ReconfigureRequest,
} from "../types";
import { checkId, checkLaunchRequest, checkReconfigureRequest } from "../validate";

async function listInstances(
  calls: ServiceCalls,
  envId: string,
  o?: CallOptions,
): Promise<InstanceSummary[]> {
  const path = `/environments/${checkId("environmentId", envId)}/instances`;
  return calls.api("listInstances", "GET", path, undefined, o, normalise.instanceSummaries);
}

/** The application's top-level instances, in every environment. */
async function listApplicationInstances(
  calls: ServiceCalls,
  appId: string,
  o?: CallOptions,
): Promise<InstanceSummary[]> {
  const path = `/applications/${checkId("applicationId", appId)}/instances`;
  return calls.api("listApplicationInstances", "GET", path, undefined, o, normalise.instanceSummaries);
}

/** The top-level instances launched from a named revision. */
async function listRevisionInstances(
  calls: ServiceCalls,
  revisionId: string,
  o?: CallOptions,
): Promise<InstanceSummary[]> {
  const path = `/revisions/${checkId("revisionId", revisionId)}/instances`;
  return calls.api("listRevisionInstances", "GET", path, undefined, o, normalise.instanceSummaries);
}

/** Resent only as the launch-once rule allows (launch-once.ts); a lost answer is OutcomeUnknownError. */
async function launch(
  calls: ServiceCalls,
  appId: string,
  req: LaunchRequest,
  o?: CallOptions,
): Promise<OperationAccepted> {
  const path = `/applications/${checkId("applicationId", appId)}/launch`;
  checkLaunchRequest(req);
  return calls.api("launch", "POST", path, req, o, normalise.operationAccepted);
}

async function reconfigure(
  calls: ServiceCalls,
  instanceId: string,
  req: ReconfigureRequest,
  o?: CallOptions,
): Promise<OperationAccepted> {
  const path = `/instances/${checkId("instanceId", instanceId)}/configuration`;
  checkReconfigureRequest(req);
  return calls.api("reconfigure", "PUT", path, req, o, normalise.operationAccepted);
}

/**
 * The instance's status with each submodule's settings. The service lists submodules as `components`,
 * instances of their own: each is read through its own status call, all in parallel (one more call per
 * submodule), and the components a submodule's status lists in turn are its own submodules, keyed by path
 * ("db/replica"). A status that carries a `submodules` map (older services) needs no further reads.
 */
async function getInstance(calls: ServiceCalls, id: string, o?: CallOptions): Promise<InstanceStatus> {
  return readSubmodules(calls, await getInstanceStatus(calls, id, o), "all", o);
}

/** The instance's own status, one call: `submodules` stays empty unless the service sends a map. */
async function getInstanceStatus(calls: ServiceCalls, id: string, o?: CallOptions): Promise<InstanceStatus> {
  return readStatus(calls, checkId("instanceId", id), o);
}

/**
 * `status` with the settings of its submodules at `paths` ("all", or path keys) read into `submodules`, and
 * of their parents, through which nested ones are found; none read when the status carries a map.
 */
async function readSubmodules(
  calls: ServiceCalls,
  status: InstanceStatus,
  paths: "all" | ReadonlySet<string>,
  o?: CallOptions,
): Promise<InstanceStatus> {
  if (status.components.length === 0 || Object.keys(status.submodules).length > 0) return status;
  const wanted = (key: string) =>
    paths === "all" || paths.has(key) || [...paths].some((p) => p.startsWith(`${key}/`));
  const submodules: InstanceStatus["submodules"] = {};
  await readComponents(calls, status.components, "", wanted, submodules, o);
  return { ...status, submodules };
}

/** Reads the wanted `components` (in parallel) into `into` under `prefix` + name, then their own below them. */
async function readComponents(
  calls: ServiceCalls,
  components: InstanceStatus["components"],
  prefix: string,
  wanted: (key: string) => boolean,
  into: InstanceStatus["submodules"],
  o: CallOptions | undefined,
): Promise<void> {
  const chosen = components.filter((c) => wanted(prefix + c.name));
  const read = await Promise.all(
    chosen.map((c) =>
      readStatus(calls, checkId("components[].id", c.id), o).catch((err: unknown) => {
        // A submodule instance removed between the two reads (its parent being destroyed) has no settings.
        if (err instanceof NotFoundError) return undefined;
        throw err;
      }),
    ),
  );
  const below: Promise<void>[] = [];
  chosen.forEach((c, i) => {
    const s = read[i];
    if (!s) return;
    const key = prefix + c.name;
    setOwn(into, key, { manifestVersion: s.version, revision: s.revision, parameters: s.parameters });
    if (s.components.length > 0) below.push(readComponents(calls, s.components, `${key}/`, wanted, into, o));
  });
  await Promise.all(below);
}

async function readStatus(
  calls: ServiceCalls,
  id: string,
  o: CallOptions | undefined,
): Promise<InstanceStatus> {
  return calls.api("getInstance", "GET", `/instances/${id}`, undefined, o, normalise.instanceStatus);
}

/** The workflow `destroy`; `parameters` are the workflow's own, if the manifest declares any. */
async function destroy(
  calls: ServiceCalls,
  id: string,
  o?: CallOptions,
  parameters: Record<string, string> = {},
): Promise<OperationAccepted> {
  const path = `/instances/${checkId("instanceId", id)}/destroy`;
  return calls.api("destroy", "POST", path, parameters, o, normalise.operationAccepted);
}

/**
 * Runs a workflow the instance's manifest declares (`POST /instances/{id}/{workflow}`) with its parameters.
 * Not idempotent (each call is a run); with o.deadline a 409 (another workflow runs) is resent until it.
 */
async function runWorkflow(
  calls: ServiceCalls,
  id: string,
  workflow: string,
  parameters: Record<string, string> = {},
  o?: CallOptions,
): Promise<OperationAccepted> {
  if (!WORKFLOW_NAME.test(workflow))
    throw new ConfigError("workflow", `workflow name ${JSON.stringify(workflow)} is not a workflow's name`);
  const path = `/instances/${checkId("instanceId", id)}/${workflow}`;
  return calls.api("runWorkflow", "POST", path, parameters, o, normalise.operationAccepted);
}

/** Removes the instance record whatever its status (`DELETE ...?force=true`). */
/** Sets the instance's user data (`PUT /instances/{id}/userData`); its status shows it as `userData`. */
async function putUserData(
  calls: ServiceCalls,
  id: string,
  userData: string,
  o?: CallOptions,
): Promise<void> {
  const path = `/instances/${checkId("instanceId", id)}/userData`;
  await calls.api("putUserData", "PUT", path, { userData }, o, () => undefined);
}

async function forceDelete(calls: ServiceCalls, id: string, o?: CallOptions): Promise<void> {
  const path = `/instances/${checkId("instanceId", id)}?force=true`;
  await calls.api("forceDelete", "DELETE", path, undefined, o, () => undefined);
}

/** The endpoints of this service area, each sent through `calls`. */
export const instanceEndpoints = {
  listInstances,
  listApplicationInstances,
  listRevisionInstances,
  launch,
  reconfigure,
  getInstance,
  getInstanceStatus,
  readSubmodules,
  destroy,
  runWorkflow,
  forceDelete,
  putUserData,
};
