// cdktf-provider-appmgmt/docs/index.md
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface AppmgmtProviderConfig {
  /**
  * API version to use: `1.0`, `1.1`, `1.2` or `2.0` (versions 1.x use `/api/1`, 2.0 uses `/api/2`). Environment variable: `APPMGMT_API_VERSION`. Default: `1.2`.
  *
  * Docs: cdktf-provider-appmgmt/docs/index.md (AppmgmtProvider#api_version)
  */
  readonly apiVersion?: string;
  /**
  * Base URL of the service, e.g. `https://appmgmt.example.com` (no `/api/...` suffix). Environment variable: `APPMGMT_BASE_URL`. Required.
  *
  * Docs: cdktf-provider-appmgmt/docs/index.md (AppmgmtProvider#base_url)
  */
  readonly baseUrl?: string;
  /**
  * PEM-encoded CA certificate(s) to trust in addition to the system ones, for services behind a private CA. Environment variable: `APPMGMT_CA_CERT_PEM`.
  *
  * Docs: cdktf-provider-appmgmt/docs/index.md (AppmgmtProvider#ca_cert_pem)
  */
  readonly caCertPem?: string;
  /**
  * Email of a built-in account, for Basic authentication together with `password`. Environment variable: `APPMGMT_EMAIL`.
  *
  * Docs: cdktf-provider-appmgmt/docs/index.md (AppmgmtProvider#email)
  */
  readonly email?: string;
  /**
  * Skip TLS certificate verification. Only for tests against a local service. Environment variable: `APPMGMT_INSECURE` (`true`/`false`). Default: `false`.
  *
  * Docs: cdktf-provider-appmgmt/docs/index.md (AppmgmtProvider#insecure)
  */
  readonly insecure?: boolean | cdktf.IResolvable;
  /**
  * How many times an idempotent request is retried after a `408`, a `429`, a `5xx` or a connection reset (launch is never retried). Environment variable: `APPMGMT_MAX_RETRIES`. Default: the client's default.
  *
  * Docs: cdktf-provider-appmgmt/docs/index.md (AppmgmtProvider#max_retries)
  */
  readonly maxRetries?: number;
  /**
  * Password of the account named by `email`. Environment variable: `APPMGMT_PASSWORD`.
  *
  * Docs: cdktf-provider-appmgmt/docs/index.md (AppmgmtProvider#password)
  */
  readonly password?: string;
  /**
  * Refresh token used to obtain session tokens (JWT). Takes precedence over `email`/`password` when both are given. Environment variable: `APPMGMT_REFRESH_TOKEN`.
  *
  * Docs: cdktf-provider-appmgmt/docs/index.md (AppmgmtProvider#refresh_token)
  */
  readonly refreshToken?: string;
  /**
  * Timeout of one HTTP request, as a duration such as `"30s"` or `"1m30s"`. Environment variable: `APPMGMT_REQUEST_TIMEOUT`. Default: the client's default (30s).
  *
  * Docs: cdktf-provider-appmgmt/docs/index.md (AppmgmtProvider#request_timeout)
  */
  readonly requestTimeout?: string;
  /**
  * A session token (JWT) minted once by `appmgmt session create` and shared by many jobs, so they make no token requests of their own (the service blocks a user after more than 5 within 60 s). Used until the service rejects it (expired or invalid), then `refresh_token` or `email`/`password` when set. Environment variable: `APPMGMT_SESSION_TOKEN`.
  *
  * Docs: cdktf-provider-appmgmt/docs/index.md (AppmgmtProvider#session_token)
  */
  readonly sessionToken?: string;
  /**
  * Directory where session tokens are cached (files of mode 0600, named by a hash) so that the provider processes of one terraform command share one session token. Environment variable: `APPMGMT_TOKEN_CACHE_DIR`. Default: `$XDG_CACHE_HOME/appmgmt/tokens`, else `~/.cache/appmgmt/tokens`.
  *
  * Docs: cdktf-provider-appmgmt/docs/index.md (AppmgmtProvider#token_cache_dir)
  */
  readonly tokenCacheDir?: string;
  /**
  * How long a wait for an instance's workflow goes on while every status poll gets no answer at all (connection refused or reset, request timeouts), as a duration such as `"5m"`; then the wait stops with an error naming the URL (the instance may be fine: the wait failed, not the workflow), and only a create leaves the instance tainted. Environment variable: `APPMGMT_UNREACHABLE_TIMEOUT`. Default: `5m`.
  *
  * Docs: cdktf-provider-appmgmt/docs/index.md (AppmgmtProvider#unreachable_timeout)
  */
  readonly unreachableTimeout?: string;
  /**
  * Alias name
  *
  * Docs: cdktf-provider-appmgmt/docs/index.md (AppmgmtProvider#alias)
  */
  readonly alias?: string;
}

