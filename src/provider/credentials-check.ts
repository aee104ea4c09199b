// The credentials checked when the provider is configured: a refresh token the service refuses fails
// `terraform plan` at once, under its own heading, instead of the first launch of an apply.

import { errorCode, errorMessage, type Logger } from "../terraform-model";

/** Codes of a token call the service refused for the credentials themselves. */
const REFUSED = new Set(["E_AUTH", "E_FORBIDDEN"]);

export class AuthenticationFailedError extends Error {
  readonly code = "E_AUTHENTICATION_FAILED";

  constructor(cause: unknown) {
    super(
      `authentication failed: the service refused the refresh token (${errorMessage(cause)}). Generate a new ` +
        'refresh token for the user and set it as refresh_token in the provider "appmgmt" block or as ' +
        "APPMGMT_REFRESH_TOKEN; or give a session_token from `appmgmt session create`.",
      { cause },
    );
  }
}

/**
 * Gets the session token now (one token call, cached as for any call). A refusal throws
 * AuthenticationFailedError; other failures (service unreachable) do not fail the configuration: the calls
 * that need the service report them, and a plan of new objects does not need it. Resolves why the
 * credentials could not be checked, if they could not, so that such a plan says so instead of passing quietly.
 */
export async function verifyCredentials(
  client: { checkCredentials(): Promise<void> },
  log: Logger,
): Promise<string | undefined> {
  try {
    await client.checkCredentials();
    return undefined;
  } catch (e) {
    const code = errorCode(e);
    if (code !== undefined && REFUSED.has(code)) throw new AuthenticationFailedError(e);
    if (code === "E_TOKEN_FLOOD") throw e;
    log.warn("the credentials could not be checked when configuring the provider", {
      error: errorMessage(e),
    });
    return errorMessage(e);
  }
}
