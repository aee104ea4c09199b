// The type names of the provider's resources: the provider serves them, and `appmgmt review` finds them in a
// plan file (which must not load the provider to know them).

export const INSTANCE_TYPE = "appmgmt_instance";
export const APPLICATION_TYPE = "appmgmt_application";
export const WORKFLOW_TYPE = "appmgmt_instance_workflow";
export const ENVIRONMENT_TYPE = "appmgmt_environment";
