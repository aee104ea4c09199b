// An application instance of the service: the generated `appmgmt_instance` resource with camelCase
// props, deterministic output, and the binding rules checked at synth when a manifest is given.

import { Construct } from "constructs";
import {
  Token,
  type ITerraformDependable,
  type TerraformProvider,
  type TerraformResourceLifecycle,
} from "cdktf";
import { Instance, type InstanceSubmodules, type InstanceTimeouts } from "../gen/providers/appmgmt/instance";
import {
  checkInstanceConfig,
  formatFinding,
  idProblem,
  instanceNameProblem,
  type Finding,
  type InstanceConfig,
} from "../rules";
import type { ApplicationManifest } from "./application-manifest";

export interface ApplicationSubmoduleSettings {
  /** Revision of the submodule (launch only; changing it replaces the instance). */
  readonly revisionId?: string;
  readonly manifestVersion?: number;
  /** Free (unbound) submodule parameters, keyed `input.<name>`. */
  readonly parameters?: { [name: string]: string };
}

export interface ApplicationInstanceProps {
  /** Id of the application to launch. */
  readonly application: string;
  readonly instanceName?: string;
  /** Environment to launch into; the organization's default environment when unset. */
  readonly environmentId?: string;
  readonly revisionId?: string;
  readonly manifestVersion?: number;
  /** Main parameters, keyed `input.<name>`; unlisted ones take their defaults. */
  readonly parameters?: { [name: string]: string };
  /** Settings per submodule, keyed by the submodule's name in the manifest. */
  readonly submodules?: { [name: string]: ApplicationSubmoduleSettings };
  /** Workflow timeouts as duration strings (e.g. "30m"). */
  readonly timeouts?: InstanceTimeouts;
  /** When given, parameters and submodules are checked against it at synth, and again at plan. */
  readonly manifest?: ApplicationManifest;
  readonly provider?: TerraformProvider;
  readonly dependsOn?: ITerraformDependable[];
  readonly lifecycle?: TerraformResourceLifecycle;
}

export class ApplicationInstance extends Construct {
  /** The underlying generated resource (escape hatch for overrides). */
  readonly resource: Instance;

  constructor(scope: Construct, id: string, props: ApplicationInstanceProps) {
    super(scope, id);
    const parameters = sortedRecord(props.parameters);
    const submodules = sortedSubmodules(props.submodules);
    // "Default" keeps the resource's logical id that of this construct.
    this.resource = new Instance(this, "Default", {
      applicationId: props.application,
      instanceName: props.instanceName,
      environmentId: props.environmentId,
      revisionId: props.revisionId,
      manifestVersion: props.manifestVersion,
      parameters,
      submodules,
      timeouts: props.timeouts,
      manifest: props.manifest?.yaml,
      provider: props.provider,
      dependsOn: props.dependsOn,
      lifecycle: props.lifecycle,
    });
    this.node.addValidation({
      validate: () => [...identifierFindings(props), ...droppedKeyFindings(props)].map(formatFinding),
    });
    const manifest = props.manifest;
    if (manifest) {
      const config = knownConfig(parameters, props.manifestVersion, submodules);
      // Synth cannot tell a launch from a reconfigure; the rules are the same for both.
      const options = { isUnknown: Token.isUnresolved };
      this.node.addValidation({
        validate: () => checkInstanceConfig(manifest.model, config, options).map(formatFinding),
      });
    }
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
    return Token.asStringMap(this.resource.effectiveParameters);
  }

  /** Values the application's workflow returned, e.g. a URL (known after apply). */
  get returnValues(): { [name: string]: string } {
    return Token.asStringMap(this.resource.returnValues);
  }

  /** One main parameter's actual value, e.g. effectiveParameter("input.db-size"). */
  effectiveParameter(name: string): string {
    return this.resource.effectiveParameters.lookup(name);
  }
}