/**
* Represents a {@link cdktf-provider-appmgmt/docs/index.md
*/
export class AppmgmtProvider extends cdktf.TerraformProvider {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "appmgmt";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a AppmgmtProvider resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the AppmgmtProvider to import
  * @param importFromId The id of the existing AppmgmtProvider that should be imported. Refer to the {@link cdktf-provider-appmgmt/docs/index.md in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the AppmgmtProvider to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "appmgmt", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link cdktf-provider-appmgmt/docs/index.md Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options AppmgmtProviderConfig = {}
  */
  public constructor(scope: Construct, id: string, config: AppmgmtProviderConfig = {}) {
    super(scope, id, {
      terraformResourceType: 'appmgmt',
      terraformGeneratorMetadata: {
        providerName: 'appmgmt',
        providerVersion: '0.1.0'
      },
      terraformProviderSource: 'registry.terraform.io/appmgmt/appmgmt'
    });
    this._apiVersion = config.apiVersion;
    this._baseUrl = config.baseUrl;
    this._caCertPem = config.caCertPem;
    this._email = config.email;
    this._insecure = config.insecure;
    this._maxRetries = config.maxRetries;
    this._password = config.password;
    this._refreshToken = config.refreshToken;
    this._requestTimeout = config.requestTimeout;
    this._sessionToken = config.sessionToken;
    this._tokenCacheDir = config.tokenCacheDir;
    this._unreachableTimeout = config.unreachableTimeout;
    this._alias = config.alias;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // api_version - computed: false, optional: true, required: false
  private _apiVersion?: string; 
  public get apiVersion() {
    return this._apiVersion;
  }
  public set apiVersion(value: string | undefined) {
    this._apiVersion = value;
  }
  public resetApiVersion() {
    this._apiVersion = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get apiVersionInput() {
    return this._apiVersion;
  }

  // base_url - computed: false, optional: true, required: false
  private _baseUrl?: string; 
  public get baseUrl() {
    return this._baseUrl;
  }
  public set baseUrl(value: string | undefined) {
    this._baseUrl = value;
  }
  public resetBaseUrl() {
    this._baseUrl = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get baseUrlInput() {
    return this._baseUrl;
  }

  // ca_cert_pem - computed: false, optional: true, required: false
  private _caCertPem?: string; 
  public get caCertPem() {
    return this._caCertPem;
  }
  public set caCertPem(value: string | undefined) {
    this._caCertPem = value;
  }
  public resetCaCertPem() {
    this._caCertPem = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get caCertPemInput() {
    return this._caCertPem;
  }

  // email - computed: false, optional: true, required: false
  private _email?: string; 
  public get email() {
    return this._email;
  }
  public set email(value: string | undefined) {
    this._email = value;
  }
  public resetEmail() {
    this._email = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get emailInput() {
    return this._email;
  }

  // insecure - computed: false, optional: true, required: false
  private _insecure?: boolean | cdktf.IResolvable; 
  public get insecure() {
    return this._insecure;
  }
  public set insecure(value: boolean | cdktf.IResolvable | undefined) {
    this._insecure = value;
  }
  public resetInsecure() {
    this._insecure = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get insecureInput() {
    return this._insecure;
  }

  // max_retries - computed: false, optional: true, required: false
  private _maxRetries?: number; 
  public get maxRetries() {
    return this._maxRetries;
  }
  public set maxRetries(value: number | undefined) {
    this._maxRetries = value;
  }
  public resetMaxRetries() {
    this._maxRetries = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get maxRetriesInput() {
    return this._maxRetries;
  }

  // password - computed: false, optional: true, required: false
  private _password?: string; 
  public get password() {
    return this._password;
  }
  public set password(value: string | undefined) {
    this._password = value;
  }
  public resetPassword() {
    this._password = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get passwordInput() {
    return this._password;
  }

  // refresh_token - computed: false, optional: true, required: false
  private _refreshToken?: string; 
  public get refreshToken() {
    return this._refreshToken;
  }
  public set refreshToken(value: string | undefined) {
    this._refreshToken = value;
  }
  public resetRefreshToken() {
    this._refreshToken = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get refreshTokenInput() {
    return this._refreshToken;
  }

  // request_timeout - computed: false, optional: true, required: false
  private _requestTimeout?: string; 
  public get requestTimeout() {
    return this._requestTimeout;
  }
  public set requestTimeout(value: string | undefined) {
    this._requestTimeout = value;
  }
  public resetRequestTimeout() {
    this._requestTimeout = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get requestTimeoutInput() {
    return this._requestTimeout;
  }

  // session_token - computed: false, optional: true, required: false
  private _sessionToken?: string; 
  public get sessionToken() {
    return this._sessionToken;
  }
  public set sessionToken(value: string | undefined) {
    this._sessionToken = value;
  }
  public resetSessionToken() {
    this._sessionToken = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get sessionTokenInput() {
    return this._sessionToken;
  }

  // token_cache_dir - computed: false, optional: true, required: false
  private _tokenCacheDir?: string; 
  public get tokenCacheDir() {
    return this._tokenCacheDir;
  }
  public set tokenCacheDir(value: string | undefined) {
    this._tokenCacheDir = value;
  }
  public resetTokenCacheDir() {
    this._tokenCacheDir = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get tokenCacheDirInput() {
    return this._tokenCacheDir;
  }

  // unreachable_timeout - computed: false, optional: true, required: false
  private _unreachableTimeout?: string; 
  public get unreachableTimeout() {
    return this._unreachableTimeout;
  }
  public set unreachableTimeout(value: string | undefined) {
    this._unreachableTimeout = value;
  }
  public resetUnreachableTimeout() {
    this._unreachableTimeout = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get unreachableTimeoutInput() {
    return this._unreachableTimeout;
  }

  // alias - computed: false, optional: true, required: false
  private _alias?: string; 
  public get alias() {
    return this._alias;
  }
  public set alias(value: string | undefined) {
    this._alias = value;
  }
  public resetAlias() {
    this._alias = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get aliasInput() {
    return this._alias;
  }

  // =========
  // SYNTHESIS
  // =========

  protected synthesizeAttributes(): { [name: string]: any } {
    return {
      api_version: cdktf.stringToTerraform(this._apiVersion),
      base_url: cdktf.stringToTerraform(this._baseUrl),
      ca_cert_pem: cdktf.stringToTerraform(this._caCertPem),
      email: cdktf.stringToTerraform(this._email),
      insecure: cdktf.booleanToTerraform(this._insecure),
      max_retries: cdktf.numberToTerraform(this._maxRetries),
      password: cdktf.stringToTerraform(this._password),
      refresh_token: cdktf.stringToTerraform(this._refreshToken),
      request_timeout: cdktf.stringToTerraform(this._requestTimeout),
      session_token: cdktf.stringToTerraform(this._sessionToken),
      token_cache_dir: cdktf.stringToTerraform(this._tokenCacheDir),
      unreachable_timeout: cdktf.stringToTerraform(this._unreachableTimeout),
      alias: cdktf.stringToTerraform(this._alias),
    };
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      api_version: {
        value: cdktf.stringToHclTerraform(this._apiVersion),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      base_url: {
        value: cdktf.stringToHclTerraform(this._baseUrl),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      ca_cert_pem: {
        value: cdktf.stringToHclTerraform(this._caCertPem),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      email: {
        value: cdktf.stringToHclTerraform(this._email),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      insecure: {
        value: cdktf.booleanToHclTerraform(this._insecure),
        isBlock: false,
        type: "simple",
        storageClassType: "boolean",
      },
      max_retries: {
        value: cdktf.numberToHclTerraform(this._maxRetries),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      password: {
        value: cdktf.stringToHclTerraform(this._password),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      refresh_token: {
        value: cdktf.stringToHclTerraform(this._refreshToken),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      request_timeout: {
        value: cdktf.stringToHclTerraform(this._requestTimeout),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      session_token: {
        value: cdktf.stringToHclTerraform(this._sessionToken),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      token_cache_dir: {
        value: cdktf.stringToHclTerraform(this._tokenCacheDir),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      unreachable_timeout: {
        value: cdktf.stringToHclTerraform(this._unreachableTimeout),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      alias: {
        value: cdktf.stringToHclTerraform(this._alias),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
