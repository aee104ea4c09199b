// cdktf-provider-appmgmt/docs/data-sources/environment.md
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktn from 'cdktn';

// Configuration

export interface DataAppmgmtEnvironmentConfig extends cdktn.TerraformMetaArguments {
  /**
  * The environment, a 24-character lowercase hexadecimal identifier; or give organization_id and name.
  *
  * Docs: cdktf-provider-appmgmt/docs/data-sources/environment.md (DataAppmgmtEnvironment#id)
  *
  * Please be aware that the id field is automatically added to all resources in Terraform providers using a Terraform provider SDK version below 2.
  * If you experience problems setting this value it might not be settable. Please take a look at the provider documentation to ensure it should be settable.
  */
  readonly id?: string;
  /**
  * Name of the environment, with organization_id: it must name exactly one.
  *
  * Docs: cdktf-provider-appmgmt/docs/data-sources/environment.md (DataAppmgmtEnvironment#name)
  */
  readonly name?: string;
  /**
  * Organization, a 24-character lowercase hexadecimal identifier: found from id when left out.
  *
  * Docs: cdktf-provider-appmgmt/docs/data-sources/environment.md (DataAppmgmtEnvironment#organization_id)
  */
  readonly organizationId?: string;
}

/**
* Represents a {@link cdktf-provider-appmgmt/docs/data-sources/environment.md
*/
export class DataAppmgmtEnvironment extends cdktn.TerraformDataSource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "appmgmt_environment";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTN code for importing a DataAppmgmtEnvironment resource upon running "cdktn plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the DataAppmgmtEnvironment to import
  * @param importFromId The id of the existing DataAppmgmtEnvironment that should be imported. Refer to the {@link cdktf-provider-appmgmt/docs/data-sources/environment.md in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the DataAppmgmtEnvironment to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktn.TerraformProvider) {
        return new cdktn.ImportableResource(scope, importToId, { terraformResourceType: "appmgmt_environment", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link cdktf-provider-appmgmt/docs/data-sources/environment.md Data Source
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options DataAppmgmtEnvironmentConfig = {}
  */
  public constructor(scope: Construct, id: string, config: DataAppmgmtEnvironmentConfig = {}) {
    super(scope, id, {
      terraformResourceType: 'appmgmt_environment',
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
    this._name = config.name;
    this._organizationId = config.organizationId;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // default - computed: true, optional: false, required: false
  public get default() {
    return this.getBooleanAttribute('default');
  }

  // id - computed: true, optional: true, required: false
  private _id?: string; 
  public get id() {
    return this.getStringAttribute('id');
  }
  public set id(value: string) {
    this._id = value;
  }
  public resetId() {
    this._id = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get idInput() {
    return this._id;
  }

  // markers - computed: true, optional: false, required: false
  public get markers() {
    return cdktn.Fn.tolist(this.getListAttribute('markers'));
  }

  // name - computed: true, optional: true, required: false
  private _name?: string; 
  public get name() {
    return this.getStringAttribute('name');
  }
  public set name(value: string) {
    this._name = value;
  }
  public resetName() {
    this._name = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get nameInput() {
    return this._name;
  }

  // organization_id - computed: true, optional: true, required: false
  private _organizationId?: string; 
  public get organizationId() {
    return this.getStringAttribute('organization_id');
  }
  public set organizationId(value: string) {
    this._organizationId = value;
  }
  public resetOrganizationId() {
    this._organizationId = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get organizationIdInput() {
    return this._organizationId;
  }

  // policies - computed: true, optional: false, required: false
  public get policies() {
    return this.getStringAttribute('policies');
  }

  // properties - computed: true, optional: false, required: false
  private _properties = new cdktn.StringMap(this, "properties");
  public get properties() {
    return this._properties;
  }

  // property_types - computed: true, optional: false, required: false
  private _propertyTypes = new cdktn.StringMap(this, "property_types");
  public get propertyTypes() {
    return this._propertyTypes;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      id: cdktn.stringToTerraform(this._id),
      name: cdktn.stringToTerraform(this._name),
      organization_id: cdktn.stringToTerraform(this._organizationId),
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
      name: {
        value: cdktn.stringToHclTerraform(this._name),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      organization_id: {
        value: cdktn.stringToHclTerraform(this._organizationId),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
