// Which credential a call carries: the caller's session_token while the service accepts it, else a session
// token of the client's own (from the refresh token), else email/password; and setting a rejected token aside.
import type { LogHook } from "./options";
import type { RejectedToken } from "./retry-decision";
import type { Credential, SessionTokens } from "./session";

export class CallCredentials {
  /** The caller's session token while the service accepts it (or while there is nothing to fall back to). */
  private supplied?: string;
  private readonly basic?: string;

  constructor(
    given: { sessionToken?: string; email?: string; password?: string },
    private readonly sessions: SessionTokens | undefined,
    private readonly log: LogHook | undefined,
  ) {
    this.supplied = given.sessionToken;
    if (given.email !== undefined && given.password !== undefined) {
      this.basic = `Basic ${Buffer.from(`${given.email}:${given.password}`).toString("base64")}`;
    }
  }

  /** Whether the client has a credential of its own (refresh token, email/password) to replace a rejected session_token. */
  get ownCredential(): boolean {
    return this.sessions !== undefined || this.basic !== undefined;
  }

  /** The credential of the next request (none for an unauthenticated one, the token call). */
  async current(authenticated: boolean, signal: AbortSignal | undefined): Promise<Credential> {
    if (!authenticated) return {};
    if (this.supplied !== undefined) return { header: `Bearer ${this.supplied}`, supplied: true };
    if (this.sessions) {
      const session = await this.sessions.current(signal);
      return { header: `Bearer ${session.jwt}`, session };
    }
    return { header: this.basic };
  }

  /** Gets the session token the next call would (one token call unless one is cached); none to check for a supplied one. */
  async check(signal: AbortSignal | undefined): Promise<void> {
    if (this.supplied === undefined) await this.sessions?.current(signal);
  }

  /** Sets aside the token the service rejected in `cred`, so the next request carries a new one. */
  async setAside(rejected: RejectedToken, cred: Credential): Promise<void> {
    if (rejected === "session") {
      if (cred.session) await this.sessions?.reject(cred.session);
      return;
    }
    this.supplied = undefined;
    this.log?.({
      level: "warn",
      message:
        "the service rejected session_token (expired or invalid); using refresh_token or email/password instead",
    });
  }
}
