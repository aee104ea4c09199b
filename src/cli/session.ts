// `appmgmt session create`: one session token for many pipeline jobs (ARCHITECTURE.md §7). The first job mints it and
// hands it to the others as a masked secret (APPMGMT_SESSION_TOKEN), so parallel jobs make no token
// requests of their own and stay clear of the service's token-flood block.
import { parseArgs } from "node:util";
import { AppMgmtClient } from "../client";
import { resolveProviderConfig } from "../provider/config";

export const SESSION_USAGE = `Usage: appmgmt session create [--json]

Asks the service for a new session token with the refresh token and prints it, for a pipeline's first job
to hand to the other jobs as a masked secret in APPMGMT_SESSION_TOKEN (or the provider's session_token).
Those jobs then make no token requests of their own: the service blocks a user for 5 minutes after more
than 5 token requests within 60 s. When the token expires the provider falls back to a refresh token or
email/password if the job has one.

Reads the provider's environment variables: APPMGMT_BASE_URL and APPMGMT_REFRESH_TOKEN (required),
APPMGMT_API_VERSION, APPMGMT_REQUEST_TIMEOUT, APPMGMT_MAX_RETRIES, APPMGMT_CA_CERT_PEM, APPMGMT_INSECURE.

Output: the token alone on stdout (TOKEN=$(appmgmt session create)), and when it expires on stderr.
With --json, one JSON object on stdout: {"sessionToken", "expiresAt" (ISO 8601, local clock), "expiresIn"
(seconds)}.

Options:
  --json       print JSON
  -h, --help   show this help`;

/** Runs `appmgmt session ARGS`; resolves to the exit code (0 done, 1 failed, 2 bad usage). */
export async function sessionCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    });
  } catch (e) {
    console.error(`appmgmt session: ${(e as Error).message}\n\n${SESSION_USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(SESSION_USAGE);
    return 0;
  }
  const [action, ...extra] = parsed.positionals;
  if (action !== "create" || extra.length > 0) {
    const got = action === undefined ? "no action" : JSON.stringify(parsed.positionals.join(" "));
    console.error(`appmgmt session: expected "create", got ${got}\n\n${SESSION_USAGE}`);
    return 2;
  }

  const { settings, diagnostics } = resolveProviderConfig({}, env, true);
  const problems = diagnostics.filter((d) => d.severity === "error");
  if (!settings || problems.length > 0) {
    for (const d of problems) console.error(`appmgmt session create: ${d.summary}: ${d.detail}`);
    return 1;
  }
  if (settings.refreshToken === undefined) {
    console.error(
      "appmgmt session create: APPMGMT_REFRESH_TOKEN is not set: a session token is made from a refresh " +
        "token (email/password logins have no session tokens)",
    );
    return 1;
  }
  const client = new AppMgmtClient({
    baseUrl: settings.baseUrl,
    apiVersion: settings.apiVersion,
    refreshToken: settings.refreshToken,
    requestTimeoutMs: settings.requestTimeoutMs,
    maxRetries: settings.maxRetries,
    caCertPem: settings.caCertPem,
    insecure: settings.insecure,
  });
  try {
    const token = await client.createSessionToken();
    const expiresAt = new Date(token.expiresAt).toISOString();
    if (parsed.values.json) {
      console.log(JSON.stringify({ sessionToken: token.jwt, expiresAt, expiresIn: token.expiresInSeconds }));
    } else {
      console.log(token.jwt);
      console.error(`session token expires at ${expiresAt} (in ${token.expiresInSeconds} s)`);
    }
    return 0;
  } catch (e) {
    console.error(`appmgmt session create: ${(e as Error).message}`);
    return 1;
  } finally {
    await client.close();
  }
}
