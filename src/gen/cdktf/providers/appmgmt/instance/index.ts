// cdktf-provider-appmgmt/docs/resources/instance.md
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface InstanceConfig extends cdktf.TerraformMetaArguments {
  /**
  * Application to launch, a 24-character lowercase hexadecimal identifier. Changing it replaces the instance.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#application_id)
  */
  readonly applicationId: string;
  /**
  * How long after its launch the service destroys the instance on its own, as a duration such as `"8h"` (for short-lived test instances). Unset: never (the service's default is one hour, so the provider always says which). Changing it on a running instance moves the scheduled destroy in place, to that long after the apply that changes it; removing it cancels the schedule. Never a replacement.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#auto_destroy_after)
  */
  readonly autoDestroyAfter?: string;
  /**
  * Environment to launch into, a 24-character lowercase hexadecimal identifier. Default: the organization's default environment. Changing it replaces the instance.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#environment_id)
  */
  readonly environmentId?: string;
  /**
  * Name of the instance; the service generates one when unset. Setting it lets the provider find the instance again if a launch's answer is lost. Changing it replaces the instance.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#instance_name)
  */
  readonly instanceName?: string;
  /**
  * YAML text of the application manifest. Optional; when set, `parameters` and `submodules` are checked against it at plan time (unknown names, bound submodule parameters). Never sent to the service.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#manifest)
  */
  readonly manifest?: string;
  /**
  * Manifest version the instance runs. Default: the latest version at launch. Changing it resets parameters not listed in `parameters` to the new version's defaults.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#manifest_version)
  */
  readonly manifestVersion?: number;
  /**
  * Main parameters, keyed `<interface>.<pin>` (e.g. `input.<name>`), values strings. Parameters not listed take their defaults: removing one resets it to its default (the plan warns about it).
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#parameters)
  */
  readonly parameters?: { [key: string]: string };
  /**
  * Revision of the application to run, a 24-character lowercase hexadecimal identifier. Its stored versions and values apply; explicit `parameters` override them.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#revision_id)
  */
  readonly revisionId?: string;
  /**
  * Secret main parameters (passwords, API keys, certificates), keyed `<interface>.<pin>` (e.g. `input.<name>`): write-only, sent with `parameters` at launch and with every reconfigure (the service resets what a reconfigure does not list), never stored in the plan or the state. A name may not also be in `parameters`. A new value is sent when `secret_parameters_version` changes. Needs terraform 1.11 or later.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#secret_parameters)
  */
  readonly secretParameters?: { [key: string]: string };
  /**
  * Version of `secret_parameters` (the instance's and its submodules'): changing it sends the secrets again in one reconfigure, in place. Terraform never sees a secret's value, so a new value with the same version plans nothing.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#secret_parameters_version)
  */
  readonly secretParametersVersion?: number;
  /**
  * Names of return values that are secrets (a generated password): they are kept out of `return_values` and out of the state altogether; read them with the ephemeral `appmgmt_instance_return_values` (terraform 1.10 or later).
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#sensitive_return_values)
  */
  readonly sensitiveReturnValues?: string[];
  /**
  * Per-submodule settings, keyed by the submodule's name in the manifest; a submodule of a submodule by its path, the names joined by `/` (`"db/replica"`).
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#submodules)
  */
  readonly submodules?: { [key: string]: InstanceSubmodules } | cdktf.IResolvable;
  /**
  * Free text the service keeps with the instance (`PUT /api/1/instances/{id}/userData`), for example who owns it. Set after the launch and changed in place, without a reconfigure. Unset: not managed.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#user_data)
  */
  readonly userData?: string;
  /**
  * timeouts block
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#timeouts)
  */
  readonly timeouts?: InstanceTimeouts;
}
export interface InstanceEffectiveSubmodules {
}

export function instanceEffectiveSubmodulesToTerraform(struct?: InstanceEffectiveSubmodules): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function instanceEffectiveSubmodulesToHclTerraform(struct?: InstanceEffectiveSubmodules): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class InstanceEffectiveSubmodulesOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param complexObjectKey the key of this item in the map
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string, complexObjectKey: string) {
    super(terraformResource, terraformAttribute, false, complexObjectKey);
  }

  public get internalValue(): InstanceEffectiveSubmodules | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: InstanceEffectiveSubmodules | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
    }
  }

  // parameters - computed: true, optional: false, required: false
  private _parameters = new cdktf.StringMap(this, "parameters");
  public get parameters() {
    return this._parameters;
  }
}

