// Endpoints of environments: an organization's list, and each environment's policies (YAML both ways),
// properties, markers and clones (docs/service-api.md, "Environments").
import * as normalise from "../normalise";
import { operationAccepted, ShapeError } from "../normalise";
import type { ServiceCalls } from "../service-calls";
import type { CallOptions, EnvironmentProperty, EnvironmentSummary, OperationAccepted } from "../types";
import { checkId } from "../validate";

async function listEnvironments(
  calls: ServiceCalls,
  orgId: string,
  o?: CallOptions,
): Promise<EnvironmentSummary[]> {
  const path = `/organizations/${checkId("organizationId", orgId)}/environments`;
  return calls.api("listEnvironments", "GET", path, undefined, o, normalise.environments);
}

/** The endpoints of this service area, each sent through `calls`. */
export const environmentEndpoints = { listEnvironments };

const YAML = "application/x-yaml";

/** What these calls need of the exchange loop: ServiceCalls (a recording fake in the provider's tests). */
export type ApiCalls = Pick<ServiceCalls, "api">;

export class EnvironmentCalls {
  constructor(private readonly calls: ApiCalls) {}

  /** The environment's policies as the service exports them (YAML text). */
  getPolicies(envId: string, o?: CallOptions): Promise<string> {
    return this.calls.api(
      "getEnvironmentPolicies",
      "GET",
      path(envId),
      undefined,
      o,
      (text) => text as string,
      YAML,
    );
  }

  /** Imports `yamlText` as the environment's policies (replacing them). */
  async putPolicies(envId: string, yamlText: string, o?: CallOptions): Promise<void> {
    await this.calls.api(
      "putEnvironmentPolicies",
      "PUT",
      path(envId),
      { raw: yamlText, contentType: YAML },
      o,
      () => undefined,
    );
  }

  getProperties(envId: string, o?: CallOptions): Promise<EnvironmentProperty[]> {
    return this.calls.api(
      "getEnvironmentProperties",
      "GET",
      `${path(envId)}/properties`,
      undefined,
      o,
      properties,
    );
  }

  /** Replaces the environment's properties with `list`. */
  async putProperties(envId: string, list: EnvironmentProperty[], o?: CallOptions): Promise<void> {
    await this.calls.api(
      "putEnvironmentProperties",
      "PUT",
      `${path(envId)}/properties`,
      { properties: list.map((p) => ({ name: p.name, type: p.type, value: p.value })) },
      o,
      () => undefined,
    );
  }

  /** The environment's marker names (`{"markers": [{"name"}]}`; a bare list and bare names are read too). */
  getMarkers(envId: string, o?: CallOptions): Promise<string[]> {
    return this.calls.api("getEnvironmentMarkers", "GET", `${path(envId)}/markers`, undefined, o, markers);
  }

  /** Replaces the environment's markers with `names`. */
  async putMarkers(envId: string, names: string[], o?: CallOptions): Promise<void> {
    await this.calls.api(
      "putEnvironmentMarkers",
      "PUT",
      `${path(envId)}/markers`,
      { markers: names.map((name) => ({ name })) },
      o,
      () => undefined,
    );
  }

  /**
   * A new environment with the source's policies, properties and markers, named `name` (the service's default:
   * "Copy of <name>"). It is not online at once: see EnvironmentSummary.online. Never resent once the request may
   * have arrived (a lost answer is OutcomeUnknownError): the caller looks the clone up by name.
   */
  clone(envId: string, name?: string, o?: CallOptions): Promise<OperationAccepted> {
    return this.calls.api(
      "cloneEnvironment",
      "POST",
      `${path(envId)}/clone`,
      name === undefined ? {} : { name },
      o,
      operationAccepted,
    );
  }
}

function path(envId: string): string {
  return `/environments/${checkId("environmentId", envId)}`;
}

/**
 * The list in `{"<key>": [...]}`, the documented shape (docs/service-api.md, "Environments"), or a bare list,
 * which the project sent and served before.
 */
function wrappedList(body: unknown, key: "markers" | "properties"): unknown[] {
  const inner =
    body !== null && typeof body === "object" && !Array.isArray(body)
      ? (body as Record<string, unknown>)[key]
      : body;
  if (!Array.isArray(inner)) throw new ShapeError(`${key} is neither {"${key}": [...]} nor a JSON array`);
  return inner;
}

function properties(body: unknown): EnvironmentProperty[] {
  return wrappedList(body, "properties").map((p: unknown, i) => {
    const r = (p ?? {}) as Record<string, unknown>;
    if (typeof r.name !== "string") throw new ShapeError(`properties[${i}].name is missing or not a string`);
    const value = r.value;
    return {
      name: r.name,
      type: typeof r.type === "string" && r.type !== "" ? r.type : "string",
      // A typed property may come back as a JSON number or boolean: keep it as the text it stands for.
      value:
        typeof value === "string"
          ? value
          : value === undefined || value === null
            ? ""
            : JSON.stringify(value),
    };
  });
}

function markers(body: unknown): string[] {
  return wrappedList(body, "markers").map((m: unknown, i) => {
    const name = typeof m === "string" ? m : (m as { name?: unknown } | null)?.name;
    if (typeof name !== "string") throw new ShapeError(`markers[${i}] is neither a name nor {"name"}`);
    return name;
  });
}
