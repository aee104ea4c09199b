// An application instance of the service: the generated `appmgmt_instance` resource with camelCase
// props, deterministic output, and the binding rules checked at synth when a manifest is given.
// cdktf and its maintained fork cdktn have the same API under two package names, and a construct built
// on one library fails in an app built on the other. So the construct is written once here against
// what it needs from the library (Token and the generated Instance class), and each library's
// ApplicationInstance (src/constructs/ for cdktf, src/cdktn/ for cdktn) passes its own.

import { Construct } from "constructs";
import {
  checkInstanceConfig,
  formatFinding,
  idProblem,
  instanceChange,
  instanceInputs,
  instanceNameProblem,
  markedUnknown,
  rulesConfig,
  secretOf,
  type Finding,
} from "../rules";
import type { ApplicationReference } from "./application-base";
import type { ApplicationManifest } from "./application-manifest";
import type { EnvironmentReference } from "./environment-base";
import { literalSecretWarnings, bothMapsFindings, synthAttributes } from "./instance-secrets";
import { validateWhenSynthesized, type SynthesizedElement } from "./synth-check";

/**
 * The generated `Instance` class of cdktf or cdktn: the construct is generic over it, and its config names
 * the library's meta-argument types (provider, dependsOn, lifecycle, timeouts), so neither library's
 * construct lists them.
 */
export type InstanceClass = new (scope: Construct, id: string, config: never) => InstanceResource;
type ConfigOf<I extends InstanceClass> = ConstructorParameters<I>[2];

/** What the construct reads from the generated `appmgmt_instance` resource. */
export interface InstanceResource extends SynthesizedElement {
  readonly id: string;
  readonly status: string;
  readonly effectiveParameters: { lookup(name: string): string };
  readonly returnValues: unknown;
  importFrom(id: string, provider?: never): void;
}

/** The library's Token functions the construct uses. */
export interface TokenFunctions {
  isUnresolved(value: unknown): boolean;
  asStringMap(value: unknown): { [name: string]: string };
}

/** The library's Annotations (warnings the CLI prints at synth). */
export interface AnnotationsOf {
  of(scope: Construct): { addWarning(message: string): void };
}

/** The generated resource's submodule settings (the same shape in both libraries). */
interface InstanceSubmodules {
  readonly revisionId?: string;
  readonly manifestVersion?: number;
  readonly parameters?: { [name: string]: string };
  readonly secretParameters?: { [name: string]: string };
}

/** The settings the construct passes to the generated resource as they are. */
interface PassedOnSettings<I extends InstanceClass> {
  readonly instanceName?: string;
  /** Environment to launch into; the organization's default environment when unset. */
  readonly environmentId?: string;
  readonly revisionId?: string;
  readonly manifestVersion?: number;
  /** Main parameters, keyed `<interface>.<pin>` (e.g. `input.<name>`); unlisted ones take their defaults. */
  readonly parameters?: { [name: string]: string };
  /**
   * Secret main parameters (passwords, API keys), keyed `<interface>.<pin>` (e.g. `input.<name>`): write-only, sent at launch and with
   * every reconfigure, never in the plan or the state. Pass a token (a sensitive TerraformVariable's value,
   * an ephemeral value): a literal string is written into cdktf.out, and synth warns about it.
   */
  readonly secretParameters?: { [name: string]: string };
  /** Bump it to send the secrets (the instance's and its submodules') again; a new value alone plans nothing. */
  readonly secretParametersVersion?: number;
  /** Lifetime from launch ("8h"): the service destroys the instance then; never when unset. A change moves it. */
  readonly autoDestroyAfter?: string;
  /** Free text kept with the instance on the service (owner, ticket); set in place, never a reconfigure. */
  readonly userData?: string;
  /** Return values kept out of `returnValues` and the state; the ephemeral `appmgmt_instance_return_values` reads them. */
  readonly sensitiveReturnValues?: string[];
  /** Workflow timeouts as duration strings (e.g. "30m"). */
  readonly timeouts?: ConfigOf<I>["timeouts"];
  readonly provider?: ConfigOf<I>["provider"];
  readonly dependsOn?: ConfigOf<I>["dependsOn"];
  readonly lifecycle?: ConfigOf<I>["lifecycle"];
}

/** The generated resource's config, as far as the construct sets it. */
export interface InstanceResourceConfig<I extends InstanceClass> extends PassedOnSettings<I> {
  readonly applicationId: string;
  readonly submodules?: { [name: string]: InstanceSubmodules };
  readonly manifest?: string;
}

/** The library the construct is built on: its Token and its generated Instance class. */
export interface InstanceLibrary<I extends InstanceClass> {
  readonly Token: TokenFunctions;
  readonly Annotations: AnnotationsOf;
  readonly Instance: new (scope: Construct, id: string, config: InstanceResourceConfig<I>) => InstanceType<I>;
}

