// Validate and plan `appmgmt_environment`: ids, names and the policies' YAML checked; no create without
// clone_from (the public API creates environments only by cloning); replacement (organization, name) by the
// planner; policies that mean the same as the state's keep the state's text, so a reformatted file plans nothing.

import {
  asObject,
  type Diagnostic,
  Diagnostics,
  isUnknown,
  type PlanResourceChangeRequest,
  type PlanResourceChangeResponse,
  type ValueObject,
} from "../../terraform-model";
import {
  environmentNameProblem,
  policiesProblem,
  PROPERTY_TYPE_FIX,
  propertyTypeProblem,
  samePolicies,
} from "../../service/environment-limits";
import { checkIdAttributes } from "../id-attributes";
import { planDeclared } from "../planner";
import { attrPath, knownString, knownStringMap } from "../values";
import { ENVIRONMENT_TYPE } from "../resource-types";
import { knownSet, plannedTypes } from "./settings";
import { ENVIRONMENT_ATTRIBUTES } from "./schema";

export function validateEnvironment(config: ValueObject): Diagnostic[] {
  const out = new Diagnostics().add(...checkIdAttributes(config, ["organization_id", "clone_from"]));
  const name = knownString(config, "name");
  if (name !== undefined && name.trim() === "")
    out.addError(
      attrPath("name"),
      "Invalid name",
      "An environment needs a name: set name to a non-empty string.",
    );
  const properties = asObject(config.properties);
  for (const key of Object.keys(properties ?? {})) {
    const problem = environmentNameProblem("property", key);
    if (problem) out.addError(attrPath("properties", { key }), "Invalid property name", `${problem}.`);
  }
  for (const marker of knownSet(config.markers) ?? []) {
    const problem = environmentNameProblem("marker", marker);
    if (problem) out.addError(attrPath("markers"), "Invalid marker", `markers: ${problem}.`);
  }
  const types = knownStringMap(config, "property_types");
  for (const [key, type] of Object.entries(types ?? {})) {
    const at = attrPath("property_types", { key });
    if (properties && !isUnknown(config.properties) && !Object.hasOwn(properties, key))
      out.addError(
        at,
        "Type of an unlisted property",
        `property_types["${key}"] names no property of properties; add it to properties or remove it here.`,
      );
    else {
      const problem = propertyTypeProblem(type);
      if (problem)
        out.addError(
          at,
          "Invalid property type",
          `property_types["${key}"]: ${problem}; ${PROPERTY_TYPE_FIX}.`,
        );
    }
  }
  const policies = knownString(config, "policies");
  const problem = policies === undefined ? undefined : policiesProblem(policies);
  if (problem) out.addError(attrPath("policies"), "Invalid policies", `policies: ${problem}.`);
  return out.list;
}

export function planEnvironment(req: PlanResourceChangeRequest): PlanResourceChangeResponse {
  const plan = planDeclared(req, ENVIRONMENT_ATTRIBUTES, validateEnvironment, (prior, planned) => {
    const config = asObject(req.config) ?? planned;
    const patch: ValueObject = {};
    if (
      typeof prior.policies === "string" &&
      typeof planned.policies === "string" &&
      samePolicies(prior.policies, planned.policies)
    )
      patch.policies = prior.policies;
    // Left to the service, the types follow the properties: a property the plan removes takes its type along.
    if (config.property_types === null) patch.property_types = plannedTypes(planned);
    return { planned: patch };
  });
  const config = asObject(req.config);
  if (!asObject(req.priorState) && config && config.clone_from === null) plan.diagnostics.push(noCloneFrom());
  return plan;
}

function noCloneFrom(): Diagnostic {
  return {
    severity: "error",
    summary: "An environment is created by cloning one",
    detail:
      `${ENVIRONMENT_TYPE} has no clone_from: the service's public API creates environments only by cloning an ` +
      "existing one. Set clone_from to the id of the environment to clone (for example the organization's " +
      "default, from data.appmgmt_environments), or adopt an existing environment with `terraform import " +
      `${ENVIRONMENT_TYPE}.<name> <environment id>\` (or an import block).`,
    attribute: attrPath("clone_from"),
  };
}
