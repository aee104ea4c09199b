// The `appmgmt_application` schema, each attribute's plan behaviour declared beside its description
// (src/provider/planner.ts applies it).

import type { Schema } from "../../terraform-model";
import { schemaAttributes, type DeclaredAttribute } from "../planner";
import { ID_FORMAT, str } from "../schema";

export const APPLICATION_ATTRIBUTES: DeclaredAttribute[] = [
  { ...str("id", `Identifier of the application, ${ID_FORMAT}.`, { computed: true }), onUpdate: "stable" },
  {
    ...str("organization_id", `Organization the application belongs to, ${ID_FORMAT}.`, { required: true }),
    plan: "replace",
  },
  { ...str("name", "Name of the application.", { required: true }), plan: "replace" },
  str(
    "manifest",
    "YAML text of the application manifest, checked at plan time with the same parser as " +
      "`appmgmt_instance.manifest`. A change uploads it as the application's next manifest version.",
    { required: true },
  ),
  {
    name: "manifest_version",
    type: "number",
    description:
      "The manifest version the last upload of `manifest` became; unknown in a plan that uploads it again. " +
      "Give it to `appmgmt_instance.manifest_version` to launch (or reconfigure to) that version.",
    computed: true,
    // an update uploads the manifest (nothing else changes in place): a new version
    onUpdate: "unknown",
  },
];

export const applicationSchema: Schema = {
  version: 0,
  block: {
    description:
      "An application of an organization and its manifest: created with its manifest on create, the manifest " +
      "uploaded as a new version on change. The service has no call that deletes an application: destroy " +
      "only removes it from the state. Import with the application id.",
    attributes: schemaAttributes(APPLICATION_ATTRIBUTES, "application"),
  },
};