export interface ApplicationSubmoduleSettings {
  /** Revision of the submodule (launch only; changing it replaces the instance). */
  readonly revisionId?: string;
  readonly manifestVersion?: number;
  /** Free (unbound) submodule parameters, keyed `<interface>.<pin>` (e.g. `input.<name>`). */
  readonly parameters?: { [name: string]: string };
  /** Secret free submodule parameters, as the instance's `secretParameters`. */
  readonly secretParameters?: { [name: string]: string };
  /** Its own application's manifest (e.g. the child `Application`'s): the plan knows its defaults. Never sent. */
  readonly manifest?: ApplicationManifest;
}

export interface ApplicationInstancePropsOf<I extends InstanceClass> extends PassedOnSettings<I> {
  /**
   * The application to launch: its id, or an `Application` construct of the same stack, which gives the id,
   * the manifest version (unless `manifestVersion` is set) and the manifest (unless `manifest` is set).
   */
  readonly application: string | ApplicationReference;
  /**
   * Settings per submodule, keyed by the submodule's name in the manifest; a submodule of a submodule by its
   * path, the names joined by `/` (`"db/replica"`).
   */
  readonly submodules?: { [name: string]: ApplicationSubmoduleSettings };
  /**
   * When given (or taken from `application`), parameters and submodules are checked against it at synth,
   * and again at plan.
   */
  readonly manifest?: ApplicationManifest;
  /** An `Environment` construct of the stack to launch into: instead of `environmentId`, not with it. */
  readonly environment?: EnvironmentReference;
}

export abstract class ApplicationInstanceBase<I extends InstanceClass> extends Construct {
  /** The underlying generated resource (escape hatch for overrides). */
  readonly resource: InstanceType<I>;
  private readonly token: TokenFunctions;

  protected constructor(
    scope: Construct,
    id: string,
    {
      application: app,
      submodules: submoduleSettings,
      manifest: given,
      environment,
      ...settings
    }: ApplicationInstancePropsOf<I>,
    { Token, Annotations, Instance }: InstanceLibrary<I>,
  ) {
    super(scope, id);
    // An Application construct of the stack: its id, manifest version and manifest, unless set here.
    const fromApp = typeof app === "string" ? undefined : app;
    const application = fromApp ? fromApp.id : (app as string);
    const manifest = given ?? fromApp?.manifest;
    const passedOn = {
      ...settings,
      environmentId: environment?.id ?? settings.environmentId,
      manifestVersion: settings.manifestVersion ?? fromApp?.manifestVersion,
    };
    this.token = Token;
    const isUnresolved = (value: unknown) => Token.isUnresolved(value);
    const parameters = sortedRecord(passedOn.parameters, isUnresolved);
    const secretParameters = sortedRecord(passedOn.secretParameters, isUnresolved);
    const submodules = sortedSubmodules(submoduleSettings, isUnresolved);
    // "Default" keeps the resource's logical id that of this construct.
    this.resource = new Instance(this, "Default", {
      ...passedOn,
      applicationId: application,
      parameters,
      secretParameters,
      submodules,
      manifest: manifest?.yaml,
    });
    const checked = {
      ...passedOn,
      environmentId: settings.environmentId,
      application,
      submodules: submoduleSettings,
    };
    this.node.addValidation({
      validate: () =>
        [
          ...environmentFindings(environment, settings.environmentId),
          ...identifierFindings(checked, isUnresolved),
          ...droppedKeyFindings(checked, isUnresolved),
          ...bothMapsFindings(checked, isUnresolved),
        ].map(formatFinding),
    });
    if (manifest) {
      // The rules' one adapter, as at plan: the secret names among the parameters, never their values.
      const attributes = synthAttributes({ ...checked, submodules }, isUnresolved);
      const change = instanceChange(instanceInputs(attributes, markedUnknown(attributes)));
      // Synth cannot tell a launch from a reconfigure; the rules are the same for both.
      const config = rulesConfig(change.desired);
      const options = { isSecret: secretOf(change) };
      this.node.addValidation({
        validate: () => checkInstanceConfig(manifest.model, config, options).map(formatFinding),
      });
    }
    // Once per literal, at construction: the CLI prints each warning of a synth.
    for (const warning of literalSecretWarnings(checked, isUnresolved))
      Annotations.of(this).addWarning(warning);
    validateWhenSynthesized(this, this.resource);
  }

  /** The instance id (known after apply). */
  get id(): string {
    return this.resource.id;
  }

  /** Running, Failed, ... as last read from the service. */
  get status(): string {
    return this.resource.status;
  }

  /** Every main parameter's actual value, defaults included (known after apply). */
  get effectiveParameters(): { [name: string]: string } {
    return this.token.asStringMap(this.resource.effectiveParameters);
  }

  /** Values the application's workflow returned, e.g. a URL (known after apply). */
  get returnValues(): { [name: string]: string } {
    return this.token.asStringMap(this.resource.returnValues);
  }

  /**
   * Adopts an instance that already runs (its id, as `appmgmt discover` lists it): the next deploy imports
   * it instead of launching one, and the props should hold what it runs so that nothing changes.
   */
  importFrom(instanceId: string, provider?: ConfigOf<I>["provider"]): this {
    this.resource.importFrom(instanceId, provider as never);
    return this;
  }

