// The provider configuration's schema and the pieces every schema shares. The resource's schema lives in
// src/provider/instance/schema.ts, the data sources' in data-sources/schemas.ts; src/provider/catalog.ts puts
// them together. Descriptions are Markdown: they feed the docs and the generated cdktf bindings.

import type { Schema, SchemaAttribute } from "../terraform-model";

export const PROVIDER_SOURCE = "registry.terraform.io/appmgmt/appmgmt";
export const PROVIDER_VERSION = "0.1.0";

export const DEFAULT_API_VERSION = "1.2";
export const DEFAULT_TIMEOUT = "30m";

export const ID_FORMAT = "a 24-character lowercase hexadecimal identifier";

export function str(name: string, description: string, flags: Partial<SchemaAttribute>): SchemaAttribute {
  return { name, type: "string", description, ...flags };
}

export const providerSchema: Schema = {
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
      str(
        "unreachable_timeout",
        "How long a wait for an instance's workflow goes on while every status poll gets no answer at all " +
          '(connection refused or reset, request timeouts), as a duration such as `"5m"`; then the wait ' +
          "stops with an error naming the URL (the instance may be fine: the wait failed, not the workflow), " +
          "and only a create leaves the instance tainted. Environment variable: `APPMGMT_UNREACHABLE_TIMEOUT`. " +
          "Default: `5m`.",
        { optional: true },
      ),
      {
        name: "max_retries",
        type: "number",
        description:
          "How many times an idempotent request is retried after a `408`, a `429`, a `5xx` or a connection reset " +
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
