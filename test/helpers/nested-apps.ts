// A two-level hierarchy of applications for the nested-submodule tests (issue 19, item 4), built through
// the API on top of the demo seed (which stays as it is): `stack` launches submodule `db` (application
// `pg-cluster`), which launches its own submodule `replica` (application `replica`).
//
//   db/replica input.lag   free: set under submodules["db/replica"]
//   db/replica input.size  bound by db's pin replica-size: set submodules["db"].parameters["input.replica-size"]
//   db input.engine        bound by the main pin db-engine: set parameters["input.db-engine"]
import type { AppMgmtClient, InstanceStatus } from "../../src/client";

export const REPLICA_MANIFEST = `application:
  configuration:
    input.size: small
    input.lag: 10s
  interfaces:
    input:
      size: configuration(string)
      lag: configuration(string)
`;

/** The `replica` component as both pg-cluster's manifest and the stack's nested declaration write it. */
function replicaComponent(replicaId: string, indent: string): string {
  return [
    "replica:",
    "  type: reference.Submodule",
    "  configuration:",
    `    __locator.application-id: "${replicaId}"`,
    "  interfaces:",
    "    input:",
    "      size: configuration(string)",
    "      lag: configuration(string)",
  ]
    .map((line) => `${indent}${line}\n`)
    .join("");
}

export function clusterManifest(replicaId: string): string {
  return `application:
  configuration:
    input.engine: postgres-15
    input.replica-size: small
  interfaces:
    input:
      engine: configuration(string)
      replica-size: bind(replica#input.size)
  components:
${replicaComponent(replicaId, "    ")}`;
}

export function stackManifest(clusterId: string, replicaId: string): string {
  return `application:
  configuration:
    input.app-fork: master
    input.db-engine: postgres-15
  interfaces:
    input:
      app-fork: configuration(string)
      db-engine: bind(db#input.engine)
  components:
    db:
      type: reference.Submodule
      configuration:
        __locator.application-id: "${clusterId}"
      interfaces:
        input:
          engine: configuration(string)
          replica-size: bind(replica#input.size)
      components:
${replicaComponent(replicaId, "        ")}`;
}

/**
 * What the service reports of a running stack: the main values, db's (its engine bound to db-engine) and
 * replica's (its size bound to db's replica-size, its lag set by hand to 5s). The provider's plan, the review
 * and the rules read the same estate.
 */
export const NESTED_STATUS = {
  parameters: { "input.app-fork": "master", "input.db-engine": "postgres-15" },
  submodules: {
    db: {
      manifestVersion: 1,
      revision: null,
      parameters: { "input.engine": "postgres-15", "input.replica-size": "small" },
    },
    "db/replica": {
      manifestVersion: 1,
      revision: null,
      parameters: { "input.size": "small", "input.lag": "5s" },
    },
  },
} satisfies Pick<InstanceStatus, "parameters" | "submodules">;

export interface NestedApps {
  stackId: string;
  clusterId: string;
  replicaId: string;
  /** The stack's manifest text (version 1). */
  stackManifest: string;
}

/** Creates replica, pg-cluster and stack in the organization, each with its manifest (bottom up). */
export async function createNestedApps(client: AppMgmtClient, orgId: string): Promise<NestedApps> {
  const create = async (name: string, manifest: (ids: string[]) => string, ...ids: string[]) => {
    const { id } = await client.createApplication(orgId, { name });
    await client.uploadManifest(id, manifest(ids));
    return id;
  };
  const replicaId = await create("replica", () => REPLICA_MANIFEST);
  const clusterId = await create("pg-cluster", () => clusterManifest(replicaId));
  const stack = stackManifest(clusterId, replicaId);
  const stackId = await create("stack", () => stack);
  return { stackId, clusterId, replicaId, stackManifest: stack };
}

/** The grandchild instance itself: the top-level status lists db, db's own status lists replica. */
export async function grandchild(client: AppMgmtClient, id: string): Promise<InstanceStatus> {
  const top = await client.getInstance(id);
  const db = await client.getInstance(top.components.find((c) => c.name === "db")!.id);
  return client.getInstance(db.components.find((c) => c.name === "replica")!.id);
}
