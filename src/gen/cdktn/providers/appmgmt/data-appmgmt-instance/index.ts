// cdktf-provider-appmgmt/docs/data-sources/instance.md
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktn from 'cdktn';

// Configuration

export interface DataAppmgmtInstanceConfig extends cdktn.TerraformMetaArguments {
  /**
  * Identifier of the instance, a 24-character lowercase hexadecimal identifier.
  *
  * Docs: cdktf-provider-appmgmt/docs/data-sources/instance.md (DataAppmgmtInstance#id)
  *
  * Please be aware that the id field is automatically added to all resources in Terraform providers using a Terraform provider SDK version below 2.
  * If you experience problems setting this value it might not be settable. Please take a look at the provider documentation to ensure it should be settable.
  */
  readonly id: string;
  /**
  * Parameter names to leave out as secrets besides those that look secret, as `secret_parameter_names` lists them (`<interface>.<pin>`, a submodule's `<path>/<interface>.<pin>`).
  *
  * Docs: cdktf-provider-appmgmt/docs/data-sources/instance.md (DataAppmgmtInstance#secret_names)
  */
  readonly secretNames?: string[];
}
export interface DataAppmgmtInstanceSubmodules {
}

export function dataAppmgmtInstanceSubmodulesToTerraform(struct?: DataAppmgmtInstanceSubmodules): any {
  if (!cdktn.canInspect(struct) || cdktn.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktn.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdktn.io/docs/concepts/resources#references");
  }
  return {
  }
}


export function dataAppmgmtInstanceSubmodulesToHclTerraform(struct?: DataAppmgmtInstanceSubmodules): any {
  if (!cdktn.canInspect(struct) || cdktn.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktn.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdktn.io/docs/concepts/resources#references");
  }
  const attrs = {
  };
  return attrs;
}

export class DataAppmgmtInstanceSubmodulesOutputReference extends cdktn.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param complexObjectKey the key of this item in the map
  */
  public constructor(terraformResource: cdktn.IInterpolatingParent, terraformAttribute: string, complexObjectKey: string) {
    super(terraformResource, terraformAttribute, false, complexObjectKey);
  }

  public get internalValue(): DataAppmgmtInstanceSubmodules | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: DataAppmgmtInstanceSubmodules | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
    }
  }

  // manifest_version - computed: true, optional: false, required: false
  public get manifestVersion() {
    return this.getNumberAttribute('manifest_version');
  }

  // parameters - computed: true, optional: false, required: false
  private _parameters = new cdktn.StringMap(this, "parameters");
  public get parameters() {
    return this._parameters;
  }

  // revision_id - computed: true, optional: false, required: false
  public get revisionId() {
    return this.getStringAttribute('revision_id');
  }
}

export class DataAppmgmtInstanceSubmodulesMap extends cdktn.ComplexMap {

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  constructor(terraformResource: cdktn.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute);
  }

  /**
  * @param key the key of the item to return
  */
  public get(key: string): DataAppmgmtInstanceSubmodulesOutputReference {
    return new DataAppmgmtInstanceSubmodulesOutputReference(this.terraformResource, this.terraformAttribute, key);
  }
}

/**
* Represents a {@link cdktf-provider-appmgmt/docs/data-sources/instance.md
*/
export class DataAppmgmtInstance extends cdktn.TerraformDataSource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "appmgmt_instance";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTN code for importing a DataAppmgmtInstance resource upon running "cdktn plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the DataAppmgmtInstance to import
  * @param importFromId The id of the existing DataAppmgmtInstance that should be imported. Refer to the {@link cdktf-provider-appmgmt/docs/data-sources/instance.md in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the DataAppmgmtInstance to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktn.TerraformProvider) {
        return new cdktn.ImportableResource(scope, importToId, { terraformResourceType: "appmgmt_instance", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link cdktf-provider-appmgmt/docs/data-sources/instance.md Data Source
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options DataAppmgmtInstanceConfig
  */
  public constructor(scope: Construct, id: string, config: DataAppmgmtInstanceConfig) {
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
    this._id = config.id;
    this._secretNames = config.secretNames;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // application_id - computed: true, optional: false, required: false
  public get applicationId() {
    return this.getStringAttribute('application_id');
  }

  // environment_id - computed: true, optional: false, required: false
  public get environmentId() {
    return this.getStringAttribute('environment_id');
  }

  // error_message - computed: true, optional: false, required: false
  public get errorMessage() {
    return this.getStringAttribute('error_message');
  }

  // id - computed: false, optional: false, required: true
  private _id?: string; 
  public get id() {
    return this.getStringAttribute('id');
  }
  public set id(value: string) {
    this._id = value;
  }
  // Temporarily expose input value. Use with caution.
  public get idInput() {
    return this._id;
  }

  // manifest_version - computed: true, optional: false, required: false
  public get manifestVersion() {
    return this.getNumberAttribute('manifest_version');
  }

  // name - computed: true, optional: false, required: false
  public get name() {
    return this.getStringAttribute('name');
  }

  // parameters - computed: true, optional: false, required: false
  private _parameters = new cdktn.StringMap(this, "parameters");
  public get parameters() {
    return this._parameters;
  }

  // return_values - computed: true, optional: false, required: false
  private _returnValues = new cdktn.StringMap(this, "return_values");
  public get returnValues() {
    return this._returnValues;
  }

  // revision_id - computed: true, optional: false, required: false
  public get revisionId() {
    return this.getStringAttribute('revision_id');
  }

  // secret_names - computed: false, optional: true, required: false
  private _secretNames?: string[]; 
  public get secretNames() {
    return this.getListAttribute('secret_names');
  }
  public set secretNames(value: string[]) {
    this._secretNames = value;
  }
  public resetSecretNames() {
    this._secretNames = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get secretNamesInput() {
    return this._secretNames;
  }

  // secret_parameter_names - computed: true, optional: false, required: false
  public get secretParameterNames() {
    return this.getListAttribute('secret_parameter_names');
  }

  // status - computed: true, optional: false, required: false
  public get status() {
    return this.getStringAttribute('status');
  }

  // submodules - computed: true, optional: false, required: false
  private _submodules = new DataAppmgmtInstanceSubmodulesMap(this, "submodules");
  public get submodules() {
    return this._submodules;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      id: cdktn.stringToTerraform(this._id),
      secret_names: cdktn.listMapper(cdktn.stringToTerraform, false)(this._secretNames),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      id: {
        value: cdktn.stringToHclTerraform(this._id),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      secret_names: {
        value: cdktn.listMapperHcl(cdktn.stringToHclTerraform, false)(this._secretNames),
        isBlock: false,
        type: "list",
        storageClassType: "stringList",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
