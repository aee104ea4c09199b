// Authentication of the simulated service: Basic credentials, HS256 session JWTs, and the token-flood block
// (ARCHITECTURE.md §3).
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";

export interface FloodLimits {
  /** More token requests than this within windowMs blocks the user. */
  maxTokens: number;
  windowMs: number;
  blockMs: number;
}

export const DEFAULT_FLOOD: FloodLimits = { maxTokens: 5, windowMs: 60_000, blockMs: 300_000 };

export interface Credentials {
  bearer?: string;
  basic?: { email: string; password: string };
}

/**
 * Reads every Authorization header value. Repeated headers fold into one value (`Basic …, Bearer …`), so
 * each comma-separated part is read on its own.
 */
export function parseAuthorization(values: readonly string[]): Credentials {
  const creds: Credentials = {};
  for (const part of values.flatMap((v) => v.split(","))) {
    const match = /^\s*(\S+)\s+(\S+)\s*$/.exec(part);
    if (!match) continue;
    const scheme = match[1].toLowerCase();
    if (scheme === "bearer") creds.bearer = match[2];
    else if (scheme === "basic") {
      const decoded = Buffer.from(match[2], "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      if (colon > 0) creds.basic = { email: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
    }
  }
  return creds;
}

function base64url(data: Buffer | string): string {
  return Buffer.from(data).toString("base64url");
}

export type JwtCheck = { ok: true; subject: string } | { ok: false; reason: "expired" | "invalid" };

function expiryCheck(claims: { subject: string; exp: number }, nowMs: number): JwtCheck {
  return claims.exp * 1000 <= nowMs
    ? { ok: false, reason: "expired" }
    : { ok: true, subject: claims.subject };
}

/** Verified tokens kept at most; past it the memory starts again empty. */
const VERIFIED_KEPT = 1024;

/** Signs and verifies the service's session tokens (HS256). */
export class JwtSigner {
  /**
   * Tokens whose signature and claims checked out, with their claims: every call carries its token, and the
   * HMAC was a noticeable part of each status read, of which a plan of N instances makes N on the cores the
   * benches share (ARCHITECTURE.md §8, "Measured costs behind the code"). Expiry is still checked on every call.
   */
  private readonly verified = new Map<string, { subject: string; exp: number }>();

  constructor(
    private readonly secret: Buffer,
    private readonly lifetimeSeconds: number,
  ) {}

  sign(subject: string, nowMs: number): { jwt: string; expiresIn: number } {
    const iat = Math.floor(nowMs / 1000);
    const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
    const payload = base64url(
      JSON.stringify({ sub: subject, iat, exp: iat + this.lifetimeSeconds, jti: randomUUID() }),
    );
    const signature = this.mac(`${header}.${payload}`);
    return { jwt: `${header}.${payload}.${signature}`, expiresIn: this.lifetimeSeconds };
  }

  verify(jwt: string, nowMs: number): JwtCheck {
    const known = this.verified.get(jwt);
    if (known) return expiryCheck(known, nowMs);
    const parts = jwt.split(".");
    if (parts.length !== 3) return { ok: false, reason: "invalid" };
    const expected = Buffer.from(this.mac(`${parts[0]}.${parts[1]}`));
    const given = Buffer.from(parts[2]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      return { ok: false, reason: "invalid" };
    let claims: { sub?: unknown; exp?: unknown };
    try {
      claims = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8")) as typeof claims;
    } catch {
      return { ok: false, reason: "invalid" };
    }
    if (typeof claims.sub !== "string" || typeof claims.exp !== "number")
      return { ok: false, reason: "invalid" };
    const checked = { subject: claims.sub, exp: claims.exp };
    if (this.verified.size >= VERIFIED_KEPT) this.verified.clear();
    this.verified.set(jwt, checked);
    return expiryCheck(checked, nowMs);
  }

  private mac(input: string): string {
    return createHmac("sha256", this.secret).update(input).digest("base64url");
  }
}

/** Persisted flood-guard state: recent token request times and block ends, by user email. */
export interface FloodState {
  tokenTimes: Record<string, number[]>;
  blockedUntil: Record<string, number>;
}

/** Counts token requests per user and blocks a user who asks for too many. */
export class FloodGuard {
  constructor(
    public limits: FloodLimits,
    private readonly state: FloodState,
  ) {}

  isBlocked(email: string, nowMs: number): boolean {
    const until = this.state.blockedUntil[email];
    return until !== undefined && until > nowMs;
  }

  /** Records a token request; returns true when it pushes the user over the limit (now blocked). */
  recordTokenRequest(email: string, nowMs: number): boolean {
    const recent = (this.state.tokenTimes[email] ?? []).filter((t) => t > nowMs - this.limits.windowMs);
    recent.push(nowMs);
    this.state.tokenTimes[email] = recent;
    if (recent.length <= this.limits.maxTokens) return false;
    this.state.blockedUntil[email] = nowMs + this.limits.blockMs;
    this.state.tokenTimes[email] = [];
    return true;
  }
}