export class InstanceEffectiveSubmodulesMap extends cdktf.ComplexMap {

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  constructor(protected terraformResource: cdktf.IInterpolatingParent, protected terraformAttribute: string) {
    super(terraformResource, terraformAttribute)
  }

  /**
  * @param key the key of the item to return
  */
  public get(key: string): InstanceEffectiveSubmodulesOutputReference {
    return new InstanceEffectiveSubmodulesOutputReference(this.terraformResource, this.terraformAttribute, key);
  }
}
export interface InstanceSubmodules {
  /**
  * YAML text of the submodule's own application manifest, e.g. `appmgmt_application.db.manifest` of the child application in the same configuration. Optional; when set, the plan knows the defaults of the submodule's free parameters while it keeps its manifest version, so a reconfigure that leaves one out keeps it or resets it to that default instead of possibly resetting it. Never sent to the service.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#manifest)
  */
  readonly manifest?: string;
  /**
  * Manifest version of the submodule.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#manifest_version)
  */
  readonly manifestVersion?: number;
  /**
  * Submodule parameters, keyed `<interface>.<pin>` (e.g. `input.<name>`). A parameter that the manifest binds (to a main parameter, or to a parameter of the parent submodule) cannot be set here: set the binding one instead.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#parameters)
  */
  readonly parameters?: { [key: string]: string };
  /**
  * Revision of the submodule, a 24-character lowercase hexadecimal identifier. Applied at launch only. Changing it replaces the instance.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#revision_id)
  */
  readonly revisionId?: string;
  /**
  * Secret submodule parameters (passwords, keys), keyed `<interface>.<pin>` (e.g. `input.<name>`): write-only, sent with `parameters` at launch and every reconfigure, never stored in the plan or the state. `secret_parameters_version` of the instance says when they change. Needs terraform 1.11 or later.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#secret_parameters)
  */
  readonly secretParameters?: { [key: string]: string };
}

export function instanceSubmodulesToTerraform(struct?: InstanceSubmodules | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    manifest: cdktf.stringToTerraform(struct!.manifest),
    manifest_version: cdktf.numberToTerraform(struct!.manifestVersion),
    parameters: cdktf.hashMapper(cdktf.stringToTerraform)(struct!.parameters),
    revision_id: cdktf.stringToTerraform(struct!.revisionId),
    secret_parameters: cdktf.hashMapper(cdktf.stringToTerraform)(struct!.secretParameters),
  }
}


