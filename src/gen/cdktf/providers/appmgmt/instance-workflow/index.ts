// cdktf-provider-appmgmt/docs/resources/instance_workflow.md
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface InstanceWorkflowConfig extends cdktf.TerraformMetaArguments {
  /**
  * Instance to run the workflow on, a 24-character lowercase hexadecimal identifier. Changing it replaces the run (the workflow runs again).
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance_workflow.md (InstanceWorkflow#instance_id)
  */
  readonly instanceId: string;
  /**
  * YAML text of the instance's application manifest (e.g. `appmgmt_instance.shop.manifest`). Optional; when set, `workflow` and `parameters` are checked against its workflows and interface commands at plan time. Never sent to the service.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance_workflow.md (InstanceWorkflow#manifest)
  */
  readonly manifest?: string;
  /**
  * The workflow's parameters, by the names its manifest declares. A change runs the workflow again. Changing it replaces the run (the workflow runs again).
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance_workflow.md (InstanceWorkflow#parameters)
  */
  readonly parameters?: { [key: string]: string };
  /**
  * Secret workflow parameters (passwords, keys): write-only, sent with `parameters`, never stored in the plan or the state; a return value that echoes one is left out of `return_values`. Terraform never sees their values, so a new value alone does not run the workflow again: change `triggers` as well. A name may not also be in `parameters`. Needs terraform 1.11 or later.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance_workflow.md (InstanceWorkflow#secret_parameters)
  */
  readonly secretParameters?: { [key: string]: string };
  /**
  * Arbitrary values whose change runs the workflow again (as `terraform_data`'s `triggers_replace`), e.g. `{ manifest_version = appmgmt_instance.shop.manifest_version }`. Never sent to the service. Changing it replaces the run (the workflow runs again).
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance_workflow.md (InstanceWorkflow#triggers)
  */
  readonly triggers?: { [key: string]: string };
  /**
  * Name of a workflow the instance's manifest declares: one under `application.workflows`, or a command of the application's interface (`<interface>.<command>`, a pin bound to a component's `receive-command`). `launch`, `reconfigure` and `destroy` are not run by name: the `appmgmt_instance` resource runs them. Changing it replaces the run (the workflow runs again).
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance_workflow.md (InstanceWorkflow#workflow)
  */
  readonly workflow: string;
  /**
  * timeouts block
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance_workflow.md (InstanceWorkflow#timeouts)
  */
  readonly timeouts?: InstanceWorkflowTimeouts;
}
export interface InstanceWorkflowTimeouts {
  /**
  * How long to wait for the run (including while another workflow of the instance runs), as a duration such as `"30m"`. Default: `30m`.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/instance_workflow.md (InstanceWorkflow#create)
  */
  readonly create?: string;
}

export function instanceWorkflowTimeoutsToTerraform(struct?: InstanceWorkflowTimeouts | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    create: cdktf.stringToTerraform(struct!.create),
  }
}


export function instanceWorkflowTimeoutsToHclTerraform(struct?: InstanceWorkflowTimeouts | cdktf.IResolvable): any {
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
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class InstanceWorkflowTimeoutsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): InstanceWorkflowTimeouts | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._create !== undefined) {
      hasAnyValues = true;
      internalValueResult.create = this._create;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: InstanceWorkflowTimeouts | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._create = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._create = value.create;
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
}

/**
* Represents a {@link cdktf-provider-appmgmt/docs/resources/instance_workflow.md
*/
export class InstanceWorkflow extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "appmgmt_instance_workflow";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a InstanceWorkflow resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the InstanceWorkflow to import
  * @param importFromId The id of the existing InstanceWorkflow that should be imported. Refer to the {@link cdktf-provider-appmgmt/docs/resources/instance_workflow.md in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the InstanceWorkflow to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "appmgmt_instance_workflow", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link cdktf-provider-appmgmt/docs/resources/instance_workflow.md Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options InstanceWorkflowConfig
  */
  public constructor(scope: Construct, id: string, config: InstanceWorkflowConfig) {
    super(scope, id, {
      terraformResourceType: 'appmgmt_instance_workflow',
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
    this._instanceId = config.instanceId;
    this._manifest = config.manifest;
    this._parameters = config.parameters;
    this._secretParameters = config.secretParameters;
    this._triggers = config.triggers;
    this._workflow = config.workflow;
    this._timeouts.internalValue = config.timeouts;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // instance_id - computed: false, optional: false, required: true
  private _instanceId?: string; 
  public get instanceId() {
    return this.getStringAttribute('instance_id');
  }
  public set instanceId(value: string) {
    this._instanceId = value;
  }
  // Temporarily expose input value. Use with caution.
  public get instanceIdInput() {
    return this._instanceId;
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

  // status - computed: true, optional: false, required: false
  public get status() {
    return this.getStringAttribute('status');
  }

  // triggers - computed: false, optional: true, required: false
  private _triggers?: { [key: string]: string }; 
  public get triggers() {
    return this.getStringMapAttribute('triggers');
  }
  public set triggers(value: { [key: string]: string }) {
    this._triggers = value;
  }
  public resetTriggers() {
    this._triggers = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get triggersInput() {
    return this._triggers;
  }

  // workflow - computed: false, optional: false, required: true
  private _workflow?: string; 
  public get workflow() {
    return this.getStringAttribute('workflow');
  }
  public set workflow(value: string) {
    this._workflow = value;
  }
  // Temporarily expose input value. Use with caution.
  public get workflowInput() {
    return this._workflow;
  }

  // timeouts - computed: false, optional: true, required: false
  private _timeouts = new InstanceWorkflowTimeoutsOutputReference(this, "timeouts");
  public get timeouts() {
    return this._timeouts;
  }
  public putTimeouts(value: InstanceWorkflowTimeouts) {
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
      instance_id: cdktf.stringToTerraform(this._instanceId),
      manifest: cdktf.stringToTerraform(this._manifest),
      parameters: cdktf.hashMapper(cdktf.stringToTerraform)(this._parameters),
      secret_parameters: cdktf.hashMapper(cdktf.stringToTerraform)(this._secretParameters),
      triggers: cdktf.hashMapper(cdktf.stringToTerraform)(this._triggers),
      workflow: cdktf.stringToTerraform(this._workflow),
      timeouts: instanceWorkflowTimeoutsToTerraform(this._timeouts.internalValue),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      instance_id: {
        value: cdktf.stringToHclTerraform(this._instanceId),
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
      parameters: {
        value: cdktf.hashMapperHcl(cdktf.stringToHclTerraform)(this._parameters),
        isBlock: false,
        type: "map",
        storageClassType: "stringMap",
      },
      secret_parameters: {
        value: cdktf.hashMapperHcl(cdktf.stringToHclTerraform)(this._secretParameters),
        isBlock: false,
        type: "map",
        storageClassType: "stringMap",
      },
      triggers: {
        value: cdktf.hashMapperHcl(cdktf.stringToHclTerraform)(this._triggers),
        isBlock: false,
        type: "map",
        storageClassType: "stringMap",
      },
      workflow: {
        value: cdktf.stringToHclTerraform(this._workflow),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      timeouts: {
        value: instanceWorkflowTimeoutsToHclTerraform(this._timeouts.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "InstanceWorkflowTimeouts",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
