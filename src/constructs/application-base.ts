// An application of the service with its manifest: the generated `appmgmt_application` resource with
// camelCase props, taking an ApplicationManifest so that an ApplicationInstance of it gets the id, the
// manifest version and the manifest in one prop (`application: app`), and its binding rules run at synth
// against that manifest. Written once against what it needs from the library (the generated Application
// class), as ApplicationInstanceBase: src/constructs/ (cdktf) and src/cdktn/ each add a thin subclass.

import { Construct } from "constructs";
import { formatFinding, idProblem, type Finding } from "../rules";
import type { ApplicationManifest } from "./application-manifest";
import { validateWhenSynthesized, type SynthesizedElement } from "./synth-check";

/** What the construct reads from the generated `appmgmt_application` resource. */
export interface ApplicationResource extends SynthesizedElement {
  readonly id: string;
  readonly manifestVersion: number;
}

export type ApplicationClass = new (scope: Construct, id: string, config: never) => ApplicationResource;
type ConfigOf<A extends ApplicationClass> = ConstructorParameters<A>[2];

/** What an ApplicationInstance takes from an application: both libraries' Application constructs are one. */
export interface ApplicationReference {
  /** The application id (known after apply). */
  readonly id: string;
  /** The manifest version its last upload became (known after apply). */
  readonly manifestVersion: number;
  /** The manifest it uploads, for the binding rules at synth. */
  readonly manifest: ApplicationManifest;
}

/** The meta-arguments the construct passes to the generated resource as they are. */
interface MetaArguments<A extends ApplicationClass> {
  readonly provider?: ConfigOf<A>["provider"];
  readonly dependsOn?: ConfigOf<A>["dependsOn"];
  readonly lifecycle?: ConfigOf<A>["lifecycle"];
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

/** The library the construct is built on: its Token check and its generated Application class. */
export interface ApplicationLibrary<A extends ApplicationClass> {
  readonly Token: { isUnresolved(value: unknown): boolean };
  readonly Application: new (
    scope: Construct,
    id: string,
    config: ApplicationResourceConfig<A>,
  ) => InstanceType<A>;
}

export abstract class ApplicationBase<A extends ApplicationClass>
  extends Construct
  implements ApplicationReference
{
  /** The underlying generated resource (escape hatch for overrides). */
  readonly resource: InstanceType<A>;
  readonly manifest: ApplicationManifest;

  protected constructor(
    scope: Construct,
    id: string,
    { manifest, ...passedOn }: ApplicationPropsOf<A>,
    { Token, Application }: ApplicationLibrary<A>,
  ) {
    super(scope, id);
    this.manifest = manifest;
    // "Default" keeps the resource's logical id that of this construct.
    this.resource = new Application(this, "Default", { ...passedOn, manifest: manifest.yaml });
    this.node.addValidation({
      validate: () => applicationFindings(passedOn, (v) => Token.isUnresolved(v)).map(formatFinding),
    });
    validateWhenSynthesized(this, this.resource);
  }

  /** The application id (known after apply). */
  get id(): string {
    return this.resource.id;
  }

  /** The manifest version the last upload became (known after apply; unknown in a plan that uploads). */
  get manifestVersion(): number {
    return this.resource.manifestVersion;
  }
}

function applicationFindings(
  props: { organizationId: string; name: string },
  isUnresolved: (value: unknown) => boolean,
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