  /** One main parameter's actual value, e.g. effectiveParameter("input.db-size"). */
  effectiveParameter(name: string): string {
    return this.resource.effectiveParameters.lookup(name);
  }
}

/** The props whose form synth can check without a manifest. */
interface CheckedProps {
  readonly application: string;
  readonly instanceName?: string;
  readonly environmentId?: string;
  readonly revisionId?: string;
  readonly parameters?: { [name: string]: string };
  readonly secretParameters?: { [name: string]: string };
  readonly submodules?: { [name: string]: ApplicationSubmoduleSettings };
}

/** Where each kind of id comes from, for the fix of a malformed one. */
const ID_SOURCES = {
  application: "the application's id (the appmgmt_applications data source lists them)",
  environmentId: "the environment's id (the appmgmt_environments data source lists them)",
  revisionId: "the revision's id as the service shows it",
} as const;

/** Malformed ids and instance name, caught at synth instead of at plan or by the service. */
function identifierFindings(props: CheckedProps, isUnresolved: (value: unknown) => boolean): Finding[] {
  const findings: Finding[] = [];
  const checkId = (path: Finding["path"], kind: keyof typeof ID_SOURCES, value: string | undefined) => {
    if (value === undefined || isUnresolved(value)) return;
    const problem = idProblem(String(path[path.length - 1]), value);
    if (problem) findings.push({ path, message: problem, fix: `set it to ${ID_SOURCES[kind]}` });
  };
  checkId(["application"], "application", props.application);
  checkId(["environmentId"], "environmentId", props.environmentId);
  checkId(["revisionId"], "revisionId", props.revisionId);
  const submodules = props.submodules;
  if (submodules && !isUnresolved(submodules)) {
    for (const [name, s] of Object.entries(submodules)) {
      checkId(["submodules", name, "revisionId"], "revisionId", s?.revisionId);
    }
  }
  const name = props.instanceName;
  if (name !== undefined && !isUnresolved(name)) {
    const problem = instanceNameProblem(name);
    if (problem) {
      findings.push({
        path: ["instanceName"],
        message: problem,
        fix: "rename it within these limits, or leave instanceName unset for a generated name",
      });
    }
  }
  return findings;
}

/** `environment` and `environmentId` say the same thing: one of them, not both. */
function environmentFindings(
  environment: EnvironmentReference | undefined,
  environmentId: string | undefined,
): Finding[] {
  if (environment === undefined || environmentId === undefined) return [];
  return [
    {
      path: ["environment"],
      message: "both environment and environmentId are set, and each names the environment to launch into",
      fix: "keep environment (an Environment of this stack) or environmentId (an existing environment's id), not both",
    },
  ];
}

/**
 * cdktf and cdktn build the synthesized JSON by assigning keys, which drops a key named "__proto__"
 * without a word (every other name, "constructor" or "toString" included, passes through). Say so
 * instead of losing it.
 */
function droppedKeyFindings(props: CheckedProps, isUnresolved: (value: unknown) => boolean): Finding[] {
  const findings: Finding[] = [];
  const check = (record: object | undefined, path: Finding["path"]) => {
    if (record === undefined || isUnresolved(record) || !Object.hasOwn(record, "__proto__")) return;
    findings.push({
      path: [...path, "__proto__"],
      message:
        "the CDK drops a key named '__proto__' from the synthesized configuration, so terraform would never see it",
      fix: "declare this instance in HCL (terraform and the provider accept the key), or rename it in the manifest",
    });
  };
  check(props.parameters, ["parameters"]);
  check(props.secretParameters, ["secretParameters"]);
  check(props.submodules, ["submodules"]);
  if (props.submodules && !isUnresolved(props.submodules)) {
    for (const [name, s] of Object.entries(props.submodules)) {
      check(s?.parameters, ["submodules", name, "parameters"]);
      check(s?.secretParameters, ["submodules", name, "secretParameters"]);
    }
  }
  return findings;
}

/** A copy with keys in sorted order (so synth output does not depend on prop order); tokens pass through. */
function sortedRecord<T>(
  record: { [key: string]: T } | undefined,
  isUnresolved: (value: unknown) => boolean,
): { [key: string]: T } | undefined {
  if (record === undefined || isUnresolved(record)) return record;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, record[key]]),
  );
}

function sortedSubmodules(
  submodules: { [name: string]: ApplicationSubmoduleSettings } | undefined,
  isUnresolved: (value: unknown) => boolean,
): { [name: string]: InstanceSubmodules } | undefined {
  const sorted = sortedRecord(submodules, isUnresolved);
  if (sorted === undefined || isUnresolved(sorted)) return sorted;
  return Object.fromEntries(
    Object.entries(sorted).map(([name, s]) => [
      name,
      {
        revisionId: s.revisionId,
        manifestVersion: s.manifestVersion,
        parameters: sortedRecord(s.parameters, isUnresolved),
        secretParameters: sortedRecord(s.secretParameters, isUnresolved),
        manifest: s.manifest?.yaml,
      },
    ]),
  );
}
