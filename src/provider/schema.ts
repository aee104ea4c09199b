// The provider's schema (DESIGN §5): provider configuration, the `appmgmt_instance` resource and the
// five data sources. Descriptions are Markdown: they feed the docs and the generated cdktf bindings.

import type { ProviderSchemas, Schema, SchemaAttribute } from "../protocol/model";

export const PROVIDER_SOURCE = "registry.terraform.io/appmgmt/appmgmt";
export const PROVIDER_VERSION = "0.1.0";

export const DEFAULT_API_VERSION = "1.2";
export const DEFAULT_TIMEOUT = "30m";

const ID_FORMAT = "a 24-character lowercase hexadecimal identifier";

function str(name: string, description: string, flags: Partial<SchemaAttribute>): SchemaAttribute {
  return { name, type: "string", description, ...flags };
}

const providerSchema: Schema = {
  version: 0,
  block: {
    description:
      "The `appmgmt` provider manages application instances of the Application Management Service. " +
      "Every attribute can also be set through an environment variable; a value in the configuration wins.",
    attributes: [
      str(
        "base_url",
        "Base URL of the service, e.g. `https://appmgmt.example.com` (no `/api/...` suffix). " +
          "Environment variable: `APPMGMT_BASE_URL`. Required.",
        { optional: true },
      ),
      str(
        "api_version",
        "API version to use: `1.0`, `1.1`, `1.2` or `2.0` (versions 1.x use `/api/1`, 2.0 uses `/api/2`). " +
          "Environment variable: `APPMGMT_API_VERSION`. Default: `1.2`.",
        { optional: true },
      ),
      str(
        "email",
        "Email of a built-in account, for Basic authentication together with `password`. " +
          "Environment variable: `APPMGMT_EMAIL`.",
        { optional: true },
      ),
      str("password", "Password of the account named by `email`. Environment variable: `APPMGMT_PASSWORD`.", {
        optional: true,
        sensitive: true,
      }),
      str(
        "refresh_token",
        "Refresh token used to obtain session tokens (JWT). Takes precedence over `email`/`password` when " +
          "both are given. Environment variable: `APPMGMT_REFRESH_TOKEN`.",
        { optional: true, sensitive: true },
      ),
      str(
        "session_token",
        "A session token (JWT) minted once by `appmgmt session create` and shared by many jobs, so they make " +
          "no token requests of their own (the service blocks a user after more than 5 within 60 s). Used " +
          "until the service rejects it (expired or invalid), then `refresh_token` or `email`/`password` " +
          "when set. Environment variable: `APPMGMT_SESSION_TOKEN`.",
        { optional: true, sensitive: true },
      ),
      str(
        "token_cache_dir",
        "Directory where session tokens are cached (files of mode 0600, named by a hash) so that the " +
          "provider processes of one terraform command share one session token. Environment variable: " +
          "`APPMGMT_TOKEN_CACHE_DIR`. Default: `$XDG_CACHE_HOME/appmgmt/tokens`, else `~/.cache/appmgmt/tokens`.",
        { optional: true },
      ),
      str(
        "request_timeout",
        'Timeout of one HTTP request, as a duration such as `"30s"` or `"1m30s"`. Environment variable: ' +
          "`APPMGMT_REQUEST_TIMEOUT`. Default: the client's default (30s).",
        { optional: true },
      ),
      {
        name: "max_retries",
        type: "number",
        description:
          "How many times an idempotent request is retried after a `429`, a `5xx` or a connection reset " +
          "(launch is never retried). Environment variable: `APPMGMT_MAX_RETRIES`. Default: the client's default.",
        optional: true,
      },
      str(
        "ca_cert_pem",
        "PEM-encoded CA certificate(s) to trust in addition to the system ones, for services behind a " +
          "private CA. Environment variable: `APPMGMT_CA_CERT_PEM`.",
        { optional: true },
      ),
      {
        name: "insecure",
        type: "bool",
        description:
          "Skip TLS certificate verification. Only for tests against a local service. Environment variable: " +
          "`APPMGMT_INSECURE` (`true`/`false`). Default: `false`.",
        optional: true,
      },
    ],
  },
};

