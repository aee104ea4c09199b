// Session tokens (JWT) obtained from a refresh token: reused until they near the end of their lifetime,
// obtained once per process at a time (single flight) and, through the TokenStore's lock, once across
// processes sharing a store.
//
// Lifetimes are judged on the local clock only: from `expiresIn` counted from the local time the answer
// arrived, never from the token's `exp` against the local clock (a client clock an hour ahead would think
// every token expired, one behind would keep using expired ones). And the service blocks a user for minutes
// after more than 5 token calls within 60 s, so no credential makes more than one token call in any
// MIN_TOKEN_CALL_INTERVAL_MS, whatever the answers say (an `expiresIn` of 0, a service rejecting tokens).
import { BadResponseError, TOKEN_PATH } from "./errors";
import type { StoredToken, TokenStore } from "./token-store";

/** At most one token call per credential within this time. */
export const MIN_TOKEN_CALL_INTERVAL_MS = 60_000;

/** Tokens are renewed this long before the end of their lifetime, at most a tenth of that lifetime. */
const MAX_RENEW_MARGIN_MS = 60_000;

export interface TokenAnswer {
  jwtBearer: string;
  /** The token's lifetime as the service states it. */
  lifetimeMs: number;
}

/** A token record that holds a token (not one the service rejected). */
export type UsableToken = StoredToken & { jwt: string };

export type SessionLog = (level: "debug" | "warn", message: string, fields?: Record<string, unknown>) => void;

/** The lifetime a JWT states itself (`exp - iat`, independent of any clock), when it carries both. */
export function jwtLifetimeMs(jwt: string): number | undefined {
  const c = jwtClaims(jwt);
  if (typeof c?.exp !== "number" || typeof c.iat !== "number") return undefined;
  const ms = (c.exp - c.iat) * 1000;
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

function jwtClaims(jwt: string): { exp?: unknown; iat?: unknown } | undefined {
  const payload = jwt.split(".")[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown;
    return claims && typeof claims === "object" ? claims : undefined;
  } catch {
    return undefined;
  }
}

type Judgement = { use: UsableToken } | { waitMs: number } | { fetch: true };

export class SessionTokens {
  private cached?: UsableToken;
  private inflight?: Promise<UsableToken>;

  constructor(
    private readonly store: TokenStore,
    private readonly key: string,
    private readonly fetchToken: () => Promise<TokenAnswer>,
    private readonly now: () => number,
    private readonly sleep: (ms: number) => Promise<void>,
    private readonly log: SessionLog = () => undefined,
  ) {}

  /** A token to send now; asks the service only when neither this process nor the store has a usable one. */
  async current(signal?: AbortSignal): Promise<UsableToken> {
    if (this.cached && this.isFresh(this.cached)) return this.cached;
    if (!this.inflight) {
      this.inflight = this.obtain().finally(() => {
        this.inflight = undefined;
      });
    }
    return untilAborted(this.inflight, signal);
  }

  /** The service refused `token` (401): drop it from the store, keeping the time of the last token call. */
  async reject(token: UsableToken): Promise<void> {
    if (this.cached?.jwt === token.jwt) this.cached = undefined;
    await this.store.withLock(this.key, async () => {
      const stored = await this.store.get(this.key);
      // Another client may have replaced it already: only this very token is dropped.
      if (stored?.jwt === token.jwt) await this.store.set(this.key, { ...stored, jwt: null });
    });
    this.log("warn", "the service rejected the session token; it is dropped and a new one obtained");
  }

  private isFresh(t: StoredToken): t is UsableToken {
    const lifetime = t.expiresAt - t.obtainedAt;
    const margin = Math.min(MAX_RENEW_MARGIN_MS, lifetime / 10);
    const now = this.now();
    return t.jwt !== null && now >= t.obtainedAt && now < t.expiresAt - margin;
  }

  private judge(t: StoredToken | undefined): Judgement {
    if (!t) return { fetch: true };
    if (this.isFresh(t)) return { use: t };
    const sinceLastCall = this.now() - t.obtainedAt;
    // A local clock set back before the last call leaves its age unknown: do not wait on it.
    if (sinceLastCall < 0 || sinceLastCall >= MIN_TOKEN_CALL_INTERVAL_MS) return { fetch: true };
    // Too soon for another token call. An expired token is still sent: the service decides (a 401 drops it).
    if (t.jwt !== null) return { use: t as UsableToken };
    return { waitMs: MIN_TOKEN_CALL_INTERVAL_MS - sinceLastCall };
  }

  private async obtain(): Promise<UsableToken> {
    for (;;) {
      let seen = this.judge(await this.store.get(this.key));
      if ("fetch" in seen) {
        seen = await this.store.withLock(this.key, async () => {
          // Another process may have made the call while this one waited for the lock.
          const again = this.judge(await this.store.get(this.key));
          if (!("fetch" in again)) return again;
          const answer = await this.fetchToken();
          const obtainedAt = this.now();
          const token = { jwt: answer.jwtBearer, obtainedAt, expiresAt: obtainedAt + answer.lifetimeMs };
          await this.store.set(this.key, token);
          return { use: token };
        });
      }
      if ("use" in seen) return (this.cached = seen.use);
      if ("waitMs" in seen) {
        this.log(
          "warn",
          `waiting ${Math.ceil(seen.waitMs / 1000)} s before the next session token request: at most one per ` +
            "minute, so the service does not block the user for requesting too many",
          { wait_ms: seen.waitMs },
        );
        await this.sleep(seen.waitMs);
      }
    }
  }
}

/** `p`, or the signal's reason when it aborts first (the shared single-flight promise runs on regardless). */
function untilAborted<T>(p: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** The token endpoint's answer: the JWT and its lifetime as the service states it. */
export function tokenAnswer(body: unknown): TokenAnswer {
  const r = (body ?? {}) as { jwtBearer?: unknown; expiresIn?: unknown };
  if (typeof r.jwtBearer !== "string" || r.jwtBearer === "") {
    throw new BadResponseError("POST", TOKEN_PATH, "no jwtBearer in the answer");
  }
  // The stated lifetime, never `exp` against the local clock (clocks drift).
  const expiresIn = r.expiresIn;
  const lifetimeMs =
    typeof expiresIn === "number" && Number.isFinite(expiresIn) && expiresIn >= 0
      ? expiresIn * 1000
      : jwtLifetimeMs(r.jwtBearer);
  if (lifetimeMs === undefined) {
    throw new BadResponseError(
      "POST",
      TOKEN_PATH,
      "neither expiresIn (seconds ≥ 0) in the answer nor exp and iat in the token state its lifetime",
    );
  }
  return { jwtBearer: r.jwtBearer, lifetimeMs };
}

/** What a call is authenticated with. */
export interface Credential {
  header?: string;
  /** A token of `sessions`, which a 401 drops. */
  session?: UsableToken;
  /** The caller's sessionToken, which a 401 sets aside. */
  supplied?: boolean;
}
