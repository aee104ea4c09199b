// An environment of an organization: the generated `appmgmt_environment` resource with camelCase props, its
// policies from a file, and the settings checked at synth as far as literal values allow (ids, marker and
// property names, property types that are "string", empty or of no listed property, policies that do not
// parse), by the same functions the provider's plan uses (src/service/environment-limits.ts). Written once against what it needs from the library,
// as a LibraryConstruct: src/constructs/ (cdktf) and src/cdktn/ each add a thin subclass.

import type { Construct } from "constructs";
import {
  environmentNameProblem,
  policiesProblem,
  PROPERTY_TYPE_FIX,
  propertyTypeProblem,
} from "../service/environment-limits";
import { idProblem, type Finding } from "../rules";
import type { EnvironmentPolicies } from "./environment-policies";
import {
  LibraryConstruct,
  type ConfigOf,
  type ConstructLibrary,
  type GeneratedClass,
  type IsUnresolved,
  type MetaArguments,
} from "./library-construct";
import type { SynthesizedElement } from "./synth-check";

/** What the construct reads from the generated `appmgmt_environment` resource. */
export interface EnvironmentResource extends SynthesizedElement {
  readonly id: string;
  readonly name: string;
  importFrom(id: string, provider?: never): void;
}

export type EnvironmentClass = GeneratedClass<EnvironmentResource>;

/** What an ApplicationInstance takes from an environment: both libraries' Environment constructs are one. */
export interface EnvironmentReference {
  /** The environment id (known after apply). */
  readonly id: string;
}

/** The settings the construct passes to the generated resource as they are. */
interface PassedOnSettings<E extends EnvironmentClass> extends MetaArguments<E> {
  /** Id of the organization the environment belongs to (changing it replaces the environment). */
  readonly organizationId: string;
  /** Name of the environment (the API cannot rename: changing it makes a new clone). */
  readonly name: string;
  /**
   * Id of the environment to clone, whose properties, markers and policies the new one starts with: the
   * public API creates environments only by cloning (without it the plan fails and says so).
   */
  readonly cloneFrom?: string;
  /** Properties by name, values strings: listed, they are the complete set. */
  readonly properties?: { [name: string]: string };
  /** The type of each property that is not a `string` (e.g. `{ replicas: "int" }`). */
  readonly propertyTypes?: { [name: string]: string };
  /** Markers: listed, they are the complete set. */
  readonly markers?: string[];
}

export interface EnvironmentPropsOf<E extends EnvironmentClass> extends PassedOnSettings<E> {
  /** Policies: `EnvironmentPolicies.fromFile(path)` or `.fromString(yaml)`; left out, the clone's stay. */
  readonly policies?: EnvironmentPolicies;
}

/** The generated resource's config, as far as the construct sets it: the policies as their YAML text. */
type EnvironmentResourceConfig<E extends EnvironmentClass> = PassedOnSettings<E> & {
  readonly policies?: string;
};

export abstract class EnvironmentBase<E extends EnvironmentClass>
  extends LibraryConstruct<InstanceType<E>, EnvironmentResourceConfig<E>>
  implements EnvironmentReference
{
  protected constructor(
    scope: Construct,
    id: string,
    props: EnvironmentPropsOf<E>,
    library: ConstructLibrary<EnvironmentResourceConfig<E>, InstanceType<E>>,
  ) {
    const { policies, ...passedOn } = props;
    super(scope, id, library, { ...passedOn, policies: policies?.yaml }, (isUnresolved) => [
      ...settingFindings(passedOn, isUnresolved),
      ...policiesFindings(policies, isUnresolved),
    ]);
  }

  /** The environment's name. */
  get name(): string {
    return this.resource.name;
  }

  /**
   * Adopts an environment that already exists (its id, as the appmgmt_environments data source lists it):
   * the next deploy imports it instead of cloning one, so cloneFrom may be left out; the props should hold
   * what it has so that nothing changes.
   */
  importFrom(environmentId: string, provider?: ConfigOf<E>["provider"]): this {
    this.resource.importFrom(environmentId, provider as never);
    return this;
  }
}

type CheckedSettings = Pick<
  PassedOnSettings<EnvironmentClass>,
  "organizationId" | "name" | "cloneFrom" | "properties" | "propertyTypes" | "markers"
>;

function settingFindings(props: CheckedSettings, isUnresolved: IsUnresolved): Finding[] {
  const findings: Finding[] = [];
  const known = <T>(value: T | undefined): value is T => value !== undefined && !isUnresolved(value);
  const ids = [
    [
      "organizationId",
      props.organizationId,
      "the organization's id (the appmgmt_organizations data source lists them)",
    ],
    [
      "cloneFrom",
      props.cloneFrom,
      "the id of the environment to clone (the appmgmt_environments data source lists them)",
    ],
  ] as const;
  for (const [path, value, source] of ids) {
    const problem = known(value) ? idProblem(path, value) : undefined;
    if (problem) findings.push({ path: [path], message: problem, fix: `set it to ${source}` });
  }
  if (known(props.name) && props.name.trim() === "")
    findings.push({
      path: ["name"],
      message: "the environment's name is empty",
      fix: "give the environment a name",
    });
  const properties = known(props.properties) ? props.properties : undefined;
  for (const key of Object.keys(properties ?? {})) {
    const problem = environmentNameProblem("property", key);
    if (problem) findings.push({ path: ["properties", key], message: problem, fix: "rename the property" });
  }
  if (known(props.markers)) {
    props.markers.forEach((marker, i) => {
      const problem = known(marker) ? environmentNameProblem("marker", marker) : undefined;
      if (problem) findings.push({ path: ["markers", i], message: problem, fix: "rename the marker" });
    });
  }
  for (const [key, type] of Object.entries(known(props.propertyTypes) ? props.propertyTypes : {})) {
    if (properties && !Object.hasOwn(properties, key))
      findings.push({
        path: ["propertyTypes", key],
        message: `${JSON.stringify(key)} is the type of no property of properties`,
        fix: "add the property to properties, or remove its type here",
      });
    else {
      const problem = known(type) ? propertyTypeProblem(type) : undefined;
      if (problem) findings.push({ path: ["propertyTypes", key], message: problem, fix: PROPERTY_TYPE_FIX });
    }
  }
  return findings;
}

function policiesFindings(policies: EnvironmentPolicies | undefined, isUnresolved: IsUnresolved): Finding[] {
  if (policies === undefined || isUnresolved(policies.yaml)) return [];
  const problem = policiesProblem(policies.yaml);
  if (!problem) return [];
  return [
    {
      path: ["policies"],
      message: policies.file === undefined ? problem : `${policies.file}: ${problem}`,
      fix: "correct the YAML (the service exports policies as a mapping, `policies:` and the list under it)",
    },
  ];
}