const submoduleAttributes: SchemaAttribute[] = [
  str(
    "revision_id",
    `Revision of the submodule, ${ID_FORMAT}. Applied at launch only: changing it replaces the instance.`,
    { optional: true },
  ),
  {
    name: "manifest_version",
    type: "number",
    description: "Manifest version of the submodule.",
    optional: true,
  },
  {
    name: "parameters",
    type: ["map", "string"],
    description:
      "Submodule parameters, keyed `input.<name>`. A parameter that the main manifest binds to one of its " +
      "own parameters cannot be set here: set the binding main parameter instead.",
    optional: true,
  },
];

const timeoutAttributes: SchemaAttribute[] = (["create", "update", "delete"] as const).map((op) =>
  str(
    op,
    `How long to wait for the ${op} workflow to finish, as a duration such as \`"30m"\`, \`"1h30m"\` or ` +
      `\`"45s"\`. Default: \`${DEFAULT_TIMEOUT}\`.`,
    { optional: true },
  ),
);

const instanceResource: Schema = {
  version: 0,
  block: {
    description:
      "An application instance: launched on create, reconfigured in place on update (one request " +
      "carrying the complete desired configuration), destroyed on delete. Import with the instance id.",
    attributes: [
      str("id", `Identifier of the instance, ${ID_FORMAT}.`, { computed: true }),
      str("application_id", `Application to launch, ${ID_FORMAT}. Changing it replaces the instance.`, {
        required: true,
      }),
      str(
        "instance_name",
        "Name of the instance; the service generates one when unset. Setting it lets the provider find " +
          "the instance again if a launch's answer is lost. Changing it replaces the instance.",
        { optional: true, computed: true },
      ),
      str(
        "environment_id",
        `Environment to launch into, ${ID_FORMAT}. Default: the organization's default environment. ` +
          "Changing it replaces the instance.",
        { optional: true, computed: true },
      ),
      str(
        "revision_id",
        `Revision of the application to run, ${ID_FORMAT}. Its stored versions and values apply; ` +
          "explicit `parameters` override them.",
        { optional: true },
      ),
      {
        name: "manifest_version",
        type: "number",
        description:
          "Manifest version the instance runs. Default: the latest version at launch. Changing it " +
          "resets parameters not listed in `parameters` to the new version's defaults.",
        optional: true,
        computed: true,
      },
      {
        name: "parameters",
        type: ["map", "string"],
        description:
          "Main parameters, keyed `input.<name>`, values strings. Parameters not listed take their " +
          "defaults: removing one resets it to its default (the plan warns about it).",
        optional: true,
      },
      {
        name: "submodules",
        description: "Per-submodule settings, keyed by the submodule's name in the manifest.",
        optional: true,
        nestedType: { nesting: "map", attributes: submoduleAttributes },
      },
      str(
        "manifest",
        "YAML text of the application manifest. Optional; when set, `parameters` and `submodules` are " +
          "checked against it at plan time (unknown names, bound submodule parameters). Never sent to the service.",
        { optional: true },
      ),
      str(
        "status",
        "Status of the instance: `Requested`, `Executing`, `Running`, `Failed`, `Destroying` or `Destroyed`.",
        { computed: true },
      ),
      {
        name: "effective_parameters",
        type: ["map", "string"],
        description:
          "Actual values of all main parameters, including defaults and values set by the revision.",
        computed: true,
      },
      {
        name: "return_values",
        type: ["map", "string"],
        description: "Values returned by the instance's workflows (non-string values JSON-encoded).",
        computed: true,
      },
    ],
    // A block, as in terraform's own providers: `timeouts { create = "10m" }`.
    blockTypes: [
      {
        typeName: "timeouts",
        nesting: "single",
        block: {
          description: "How long create, update and delete wait for their workflow.",
          attributes: timeoutAttributes,
        },
      },
    ],
  },
};