/** Where each kind of id comes from, for the fix of a malformed one. */
const ID_SOURCES = {
  application: "the application's id (the appmgmt_applications data source lists them)",
  environmentId: "the environment's id (the appmgmt_environments data source lists them)",
  revisionId: "the revision's id as the service shows it",
} as const;

/** Malformed ids and instance name, caught at synth instead of at plan or by the service. */
function identifierFindings(props: ApplicationInstanceProps): Finding[] {
  const findings: Finding[] = [];
  const checkId = (path: Finding["path"], kind: keyof typeof ID_SOURCES, value: string | undefined) => {
    if (value === undefined || Token.isUnresolved(value)) return;
    const problem = idProblem(String(path[path.length - 1]), value);
    if (problem) findings.push({ path, message: problem, fix: `set it to ${ID_SOURCES[kind]}` });
  };
  checkId(["application"], "application", props.application);
  checkId(["environmentId"], "environmentId", props.environmentId);
  checkId(["revisionId"], "revisionId", props.revisionId);
  const submodules = props.submodules;
  if (submodules && !Token.isUnresolved(submodules)) {
    for (const [name, s] of Object.entries(submodules)) {
      checkId(["submodules", name, "revisionId"], "revisionId", s?.revisionId);
    }
  }
  const name = props.instanceName;
  if (name !== undefined && !Token.isUnresolved(name)) {
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

/**
 * cdktf builds the synthesized JSON by assigning keys, which drops a key named "__proto__" without a word
 * (every other name, "constructor" or "toString" included, passes through). Say so instead of losing it.
 */
function droppedKeyFindings(props: ApplicationInstanceProps): Finding[] {
  const findings: Finding[] = [];
  const check = (record: object | undefined, path: Finding["path"]) => {
    if (record === undefined || Token.isUnresolved(record) || !Object.hasOwn(record, "__proto__")) return;
    findings.push({
      path: [...path, "__proto__"],
      message:
        "cdktf drops a key named '__proto__' from the synthesized configuration, so terraform would never see it",
      fix: "declare this instance in HCL (terraform and the provider accept the key), or rename it in the manifest",
    });
  };
  check(props.parameters, ["parameters"]);
  check(props.submodules, ["submodules"]);
  if (props.submodules && !Token.isUnresolved(props.submodules)) {
    for (const [name, s] of Object.entries(props.submodules))
      check(s?.parameters, ["submodules", name, "parameters"]);
  }
  return findings;
}

/** The config the rules can judge at synth: a map that is a token as a whole is left to plan time. */
function knownConfig(
  parameters: { [key: string]: string } | undefined,
  manifestVersion: number | undefined,
  submodules: { [name: string]: InstanceSubmodules } | undefined,
): InstanceConfig {
  const known = <T>(value: T | undefined) =>
    value !== undefined && Token.isUnresolved(value) ? undefined : value;
  const knownSubmodules = known(submodules);
  return {
    parameters: known(parameters),
    manifestVersion,
    submodules:
      knownSubmodules &&
      Object.fromEntries(
        Object.entries(knownSubmodules).map(([name, s]) => [
          name,
          { manifestVersion: s.manifestVersion, parameters: known(s.parameters) },
        ]),
      ),
  };
}

/** A copy with keys in sorted order (so synth output does not depend on prop order); tokens pass through. */
function sortedRecord<T>(record: { [key: string]: T } | undefined): { [key: string]: T } | undefined {
  if (record === undefined || Token.isUnresolved(record)) return record;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, record[key]]),
  );
}

function sortedSubmodules(
  submodules: { [name: string]: ApplicationSubmoduleSettings } | undefined,
): { [name: string]: InstanceSubmodules } | undefined {
  const sorted = sortedRecord(submodules);
  if (sorted === undefined || Token.isUnresolved(sorted)) return sorted;
  return Object.fromEntries(
    Object.entries(sorted).map(([name, s]) => [
      name,
      {
        revisionId: s.revisionId,
        manifestVersion: s.manifestVersion,
        parameters: sortedRecord(s.parameters),
      },
    ]),
  );
}
