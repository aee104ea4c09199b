// The environment calls (docs/service-api.md, "Environments"): policies exported and imported as YAML,
// properties, markers, and clones. One file for the service area; each call goes through the client's one
// exchange (retries, session tokens, answer limits) by the `send` it is given.
import type { CallName } from "./retry-policy";
import type { CallOptions, EnvironmentProperty, OperationAccepted } from "./types";
import { operationAccepted, ShapeError } from "./normalise";
import { checkId } from "./validate";

/** How an endpoint file sends one call; `answer: "text"` reads the body as text instead of JSON. */
export type Send = <T>(call: {
  name: CallName;
  method: string;
  path: string;
  body?: unknown;
  contentType?: string;
  answer?: "json" | "text";
  o?: CallOptions;
  read: (answer: unknown) => T;
}) => Promise<T>;

const YAML = "application/x-yaml";

export class EnvironmentCalls {
  constructor(private readonly send: Send) {}

  /** The environment's policies as the service exports them (YAML text). */
  getPolicies(envId: string, o?: CallOptions): Promise<string> {
    return this.send({
      name: "getEnvironmentPolicies",
      method: "GET",
      path: path(envId),
      answer: "text",
      contentType: YAML,
      o,
      read: (text) => text as string,
    });
  }

  /** Imports `yamlText` as the environment's policies (replacing them). */
  async putPolicies(envId: string, yamlText: string, o?: CallOptions): Promise<void> {
    await this.send({
      name: "putEnvironmentPolicies",
      method: "PUT",
      path: path(envId),
      body: yamlText,
      contentType: YAML,
      o,
      read: () => undefined,
    });
  }

  getProperties(envId: string, o?: CallOptions): Promise<EnvironmentProperty[]> {
    return this.send({
      name: "getEnvironmentProperties",
      method: "GET",
      path: `${path(envId)}/properties`,
      o,
      read: properties,
    });
  }

  /** Replaces the environment's properties with `list`. */
  async putProperties(envId: string, list: EnvironmentProperty[], o?: CallOptions): Promise<void> {
    await this.send({
      name: "putEnvironmentProperties",
      method: "PUT",
      path: `${path(envId)}/properties`,
      body: list.map((p) => ({ name: p.name, type: p.type, value: p.value })),
      o,
      read: () => undefined,
    });
  }

  /** The environment's marker names (the service lists `{name}` objects; bare names are read too). */
  getMarkers(envId: string, o?: CallOptions): Promise<string[]> {
    return this.send({
      name: "getEnvironmentMarkers",
      method: "GET",
      path: `${path(envId)}/markers`,
      o,
      read: markers,
    });
  }

  /** Replaces the environment's markers with `names`. */
  async putMarkers(envId: string, names: string[], o?: CallOptions): Promise<void> {
    await this.send({
      name: "putEnvironmentMarkers",
      method: "PUT",
      path: `${path(envId)}/markers`,
      body: names.map((name) => ({ name })),
      o,
      read: () => undefined,
    });
  }

  /**
   * A new environment with the source's policies, properties and markers, named `name` (the service's default:
   * "Copy of <name>"). It is not online at once: see Environment.online. Never resent once the request may
   * have arrived (a lost answer is OutcomeUnknownError): the caller looks the clone up by name.
   */
  clone(envId: string, name?: string, o?: CallOptions): Promise<OperationAccepted> {
    return this.send({
      name: "cloneEnvironment",
      method: "POST",
      path: `${path(envId)}/clone`,
      body: name === undefined ? {} : { name },
      o,
      read: operationAccepted,
    });
  }
}

function path(envId: string): string {
  return `/environments/${checkId("environmentId", envId)}`;
}

function properties(body: unknown): EnvironmentProperty[] {
  if (!Array.isArray(body)) throw new ShapeError("properties is not a JSON array");
  return body.map((p: unknown, i) => {
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
  if (!Array.isArray(body)) throw new ShapeError("markers is not a JSON array");
  return body.map((m: unknown, i) => {
    const name = typeof m === "string" ? m : (m as { name?: unknown } | null)?.name;
    if (typeof name !== "string") throw new ShapeError(`markers[${i}] is neither a name nor {"name"}`);
    return name;
  });
}
