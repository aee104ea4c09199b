// cdktf-provider-appmgmt/docs/index.md/ephemeral-resources/instance_return_values
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktn from 'cdktn';

// Configuration

export interface EphemeralAppmgmtInstanceReturnValuesConfig extends cdktn.TerraformEphemeralMetaArguments {
  /**
  * Identifier of the instance, a 24-character lowercase hexadecimal identifier.
  *
  * Docs: cdktf-provider-appmgmt/docs/index.md/ephemeral-resources/instance_return_values#instance_id EphemeralAppmgmtInstanceReturnValues#instance_id}
  */
  readonly instanceId: string;
}

/**
* Represents a {@link cdktf-provider-appmgmt/docs/index.md/ephemeral-resources/instance_return_values appmgmt_instance_return_values}
*/
export class EphemeralAppmgmtInstanceReturnValues extends cdktn.TerraformEphemeralResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "appmgmt_instance_return_values";

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link cdktf-provider-appmgmt/docs/index.md/ephemeral-resources/instance_return_values appmgmt_instance_return_values} Ephemeral Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options EphemeralAppmgmtInstanceReturnValuesConfig
  */
  public constructor(scope: Construct, id: string, config: EphemeralAppmgmtInstanceReturnValuesConfig) {
    super(scope, id, {
      terraformResourceType: 'appmgmt_instance_return_values',
      terraformGeneratorMetadata: {
        providerName: 'appmgmt',
        providerVersion: '0.1.0'
      },
      provider: config.provider,
      dependsOn: config.dependsOn,
      count: config.count,
      lifecycle: config.lifecycle,
      forEach: config.forEach
    });
    this._instanceId = config.instanceId;
  }

  // ==========
  // ATTRIBUTES
  // ==========

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

  // values - computed: true, optional: false, required: false
  private _values = new cdktn.StringMap(this, "values");
  public get values() {
    return this._values;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      instance_id: cdktn.stringToTerraform(this._instanceId),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      instance_id: {
        value: cdktn.stringToHclTerraform(this._instanceId),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