export function instanceSubmodulesToHclTerraform(struct?: InstanceSubmodules | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    manifest: {
      value: cdktf.stringToHclTerraform(struct!.manifest),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    manifest_version: {
      value: cdktf.numberToHclTerraform(struct!.manifestVersion),
      isBlock: false,
      type: "simple",
      storageClassType: "number",
    },
    parameters: {
      value: cdktf.hashMapperHcl(cdktf.stringToHclTerraform)(struct!.parameters),
      isBlock: false,
      type: "map",
      storageClassType: "stringMap",
    },
    revision_id: {
      value: cdktf.stringToHclTerraform(struct!.revisionId),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    secret_parameters: {
      value: cdktf.hashMapperHcl(cdktf.stringToHclTerraform)(struct!.secretParameters),
      isBlock: false,
      type: "map",
      storageClassType: "stringMap",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class InstanceSubmodulesOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param complexObjectKey the key of this item in the map
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string, complexObjectKey: string) {
    super(terraformResource, terraformAttribute, false, complexObjectKey);
  }

  public get internalValue(): InstanceSubmodules | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._manifest !== undefined) {
      hasAnyValues = true;
      internalValueResult.manifest = this._manifest;
    }
    if (this._manifestVersion !== undefined) {
      hasAnyValues = true;
      internalValueResult.manifestVersion = this._manifestVersion;
    }
    if (this._parameters !== undefined) {
      hasAnyValues = true;
      internalValueResult.parameters = this._parameters;
    }
    if (this._revisionId !== undefined) {
      hasAnyValues = true;
      internalValueResult.revisionId = this._revisionId;
    }
    if (this._secretParameters !== undefined) {
      hasAnyValues = true;
      internalValueResult.secretParameters = this._secretParameters;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: InstanceSubmodules | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._manifest = undefined;
      this._manifestVersion = undefined;
      this._parameters = undefined;
      this._revisionId = undefined;
      this._secretParameters = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._manifest = value.manifest;
      this._manifestVersion = value.manifestVersion;
      this._parameters = value.parameters;
      this._revisionId = value.revisionId;
      this._secretParameters = value.secretParameters;
    }
  }

  // manifest - computed: false, optional: true, required: false
  private _manifest?: string; 
  public get manifest() {
    return this.getStringAttribute('manifest');
  }
  public set manifest(value: string) {
    this._manifest = value;
  }
  public resetManifest() {
    this._manifest = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get manifestInput() {
    return this._manifest;
  }

  // manifest_version - computed: false, optional: true, required: false
  private _manifestVersion?: number; 
  public get manifestVersion() {
    return this.getNumberAttribute('manifest_version');
  }
  public set manifestVersion(value: number) {
    this._manifestVersion = value;
  }
  public resetManifestVersion() {
    this._manifestVersion = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get manifestVersionInput() {
    return this._manifestVersion;
  }

  // parameters - computed: false, optional: true, required: false
  private _parameters?: { [key: string]: string }; 
  public get parameters() {
    return this.getStringMapAttribute('parameters');
  }
  public set parameters(value: { [key: string]: string }) {
    this._parameters = value;
  }
  public resetParameters() {
    this._parameters = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get parametersInput() {
    return this._parameters;
  }

  // revision_id - computed: false, optional: true, required: false
  private _revisionId?: string; 
  public get revisionId() {
    return this.getStringAttribute('revision_id');
  }
  public set revisionId(value: string) {
    this._revisionId = value;
  }
  public resetRevisionId() {
    this._revisionId = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get revisionIdInput() {
    return this._revisionId;
  }

  // secret_parameters - computed: false, optional: true, required: false
  private _secretParameters?: { [key: string]: string }; 
  public get secretParameters() {
    return this.getStringMapAttribute('secret_parameters');
  }
  public set secretParameters(value: { [key: string]: string }) {
    this._secretParameters = value;
  }
  public resetSecretParameters() {
    this._secretParameters = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get secretParametersInput() {
    return this._secretParameters;
  }
}

export class InstanceSubmodulesMap extends cdktf.ComplexMap {
  public internalValue? : { [key: string]: InstanceSubmodules } | cdktf.IResolvable

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  constructor(protected terraformResource: cdktf.IInterpolatingParent, protected terraformAttribute: string) {
    super(terraformResource, terraformAttribute)
  }

  /**
  * @param key the key of the item to return
  */
  public get(key: string): InstanceSubmodulesOutputReference {
    return new InstanceSubmodulesOutputReference(this.terraformResource, this.terraformAttribute, key);
  }
}
export interface InstanceTimeouts {
  /**
  * How long to wait for the create workflow to finish, as a duration such as `"30m"`, `"1h30m"` or `"45s"`. Default: `30m`.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#create)
  */
  readonly create?: string;
  /**
  * How long to wait for the delete workflow to finish, as a duration such as `"30m"`, `"1h30m"` or `"45s"`. Default: `30m`.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#delete)
  */
  readonly delete?: string;
  /**
  * How long to wait for the update workflow to finish, as a duration such as `"30m"`, `"1h30m"` or `"45s"`. Default: `30m`.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance.md (Instance#update)
  */
  readonly update?: string;
}

export function instanceTimeoutsToTerraform(struct?: InstanceTimeouts | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    create: cdktf.stringToTerraform(struct!.create),
    delete: cdktf.stringToTerraform(struct!.delete),
    update: cdktf.stringToTerraform(struct!.update),
  }
}


export function instanceTimeoutsToHclTerraform(struct?: InstanceTimeouts | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    create: {
      value: cdktf.stringToHclTerraform(struct!.create),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    delete: {
      value: cdktf.stringToHclTerraform(struct!.delete),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    update: {
      value: cdktf.stringToHclTerraform(struct!.update),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class InstanceTimeoutsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): InstanceTimeouts | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._create !== undefined) {
      hasAnyValues = true;
      internalValueResult.create = this._create;
    }
    if (this._delete !== undefined) {
      hasAnyValues = true;
      internalValueResult.delete = this._delete;
    }
    if (this._update !== undefined) {
      hasAnyValues = true;
      internalValueResult.update = this._update;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: InstanceTimeouts | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._create = undefined;
      this._delete = undefined;
      this._update = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._create = value.create;
      this._delete = value.delete;
      this._update = value.update;
    }
  }

  // create - computed: false, optional: true, required: false
  private _create?: string; 
  public get create() {
    return this.getStringAttribute('create');
  }
  public set create(value: string) {
    this._create = value;
  }
  public resetCreate() {
    this._create = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get createInput() {
    return this._create;
  }

  // delete - computed: false, optional: true, required: false
  private _delete?: string; 
  public get delete() {
    return this.getStringAttribute('delete');
  }
  public set delete(value: string) {
    this._delete = value;
  }
  public resetDelete() {
    this._delete = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get deleteInput() {
    return this._delete;
  }

  // update - computed: false, optional: true, required: false
  private _update?: string; 
  public get update() {
    return this.getStringAttribute('update');
  }
  public set update(value: string) {
    this._update = value;
  }
  public resetUpdate() {
    this._update = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get updateInput() {
    return this._update;
  }
}

/**
* Represents a {@link cdktf-provider-appmgmt/docs/resources/instance.md
*/
export class Instance extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "appmgmt_instance";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a Instance resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the Instance to import
  * @param importFromId The id of the existing Instance that should be imported. Refer to the {@link cdktf-provider-appmgmt/docs/resources/instance.md in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the Instance to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "appmgmt_instance", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link cdktf-provider-appmgmt/docs/resources/instance.md Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options InstanceConfig
  */
  public constructor(scope: Construct, id: string, config: InstanceConfig) {
    super(scope, id, {
      terraformResourceType: 'appmgmt_instance',
      terraformGeneratorMetadata: {
        providerName: 'appmgmt',
        providerVersion: '0.1.0'
      },
      provider: config.provider,
      dependsOn: config.dependsOn,
      count: config.count,
      lifecycle: config.lifecycle,
      provisioners: config.provisioners,
      connection: config.connection,
      forEach: config.forEach
    });
    this._applicationId = config.applicationId;
    this._autoDestroyAfter = config.autoDestroyAfter;
    this._environmentId = config.environmentId;
    this._instanceName = config.instanceName;
    this._manifest = config.manifest;
    this._manifestVersion = config.manifestVersion;
    this._parameters = config.parameters;
    this._revisionId = config.revisionId;
    this._secretParameters = config.secretParameters;
    this._secretParametersVersion = config.secretParametersVersion;
    this._sensitiveReturnValues = config.sensitiveReturnValues;
    this._submodules.internalValue = config.submodules;
    this._userData = config.userData;
    this._timeouts.internalValue = config.timeouts;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // application_id - computed: false, optional: false, required: true
  private _applicationId?: string; 
  public get applicationId() {
    return this.getStringAttribute('application_id');
  }
  public set applicationId(value: string) {
    this._applicationId = value;
  }
  // Temporarily expose input value. Use with caution.
  public get applicationIdInput() {
    return this._applicationId;
  }

  // auto_destroy_after - computed: false, optional: true, required: false
  private _autoDestroyAfter?: string; 
  public get autoDestroyAfter() {
    return this.getStringAttribute('auto_destroy_after');
  }
  public set autoDestroyAfter(value: string) {
    this._autoDestroyAfter = value;
  }
  public resetAutoDestroyAfter() {
    this._autoDestroyAfter = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get autoDestroyAfterInput() {
    return this._autoDestroyAfter;
  }

  // effective_parameters - computed: true, optional: false, required: false
  private _effectiveParameters = new cdktf.StringMap(this, "effective_parameters");
  public get effectiveParameters() {
    return this._effectiveParameters;
  }

  // effective_submodules - computed: true, optional: false, required: false
  private _effectiveSubmodules = new InstanceEffectiveSubmodulesMap(this, "effective_submodules");
  public get effectiveSubmodules() {
    return this._effectiveSubmodules;
  }

  // environment_id - computed: true, optional: true, required: false
  private _environmentId?: string; 
  public get environmentId() {
    return this.getStringAttribute('environment_id');
  }
  public set environmentId(value: string) {
    this._environmentId = value;
  }
  public resetEnvironmentId() {
    this._environmentId = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get environmentIdInput() {
    return this._environmentId;
  }

  // environment_name - computed: true, optional: false, required: false
  public get environmentName() {
    return this.getStringAttribute('environment_name');
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // instance_name - computed: true, optional: true, required: false
  private _instanceName?: string; 
  public get instanceName() {
    return this.getStringAttribute('instance_name');
  }
  public set instanceName(value: string) {
    this._instanceName = value;
  }
  public resetInstanceName() {
    this._instanceName = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get instanceNameInput() {
    return this._instanceName;
  }

  // manifest - computed: false, optional: true, required: false
  private _manifest?: string; 
  public get manifest() {
    return this.getStringAttribute('manifest');
  }
  public set manifest(value: string) {
    this._manifest = value;
  }
  public resetManifest() {
    this._manifest = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get manifestInput() {
    return this._manifest;
  }

  // manifest_version - computed: true, optional: true, required: false
  private _manifestVersion?: number; 
  public get manifestVersion() {
    return this.getNumberAttribute('manifest_version');
  }
  public set manifestVersion(value: number) {
    this._manifestVersion = value;
  }
  public resetManifestVersion() {
    this._manifestVersion = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get manifestVersionInput() {
    return this._manifestVersion;
  }

  // parameters - computed: false, optional: true, required: false
  private _parameters?: { [key: string]: string }; 
  public get parameters() {
    return this.getStringMapAttribute('parameters');
  }
  public set parameters(value: { [key: string]: string }) {
    this._parameters = value;
  }
  public resetParameters() {
    this._parameters = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get parametersInput() {
    return this._parameters;
  }

  // return_values - computed: true, optional: false, required: false
  private _returnValues = new cdktf.StringMap(this, "return_values");
  public get returnValues() {
    return this._returnValues;
  }

  // revision_id - computed: false, optional: true, required: false
  private _revisionId?: string; 
  public get revisionId() {
    return this.getStringAttribute('revision_id');
  }
  public set revisionId(value: string) {
    this._revisionId = value;
  }
  public resetRevisionId() {
    this._revisionId = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get revisionIdInput() {
    return this._revisionId;
  }

  // secret_parameter_names - computed: true, optional: false, required: false
  public get secretParameterNames() {
    return this.getListAttribute('secret_parameter_names');
  }

  // secret_parameters - computed: false, optional: true, required: false
  private _secretParameters?: { [key: string]: string }; 
  public get secretParameters() {
    return this.getStringMapAttribute('secret_parameters');
  }
  public set secretParameters(value: { [key: string]: string }) {
    this._secretParameters = value;
  }
  public resetSecretParameters() {
    this._secretParameters = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get secretParametersInput() {
    return this._secretParameters;
  }

  // secret_parameters_version - computed: false, optional: true, required: false
  private _secretParametersVersion?: number; 
  public get secretParametersVersion() {
    return this.getNumberAttribute('secret_parameters_version');
  }
  public set secretParametersVersion(value: number) {
    this._secretParametersVersion = value;
  }
  public resetSecretParametersVersion() {
    this._secretParametersVersion = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get secretParametersVersionInput() {
    return this._secretParametersVersion;
  }

  // sensitive_return_values - computed: false, optional: true, required: false
  private _sensitiveReturnValues?: string[]; 
  public get sensitiveReturnValues() {
    return this.getListAttribute('sensitive_return_values');
  }
  public set sensitiveReturnValues(value: string[]) {
    this._sensitiveReturnValues = value;
  }
  public resetSensitiveReturnValues() {
    this._sensitiveReturnValues = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get sensitiveReturnValuesInput() {
    return this._sensitiveReturnValues;
  }

  // status - computed: true, optional: false, required: false
  public get status() {
    return this.getStringAttribute('status');
  }

  // submodules - computed: false, optional: true, required: false
  private _submodules = new InstanceSubmodulesMap(this, "submodules");
  public get submodules() {
    return this._submodules;
  }
  public putSubmodules(value: { [key: string]: InstanceSubmodules } | cdktf.IResolvable) {
    this._submodules.internalValue = value;
  }
  public resetSubmodules() {
    this._submodules.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get submodulesInput() {
    return this._submodules.internalValue;
  }

  // user_data - computed: false, optional: true, required: false
  private _userData?: string; 
  public get userData() {
    return this.getStringAttribute('user_data');
  }
  public set userData(value: string) {
    this._userData = value;
  }
  public resetUserData() {
    this._userData = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get userDataInput() {
    return this._userData;
  }

  // timeouts - computed: false, optional: true, required: false
  private _timeouts = new InstanceTimeoutsOutputReference(this, "timeouts");
  public get timeouts() {
    return this._timeouts;
  }
  public putTimeouts(value: InstanceTimeouts) {
    this._timeouts.internalValue = value;
  }
  public resetTimeouts() {
    this._timeouts.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get timeoutsInput() {
    return this._timeouts.internalValue;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      application_id: cdktf.stringToTerraform(this._applicationId),
      auto_destroy_after: cdktf.stringToTerraform(this._autoDestroyAfter),
      environment_id: cdktf.stringToTerraform(this._environmentId),
      instance_name: cdktf.stringToTerraform(this._instanceName),
      manifest: cdktf.stringToTerraform(this._manifest),
      manifest_version: cdktf.numberToTerraform(this._manifestVersion),
      parameters: cdktf.hashMapper(cdktf.stringToTerraform)(this._parameters),
      revision_id: cdktf.stringToTerraform(this._revisionId),
      secret_parameters: cdktf.hashMapper(cdktf.stringToTerraform)(this._secretParameters),
      secret_parameters_version: cdktf.numberToTerraform(this._secretParametersVersion),
      sensitive_return_values: cdktf.listMapper(cdktf.stringToTerraform, false)(this._sensitiveReturnValues),
      submodules: cdktf.hashMapper(instanceSubmodulesToTerraform)(this._submodules.internalValue),
      user_data: cdktf.stringToTerraform(this._userData),
      timeouts: instanceTimeoutsToTerraform(this._timeouts.internalValue),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      application_id: {
        value: cdktf.stringToHclTerraform(this._applicationId),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      auto_destroy_after: {
        value: cdktf.stringToHclTerraform(this._autoDestroyAfter),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      environment_id: {
        value: cdktf.stringToHclTerraform(this._environmentId),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      instance_name: {
        value: cdktf.stringToHclTerraform(this._instanceName),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      manifest: {
        value: cdktf.stringToHclTerraform(this._manifest),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      manifest_version: {
        value: cdktf.numberToHclTerraform(this._manifestVersion),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      parameters: {
        value: cdktf.hashMapperHcl(cdktf.stringToHclTerraform)(this._parameters),
        isBlock: false,
        type: "map",
        storageClassType: "stringMap",
      },
      revision_id: {
        value: cdktf.stringToHclTerraform(this._revisionId),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      secret_parameters: {
        value: cdktf.hashMapperHcl(cdktf.stringToHclTerraform)(this._secretParameters),
        isBlock: false,
        type: "map",
        storageClassType: "stringMap",
      },
      secret_parameters_version: {
        value: cdktf.numberToHclTerraform(this._secretParametersVersion),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      sensitive_return_values: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._sensitiveReturnValues),
        isBlock: false,
        type: "list",
        storageClassType: "stringList",
      },
      submodules: {
        value: cdktf.hashMapperHcl(instanceSubmodulesToHclTerraform)(this._submodules.internalValue),
        isBlock: true,
        type: "map",
        storageClassType: "InstanceSubmodulesMap",
      },
      user_data: {
        value: cdktf.stringToHclTerraform(this._userData),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      timeouts: {
        value: instanceTimeoutsToHclTerraform(this._timeouts.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "InstanceTimeouts",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
