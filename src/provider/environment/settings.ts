// An environment's settings between the service and terraform values: read all three (properties with their
// types, markers, policies) into state attributes, and put the ones a plan changes.

import { setOwn } from "../../util/own";
import type { EnvironmentProperty } from "../../client/types";
import { asObject, isUnknown, sameValue, UNKNOWN, type Value, type ValueObject } from "../../terraform-model";
import type { ServiceClient } from "../service";
import { knownStringMap, stringMap } from "../values";
import { samePolicies } from "../../service/environment-limits";

/** The state attributes the service's settings give: properties, property_types, markers, policies. */
export async function readEnvironmentSettings(
  client: ServiceClient,
  envId: string,
  prior: ValueObject | null,
  signal: AbortSignal,
): Promise<ValueObject> {
  const [properties, markers, policies] = await Promise.all([
    client.environments.getProperties(envId, { signal }),
    client.environments.getMarkers(envId, { signal }),
    client.environments.getPolicies(envId, { signal }),
  ]);
  const values: Record<string, string> = {};
  const types: Record<string, string> = {};
  for (const p of properties) {
    setOwn(values, p.name, p.value);
    if (p.type !== "string") setOwn(types, p.name, p.type);
  }
  const priorPolicies = prior?.policies;
  return {
    properties: stringMap(values),
    property_types: stringMap(types),
    markers: [...new Set(markers)].sort(),
    // The configuration's own text while the service's export means the same (a refresh shows no change).
    policies:
      typeof priorPolicies === "string" && samePolicies(priorPolicies, policies) ? priorPolicies : policies,
  };
}

/**
 * Puts what differs between `prior` (null on create: the clone's settings, read in `current`) and `planned`:
 * the property list (with types), the marker list, the policies unless they mean the same.
 */
export async function putChangedSettings(
  client: ServiceClient,
  envId: string,
  current: ValueObject,
  planned: ValueObject,
  signal: AbortSignal,
): Promise<string[]> {
  const sent: string[] = [];
  const props = knownStringMap(planned, "properties");
  const types = knownStringMap(planned, "property_types") ?? {};
  if (
    props &&
    (!sameValue(current.properties, planned.properties) || !sameTypes(current, planned, Object.keys(props)))
  ) {
    const list: EnvironmentProperty[] = Object.entries(props).map(([name, value]) => ({
      name,
      type: Object.hasOwn(types, name) ? types[name] : "string",
      value,
    }));
    await client.environments.putProperties(envId, list, { signal });
    sent.push("properties");
  }
  const markers = knownSet(planned.markers);
  if (markers && !sameValue(knownSet(current.markers) ?? null, markers)) {
    await client.environments.putMarkers(envId, markers, { signal });
    sent.push("markers");
  }
  const policies = planned.policies;
  if (
    typeof policies === "string" &&
    !(typeof current.policies === "string" && samePolicies(current.policies, policies))
  ) {
    await client.environments.putPolicies(envId, policies, { signal });
    sent.push("policies");
  }
  return sent;
}

/** Whether the types of `names` agree (a property absent from property_types is a string). */
function sameTypes(a: ValueObject, b: ValueObject, names: string[]): boolean {
  const ta = knownStringMap(a, "property_types") ?? {};
  const tb = knownStringMap(b, "property_types") ?? {};
  const type = (t: Record<string, string>, n: string) => (Object.hasOwn(t, n) ? t[n] : "string");
  return names.every((n) => type(ta, n) === type(tb, n));
}

/** A set of strings, sorted, or undefined when null, unknown or holding unknowns. */
export function knownSet(v: Value | undefined): string[] | undefined {
  if (!Array.isArray(v) || isUnknown(v)) return undefined;
  if (!v.every((m) => typeof m === "string")) return undefined;
  return [...(v as string[])].sort();
}

/** property_types following the planned properties: a property removed takes its type along. */
export function plannedTypes(planned: ValueObject): Value {
  if (isUnknown(planned.properties)) return UNKNOWN;
  const props = asObject(planned.properties);
  const types = knownStringMap(planned, "property_types");
  if (!props || !types) return planned.property_types;
  const out: Record<string, string> = {};
  for (const [name, type] of Object.entries(types))
    if (Object.hasOwn(props, name) && type !== "string") setOwn(out, name, type);
  return stringMap(out);
}
