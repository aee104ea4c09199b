// What the simulator counts about the requests it serves: exact totals that never grow with traffic, and the
// most recent requests for tests to inspect (bounded, so a flood of calls cannot exhaust its memory).

export interface RequestLogEntry {
  /** 1 for the first request the simulator served, then counting up (equals `requestCount` when logged). */
  seq: number;
  method: string;
  /** The URL path, cut to LOGGED_PATH_CHARS characters. */
  path: string;
  /** 0 when the connection was reset instead of answered. */
  status: number;
  /** When it was answered (Date.now()). */
  at: number;
}

/** How many recent requests `stats.requests` keeps. */
export const RECENT_REQUESTS_KEPT = 5000;
/** Longer paths are cut in the log (an 8 KB path costs no more than a short one). */
export const LOGGED_PATH_CHARS = 256;

export interface SimulatorStats {
  /** Calls of POST /refreshToken/jwtBearer. */
  readonly tokenCalls: number;
  /** Token calls by user email (calls with an unrecognised refresh token are not attributed). */
  readonly tokenCallsByUser: Readonly<Record<string, number>>;
  /** Requests served since start (every one, also those no longer in `requests`). */
  readonly requestCount: number;
  /** Requests served since start by answer status (0: connection reset). */
  readonly requestsByStatus: Readonly<Record<number, number>>;
  /** The last RECENT_REQUESTS_KEPT requests, oldest first (a copy). */
  readonly requests: RequestLogEntry[];
}

export class ServiceStats implements SimulatorStats {
  tokenCalls = 0;
  readonly tokenCallsByUser: Record<string, number> = {};
  requestCount = 0;
  readonly requestsByStatus: Record<number, number> = {};
  private readonly recent: RequestLogEntry[] = [];

  get requests(): RequestLogEntry[] {
    return [...this.recent];
  }

  recordRequest(method: string, path: string, status: number): void {
    this.requestCount++;
    this.requestsByStatus[status] = (this.requestsByStatus[status] ?? 0) + 1;
    const entry = {
      seq: this.requestCount,
      method,
      path: path.slice(0, LOGGED_PATH_CHARS),
      status,
      at: Date.now(),
    };
    this.recent.push(entry);
    if (this.recent.length > RECENT_REQUESTS_KEPT) this.recent.shift();
  }

  /**
   * The requests served after the first `count` (take `count` from `requestCount` before the calls of
   * interest); throws when some of them have already left the recent log, so nothing is missed silently.
   */
  requestsSince(count: number): RequestLogEntry[] {
    const oldest = this.recent[0]?.seq ?? this.requestCount + 1;
    if (count + 1 < oldest)
      throw new Error(
        `requests after #${count} are no longer all in the log (it keeps the last ${RECENT_REQUESTS_KEPT}); ` +
          "take the count closer to the calls of interest",
      );
    return this.recent.filter((r) => r.seq > count);
  }
}
