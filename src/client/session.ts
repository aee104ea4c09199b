// Session tokens (JWT) obtained from a refresh token: reused until they expire, obtained once per process at
// a time (single flight) and, through the TokenStore's lock, once across processes sharing a store.
import type { StoredToken, TokenStore } from "./token-store";

/** Tokens count as expired this long before `exp` (clock skew, request latency), at most a tenth of their life. */
const MAX_EXPIRY_MARGIN_MS = 5_000;

export interface TokenAnswer {
  jwtBearer: string;
  expiresIn?: number;
}

/** `exp` of a JWT in epoch ms, or undefined when the payload is not readable JSON with a numeric exp. */
export function jwtExpiry(jwt: string): number | undefined {
  const payload = jwt.split(".")[1];
  if (!payload) return undefined;
  try {
    const exp = (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { exp?: unknown }).exp;
    return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

export class SessionTokens {
  private cached?: StoredToken;
  private inflight?: Promise<StoredToken>;

  constructor(
    private readonly store: TokenStore,
    private readonly key: string,
    private readonly fetchToken: () => Promise<TokenAnswer>,
    private readonly now: () => number,
  ) {}

  /** A token usable now; asks the service only when neither this process nor the store has one. */
  async current(): Promise<StoredToken> {
    if (this.cached && !this.isExpired(this.cached)) return this.cached;
    if (!this.inflight) {
      this.inflight = this.obtain().finally(() => {
        this.inflight = undefined;
      });
    }
    return this.inflight;
  }

  isExpired(token: StoredToken): boolean {
    const margin = Math.min(MAX_EXPIRY_MARGIN_MS, (token.expiresAt - token.obtainedAt) / 10);
    return this.now() >= token.expiresAt - margin;
  }

  private async obtain(): Promise<StoredToken> {
    const shared = await this.store.get(this.key);
    if (shared && !this.isExpired(shared)) return (this.cached = shared);
    return this.store.withLock(this.key, async () => {
      // Another process may have refreshed while this one waited for the lock.
      const again = await this.store.get(this.key);
      if (again && !this.isExpired(again)) return (this.cached = again);
      const answer = await this.fetchToken();
      const obtainedAt = this.now();
      const expiresAt = jwtExpiry(answer.jwtBearer) ?? obtainedAt + (answer.expiresIn ?? 0) * 1000;
      const token: StoredToken = { jwt: answer.jwtBearer, expiresAt, obtainedAt };
      await this.store.set(this.key, token);
      return (this.cached = token);
    });
  }
}