function computedList(name: string, description: string, attributes: SchemaAttribute[]): SchemaAttribute {
  return { name, description, computed: true, nestedType: { nesting: "list", attributes } };
}

const idName: SchemaAttribute[] = [
  str("id", `Identifier, ${ID_FORMAT}.`, { computed: true }),
  str("name", "Display name.", { computed: true }),
];

const organizationsData: Schema = {
  version: 0,
  block: {
    description: "The organizations the configured credentials can access.",
    attributes: [computedList("organizations", "The organizations, in the service's order.", idName)],
  },
};

const applicationsData: Schema = {
  version: 0,
  block: {
    description: "The applications of an organization.",
    attributes: [
      str("organization_id", `Organization, ${ID_FORMAT}.`, { required: true }),
      computedList("applications", "The applications, in the service's order.", idName),
    ],
  },
};

const environmentsData: Schema = {
  version: 0,
  block: {
    description: "The environments of an organization.",
    attributes: [
      str("organization_id", `Organization, ${ID_FORMAT}.`, { required: true }),
      computedList("environments", "The environments, in the service's order.", [
        ...idName,
        {
          name: "default",
          type: "bool",
          description: "Whether launches without an environment go here.",
          computed: true,
        },
      ]),
    ],
  },
};

const instanceSummaryAttributes: SchemaAttribute[] = [
  ...idName,
  str("application_id", "Application the instance was launched from.", { computed: true }),
  str("revision_id", "Revision the instance runs, null when none.", { computed: true }),
  str("environment_id", "Environment of the instance.", { computed: true }),
  str("status", "Status of the instance.", { computed: true }),
];

const instancesData: Schema = {
  version: 0,
  block: {
    description: "The instances of an environment, optionally filtered by application and status.",
    attributes: [
      str("environment_id", `Environment, ${ID_FORMAT}.`, { required: true }),
      str("application_id", "Only instances of this application.", { optional: true }),
      str("status", "Only instances with this status, e.g. `Running`.", { optional: true }),
      computedList("instances", "The matching instances, in the service's order.", instanceSummaryAttributes),
    ],
  },
};

const instanceData: Schema = {
  version: 0,
  block: {
    description: "The status of one instance.",
    attributes: [
      str("id", `Identifier of the instance, ${ID_FORMAT}.`, { required: true }),
      str("name", "Name of the instance.", { computed: true }),
      str("application_id", "Application the instance was launched from.", { computed: true }),
      str("environment_id", "Environment of the instance.", { computed: true }),
      str("revision_id", "Revision the instance runs, null when none.", { computed: true }),
      {
        name: "manifest_version",
        type: "number",
        description: "Manifest version the instance runs.",
        computed: true,
      },
      str("status", "Status of the instance.", { computed: true }),
      str("error_message", "Why the last workflow failed, null when it did not.", { computed: true }),
      {
        name: "parameters",
        type: ["map", "string"],
        description: "Actual values of all main parameters.",
        computed: true,
      },
      {
        name: "submodules",
        description: "Actual settings of each submodule.",
        computed: true,
        nestedType: {
          nesting: "map",
          attributes: [
            str("revision_id", "Revision of the submodule, null when none.", { computed: true }),
            { name: "manifest_version", type: "number", description: "Manifest version.", computed: true },
            {
              name: "parameters",
              type: ["map", "string"],
              description: "Actual values of all submodule parameters.",
              computed: true,
            },
          ],
        },
      },
      {
        name: "return_values",
        type: ["map", "string"],
        description: "Values returned by the instance's workflows (non-string values JSON-encoded).",
        computed: true,
      },
    ],
  },
};

export const providerSchemas: ProviderSchemas = {
  provider: providerSchema,
  resources: { appmgmt_instance: instanceResource },
  dataSources: {
    appmgmt_organizations: organizationsData,
    appmgmt_applications: applicationsData,
    appmgmt_environments: environmentsData,
    appmgmt_instances: instancesData,
    appmgmt_instance: instanceData,
  },
};
