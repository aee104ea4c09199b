// Which credentials the provider is using, named for errors without any secret: the kind (and the user of
// email/password), so that a run with another organization's credentials says so.

import type { ProviderSettings } from "./config";

/** The credential the client sends, in the client's own order of preference (client.ts, credential()). */
export function describeCredentials(
  s: Pick<ProviderSettings, "email" | "refreshToken" | "sessionToken">,
): string {
  if (s.sessionToken !== undefined) return "a session token (session_token / APPMGMT_SESSION_TOKEN)";
  if (s.refreshToken !== undefined) return "a refresh token (refresh_token / APPMGMT_REFRESH_TOKEN)";
  if (s.email !== undefined) return `user ${s.email} (email and password)`;
  return "no credentials";
}
