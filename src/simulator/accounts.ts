// Who is calling the simulated service: session tokens from refresh tokens (with the flood block, our reading
// of the documented warning: docs/service-api.md), and the caller of each request from its Authorization header.
import { createHash } from "node:crypto";
import { FloodGuard, JwtSigner, parseAuthorization, type FloodLimits, type FloodState } from "./auth";
import type { Catalog } from "./catalog";
import type { ServiceStats } from "./request-log";
import { RequestReader } from "./request-reader";
import { ServiceError, type Caller } from "./service-error";

export class Accounts {
  private readonly jwt: JwtSigner;
  private readonly flood: FloodGuard;
  private readonly foreignStatus: 404 | 403;

  constructor(
    private readonly catalog: Catalog,
    private readonly stats: ServiceStats,
    settings: {
      jwtSecret: string;
      jwtLifetimeSeconds: number;
      flood: FloodLimits;
      floodState: FloodState;
      foreignObjects: 404 | 403;
    },
    /** Called when the flood state changed (it is persisted with the simulator's state). */
    private readonly changed: () => void,
  ) {
    this.jwt = new JwtSigner(Buffer.from(settings.jwtSecret, "base64"), settings.jwtLifetimeSeconds);
    this.flood = new FloodGuard(settings.flood, settings.floodState);
    this.foreignStatus = settings.foreignObjects;
  }

  issueToken(body: unknown, now: number): { jwtBearer: string; expiresIn: number } {
    this.stats.tokenCalls++;
    const reader = new RequestReader();
    const b = reader.object(body, "body", ["refreshToken"]);
    if (b && typeof b.refreshToken !== "string")
      reader.errors.push('refreshToken is required: send {"refreshToken": "<your refresh token>"}');
    if (reader.errors.length > 0) throw new ServiceError(400, reader.errors);
    const user = this.catalog.userByRefreshToken(b!.refreshToken as string);
    if (!user) throw new ServiceError(401, ["refresh token not recognised; generate a new refresh token"]);
    this.stats.tokenCallsByUser[user.email] = (this.stats.tokenCallsByUser[user.email] ?? 0) + 1;
    this.refuseBlocked(user.email, now);
    const nowBlocked = this.flood.recordTokenRequest(user.email, now);
    this.changed();
    if (nowBlocked) this.refuseBlocked(user.email, now);
    const { jwt, expiresIn } = this.jwt.sign(user.email, now);
    return { jwtBearer: jwt, expiresIn };
  }

  /** The caller of a request from its Authorization header values; a session JWT wins over Basic. */
  authenticate(authorization: readonly string[], now: number): Caller {
    const creds = parseAuthorization(authorization);
    let email: string;
    if (creds.bearer !== undefined) {
      const check = this.jwt.verify(creds.bearer, now);
      if (!check.ok)
        throw new ServiceError(401, [
          check.reason === "expired"
            ? "session token expired; get a new one from POST /refreshToken/jwtBearer"
            : "session token invalid; get a new one from POST /refreshToken/jwtBearer",
        ]);
      email = check.subject;
    } else if (creds.basic !== undefined) {
      const user = this.catalog.userByEmail(creds.basic.email);
      if (!user || user.password !== creds.basic.password)
        throw new ServiceError(401, ["wrong email or password"]);
      email = user.email;
    } else {
      throw new ServiceError(401, [
        "missing credentials: send Authorization: Basic base64(email:password) or Bearer <session JWT>",
      ]);
    }
    const user = this.catalog.userByEmail(email);
    if (!user) throw new ServiceError(401, ["session token names an unknown user; log in again"]);
    this.refuseBlocked(email, now);
    return {
      email,
      id: userId(email),
      organizations: new Set(user.organizations),
      foreignStatus: this.foreignStatus,
    };
  }

  private refuseBlocked(email: string, now: number): void {
    if (this.flood.isBlocked(email, now))
      throw new ServiceError(403, [
        `user ${email} is blocked after too many session token requests (security alert); ` +
          "wait for the block to end and reuse session tokens until they expire",
      ]);
  }
}

/** A stable 24-hex user id from the email (seed users are known by email only). */
function userId(email: string): string {
  return createHash("sha256").update(email).digest("hex").slice(0, 24);
}
