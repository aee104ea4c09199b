// The one exchange loop every endpoint (endpoints/*.ts) calls through: the credential chosen, the request sent
// (exchange.ts), and after anything but a 2xx answer what `decide` says (retry-decision.ts) carried out in one
// place, `follow`: its counters kept, the rejected token set aside, the pause, or its error thrown.
import type { Dispatcher } from "undici";
import { AbortedError, BadResponseError, ResponseTooLargeError } from "./errors";
import type { CallCredentials } from "./credentials";
import { exchange, type ExchangeRequest } from "./exchange";
import { ShapeError } from "./normalise";
import type { LogHook } from "./options";
import { answerOutcome, failedOutcome, type Outcome } from "./outcome";
import { parseBody } from "./response-body";
import { decide, type RetryCall, type RetryCounters } from "./retry-decision";
import type { CallName, RetryPolicy } from "./retry-policy";
import type { Credential } from "./session";
import type { CallOptions } from "./types";

/** A body sent as it is (a manifest's YAML), not as JSON. */
export interface RawBody {
  raw: string;
  contentType: string;
}

function isRaw(body: unknown): body is RawBody {
  return typeof body === "object" && body !== null && typeof (body as RawBody).raw === "string";
}

/** What the loop needs of the client's settings, validated by the client's constructor. */
export interface CallSettings {
  /** For messages: the whole address of a request. */
  baseUrl: string;
  /** baseUrl split once, for undici's origin and path. */
  origin: string;
  basePath: string;
  /** The API version's path prefix, before every endpoint's path. */
  prefix: string;
  timeoutMs: number;
  maxResponseBytes: number;
  retryPolicy: RetryPolicy;
  dispatcher: Dispatcher;
  log?: LogHook;
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
}

/** A call being retried: what `decide` knows of it, and what its retries have spent. */
interface Retrying {
  call: RetryCall;
  counters: RetryCounters;
}

export class ServiceCalls {
  constructor(
    readonly settings: CallSettings,
    private readonly credentials: CallCredentials,
  ) {}

  /**
   * An authenticated call of the API (`path` after its version prefix); `read` turns the answer into T. With
   * `accept` (a media type other than JSON: an environment's YAML policies) the answer is the body's text.
   */
  async api<T>(
    call: CallName,
    method: string,
    path: string,
    body: unknown,
    o: CallOptions | undefined,
    read: (answer: unknown) => T,
    accept?: string,
  ): Promise<T> {
    const fullPath = `${this.settings.prefix}${path}`;
    const answer = await this.send(call, method, fullPath, body, true, o, accept);
    try {
      return read(answer);
    } catch (err) {
      if (err instanceof ShapeError) throw new BadResponseError(method, fullPath, err.message);
      throw err;
    }
  }

  /** One call until a 2xx answer (its parsed JSON body; with `accept`, its text) or the error `decide` ends it with. */
  async send(
    name: CallName,
    method: string,
    path: string,
    body: unknown,
    authenticated: boolean,
    o: CallOptions | undefined,
    accept?: string,
  ): Promise<unknown> {
    const { now } = this.settings;
    const signal = o?.signal;
    let retry: Retrying | undefined;
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw new AbortedError(`${method} ${path}`, { cause: signal.reason });
      let cred: Credential;
      try {
        cred = await this.credentials.current(authenticated, signal);
      } catch (err) {
        if (signal?.aborted) throw new AbortedError(`${method} ${path}`, { cause: err });
        throw err;
      }
      const started = now();
      const ended = await exchange(
        this.settings.dispatcher,
        this.request(method, path, body, cred, signal, accept),
      ).catch((err: unknown) => failedOutcome(err, signal?.aborted === true, now() - started));
      let outcome: Outcome;
      if ("kind" in ended) {
        this.logCall(method, path, { error: ended.code ?? "unknown" }, started, attempt);
        outcome = ended;
      } else {
        this.logCall(method, path, { status: ended.statusCode }, started, attempt);
        if (ended.statusCode >= 200 && ended.statusCode < 300)
          return accept === undefined ? parseBody(method, path, ended.text) : ended.text;
        outcome = answerOutcome(ended, method, path, cred);
      }
      retry ??= this.retrying(name, method, path);
      await this.follow(retry, outcome, cred, o);
    }
  }

  private request(
    method: string,
    path: string,
    body: unknown,
    cred: Credential,
    signal: AbortSignal | undefined,
    accept = "application/json",
  ): ExchangeRequest {
    const { origin, basePath, timeoutMs, maxResponseBytes } = this.settings;
    return {
      origin,
      path: `${basePath}${path}`,
      method: method as Dispatcher.HttpMethod,
      headers: {
        accept,
        ...(body !== undefined
          ? { "content-type": isRaw(body) ? body.contentType : "application/json" }
          : {}),
        ...(cred.header ? { authorization: cred.header } : {}),
      },
      body: body === undefined ? undefined : isRaw(body) ? body.raw : JSON.stringify(body),
      // One deadline for the whole exchange (headers and body); undici's own timers are only ~1 s precise.
      timeoutMs,
      maxBytes: maxResponseBytes,
      tooLarge: () => new ResponseTooLargeError(method, path, maxResponseBytes),
      signal,
    };
  }

  /** What a call's retries need, made at its first failure: a call answered at once (nearly all) needs none. */
  private retrying(name: CallName, method: string, path: string): Retrying {
    const { baseUrl, timeoutMs } = this.settings;
    const ownCredential = this.credentials.ownCredential;
    return {
      call: { name, method, path, baseUrl, timeoutMs, ownCredential },
      counters: { retries: 0, busyRetries: 0, tokenRenewals: 0 },
    };
  }

  /**
   * Asks `decide` what follows `outcome` of a request sent with `cred`, and carries it out short of sending
   * again: throws its error, or keeps its counters and sets the rejected token aside, or pauses (ended by the
   * caller's signal, else by o.pauseSignal).
   */
  private async follow(
    retry: Retrying,
    outcome: Outcome,
    cred: Credential,
    o: CallOptions | undefined,
  ): Promise<void> {
    const { retryPolicy, now, random, log, sleep } = this.settings;
    const { call } = retry;
    const decision = decide(retryPolicy, call, outcome, retry.counters, o?.deadline, now(), random);
    if (decision.action === "fail") throw decision.error;
    retry.counters = decision.counters;
    if (decision.action === "renew-token") return this.credentials.setAside(decision.rejected, cred);
    const what = `${call.method} ${call.path}`;
    if (decision.busy) {
      log?.({
        level: "info",
        message: `${what}: the instance is busy with another workflow; sending it again`,
        fields: { retry_in_ms: decision.afterMs },
      });
    }
    try {
      await sleep(decision.afterMs, o?.signal ?? o?.pauseSignal);
    } catch (err) {
      throw new AbortedError(what, { cause: err });
    }
  }

  private logCall(
    method: string,
    path: string,
    outcome: { status?: number; error?: string },
    started: number,
    attempt: number,
  ): void {
    const { log, now } = this.settings;
    if (!log) return;
    const ms = now() - started;
    const result = outcome.status ?? outcome.error;
    log({
      level: "debug",
      message: `${method} ${path} -> ${result} in ${ms} ms (attempt ${attempt})`,
      fields: { method, path, ...outcome, ms, attempt },
    });
  }
}
