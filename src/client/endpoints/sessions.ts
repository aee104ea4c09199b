// The token endpoint: a session token (JWT) from a refresh token. Unauthenticated, outside the API prefix.
import { ConfigError, TOKEN_PATH } from "../errors";
import type { ServiceCalls } from "../service-calls";
import { tokenAnswer, type TokenAnswer } from "../session";

async function requestToken(calls: ServiceCalls, refreshToken: string): Promise<TokenAnswer> {
  return tokenAnswer(await calls.send("token", "POST", TOKEN_PATH, { refreshToken }, false, undefined));
}

/**
 * A new session token from the refresh token, for the caller to hand on (`appmgmt session create`): always
 * one token call, kept out of the token store. `expiresAt` is judged on the local clock (arrival + lifetime).
 */
async function createSessionToken(
  calls: ServiceCalls,
  refreshToken: string | undefined,
): Promise<{ jwt: string; expiresInSeconds: number; expiresAt: number }> {
  if (refreshToken === undefined) {
    throw new ConfigError("refresh_token", "a session token is made from a refresh token: set refresh_token");
  }
  const answer = await requestToken(calls, refreshToken);
  return {
    jwt: answer.jwtBearer,
    expiresInSeconds: answer.lifetimeMs / 1000,
    expiresAt: calls.settings.now() + answer.lifetimeMs,
  };
}

/** The endpoints of this service area, each sent through `calls`. */
export const sessionEndpoints = { requestToken, createSessionToken };
