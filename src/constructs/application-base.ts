// An application of the service with its manifest: the generated `appmgmt_application` resource with
// camelCase props, taking an ApplicationManifest so that an ApplicationInstance of it gets the id, the
// manifest version and the manifest in one prop (`application: app`), and its binding rules run at synth
// against that manifest. Written once against what it needs from the library (the generated Application
// class), as a LibraryConstruct: src/constructs/ (cdktf) and src/cdktn/ each add a thin subclass.

import type { Construct } from "constructs";
import { idProblem, type Finding } from "../rules";
import type { ApplicationManifest } from "./application-manifest";
import {
  LibraryConstruct,
  type ConstructLibrary,
  type GeneratedClass,
  type IsUnresolved,
  type MetaArguments,
} from "./library-construct";
import type { SynthesizedElement } from "./synth-check";

/** What the construct reads from the generated `appmgmt_application` resource. */
export interface ApplicationResource extends SynthesizedElement {
  readonly id: string;
  readonly manifestVersion: number;
}

export type ApplicationClass = GeneratedClass<ApplicationResource>;

/** What an ApplicationInstance takes from an application: both libraries' Application constructs are one. */
export interface ApplicationReference {
  /** The application id (known after apply). */
  readonly id: string;
  /** The manifest version its last upload became (known after apply). */
  readonly manifestVersion: number;
  /** The manifest it uploads, for the binding rules at synth. */
  readonly manifest: ApplicationManifest;
}

export interface ApplicationPropsOf<A extends ApplicationClass> extends MetaArguments<A> {
  /** Id of the organization the application belongs to (changing it replaces the application). */
  readonly organizationId: string;
  /** Name of the application (changing it replaces the application). */
  readonly name: string;
  /** Its manifest: a change uploads it as the next manifest version. */
  readonly manifest: ApplicationManifest;
}

/** The generated resource's config, as far as the construct sets it: the manifest as its YAML text. */
type ApplicationResourceConfig<A extends ApplicationClass> = Omit<ApplicationPropsOf<A>, "manifest"> & {
  readonly manifest: string;
};

export abstract class ApplicationBase<A extends ApplicationClass>
  extends LibraryConstruct<InstanceType<A>, ApplicationResourceConfig<A>>
  implements ApplicationReference
{
  readonly manifest: ApplicationManifest;

  protected constructor(
    scope: Construct,
    id: string,
    props: ApplicationPropsOf<A>,
    library: ConstructLibrary<ApplicationResourceConfig<A>, InstanceType<A>>,
  ) {
    const { manifest, ...passedOn } = props;
    super(scope, id, library, { ...passedOn, manifest: manifest.yaml }, (isUnresolved) =>
      applicationFindings(passedOn, isUnresolved),
    );
    this.manifest = manifest;
  }

  /** The manifest version the last upload became (known after apply; unknown in a plan that uploads). */
  get manifestVersion(): number {
    return this.resource.manifestVersion;
  }
}

function applicationFindings(
  props: { organizationId: string; name: string },
  isUnresolved: IsUnresolved,
): Finding[] {
  const findings: Finding[] = [];
  const problem = isUnresolved(props.organizationId)
    ? undefined
    : idProblem("organizationId", props.organizationId);
  if (problem)
    findings.push({
      path: ["organizationId"],
      message: problem,
      fix: "set it to the organization's id (the appmgmt_organizations data source lists them)",
    });
  if (!isUnresolved(props.name) && props.name.trim() === "")
    findings.push({
      path: ["name"],
      message: "the application's name is empty",
      fix: "give the application a name",
    });
  return findings;
}
