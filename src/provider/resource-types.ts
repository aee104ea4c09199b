// The type names of the provider's resources: the provider serves them, and `appmgmt review` finds them in a
// plan file: the one file of the provider's that the review imports (it imports nothing), so the review
// never loads the provider (ARCHITECTURE.md §1).

export const INSTANCE_TYPE = "appmgmt_instance";
export const APPLICATION_TYPE = "appmgmt_application";
export const WORKFLOW_TYPE = "appmgmt_instance_workflow";
export const ENVIRONMENT_TYPE = "appmgmt_environment";
