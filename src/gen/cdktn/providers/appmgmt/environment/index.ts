// cdktf-provider-appmgmt/docs/resources/environment.md
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktn from 'cdktn';

// Configuration

export interface EnvironmentConfig extends cdktn.TerraformMetaArguments {
  /**
  * The environment to clone, a 24-character lowercase hexadecimal identifier: required to create one, since the public API creates environments only by cloning (the clone starts with its policies, properties and markers). Used only on create; an imported environment needs none.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/environment.md (Environment#clone_from)
  */
  readonly cloneFrom?: string;
  /**
  * The environment's markers. Listed, they are the complete set; left out, the environment keeps what it has.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/environment.md (Environment#markers)
  */
  readonly markers?: string[];
  /**
  * Name of the environment. The service's API has no call that renames an environment: a new name makes a new clone, and the old environment is only forgotten (see destroy). Changing it replaces the environment.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/environment.md (Environment#name)
  */
  readonly name: string;
  /**
  * Organization the environment belongs to, a 24-character lowercase hexadecimal identifier. Changing it replaces the environment.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/environment.md (Environment#organization_id)
  */
  readonly organizationId: string;
  /**
  * The environment's policies as YAML, as the service exports and imports them (a mapping, e.g. `policies: [...]`); compared by meaning, so a reformatted file is no change. Left out, the environment keeps what it has.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/environment.md (Environment#policies)
  */
  readonly policies?: string;
  /**
  * The environment's properties, by name (letters, digits, `.`, `_`, `-`), values strings. Listed, they are the complete set: the service's others are removed. Left out, the environment keeps what it has.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/environment.md (Environment#properties)
  */
  readonly properties?: { [key: string]: string };
  /**
  * The type of each property whose type is not `string` (for example `int`, `bool`), by property name.
  *
  * Docs: cdktf-provider-appmgmt/docs/resources/environment.md (Environment#property_types)
  */
  readonly propertyTypes?: { [key: string]: string };
}

/**
* Represents a {@link cdktf-provider-appmgmt/docs/resources/environment.md
*/
export class Environment extends cdktn.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "appmgmt_environment";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTN code for importing a Environment resource upon running "cdktn plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the Environment to import
  * @param importFromId The id of the existing Environment that should be imported. Refer to the {@link cdktf-provider-appmgmt/docs/resources/environment.md in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the Environment to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktn.TerraformProvider) {
        return new cdktn.ImportableResource(scope, importToId, { terraformResourceType: "appmgmt_environment", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link cdktf-provider-appmgmt/docs/resources/environment.md Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options EnvironmentConfig
  */
  public constructor(scope: Construct, id: string, config: EnvironmentConfig) {
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
    this._cloneFrom = config.cloneFrom;
    this._markers = config.markers;
    this._name = config.name;
    this._organizationId = config.organizationId;
    this._policies = config.policies;
    this._properties = config.properties;
    this._propertyTypes = config.propertyTypes;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // clone_from - computed: false, optional: true, required: false
  private _cloneFrom?: string; 
  public get cloneFrom() {
    return this.getStringAttribute('clone_from');
  }
  public set cloneFrom(value: string) {
    this._cloneFrom = value;
  }
  public resetCloneFrom() {
    this._cloneFrom = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get cloneFromInput() {
    return this._cloneFrom;
  }

  // clone_from_name - computed: true, optional: false, required: false
  public get cloneFromName() {
    return this.getStringAttribute('clone_from_name');
  }

  // default - computed: true, optional: false, required: false
  public get default() {
    return this.getBooleanAttribute('default');
  }

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
  }

  // markers - computed: true, optional: true, required: false
  private _markers?: string[]; 
  public get markers() {
    return cdktn.Fn.tolist(this.getListAttribute('markers'));
  }
  public set markers(value: string[]) {
    this._markers = value;
  }
  public resetMarkers() {
    this._markers = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get markersInput() {
    return this._markers;
  }

  // name - computed: false, optional: false, required: true
  private _name?: string; 
  public get name() {
    return this.getStringAttribute('name');
  }
  public set name(value: string) {
    this._name = value;
  }
  // Temporarily expose input value. Use with caution.
  public get nameInput() {
    return this._name;
  }

  // organization_id - computed: false, optional: false, required: true
  private _organizationId?: string; 
  public get organizationId() {
    return this.getStringAttribute('organization_id');
  }
  public set organizationId(value: string) {
    this._organizationId = value;
  }
  // Temporarily expose input value. Use with caution.
  public get organizationIdInput() {
    return this._organizationId;
  }

  // policies - computed: true, optional: true, required: false
  private _policies?: string; 
  public get policies() {
    return this.getStringAttribute('policies');
  }
  public set policies(value: string) {
    this._policies = value;
  }
  public resetPolicies() {
    this._policies = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get policiesInput() {
    return this._policies;
  }

  // properties - computed: true, optional: true, required: false
  private _properties?: { [key: string]: string }; 
  public get properties() {
    return this.getStringMapAttribute('properties');
  }
  public set properties(value: { [key: string]: string }) {
    this._properties = value;
  }
  public resetProperties() {
    this._properties = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get propertiesInput() {
    return this._properties;
  }

  // property_types - computed: true, optional: true, required: false
  private _propertyTypes?: { [key: string]: string }; 
  public get propertyTypes() {
    return this.getStringMapAttribute('property_types');
  }
  public set propertyTypes(value: { [key: string]: string }) {
    this._propertyTypes = value;
  }
  public resetPropertyTypes() {
    this._propertyTypes = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get propertyTypesInput() {
    return this._propertyTypes;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      clone_from: cdktn.stringToTerraform(this._cloneFrom),
      markers: cdktn.listMapper(cdktn.stringToTerraform, false)(this._markers),
      name: cdktn.stringToTerraform(this._name),
      organization_id: cdktn.stringToTerraform(this._organizationId),
      policies: cdktn.stringToTerraform(this._policies),
      properties: cdktn.hashMapper(cdktn.stringToTerraform)(this._properties),
      property_types: cdktn.hashMapper(cdktn.stringToTerraform)(this._propertyTypes),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      clone_from: {
        value: cdktn.stringToHclTerraform(this._cloneFrom),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      markers: {
        value: cdktn.listMapperHcl(cdktn.stringToHclTerraform, false)(this._markers),
        isBlock: false,
        type: "set",
        storageClassType: "stringList",
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
      policies: {
        value: cdktn.stringToHclTerraform(this._policies),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      properties: {
        value: cdktn.hashMapperHcl(cdktn.stringToHclTerraform)(this._properties),
        isBlock: false,
        type: "map",
        storageClassType: "stringMap",
      },
      property_types: {
        value: cdktn.hashMapperHcl(cdktn.stringToHclTerraform)(this._propertyTypes),
        isBlock: false,
        type: "map",
        storageClassType: "stringMap",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
