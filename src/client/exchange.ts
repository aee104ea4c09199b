// One HTTP exchange through an undici dispatcher: the request sent, the whole body read up to a limit, one
// deadline for both, and the caller's signal. Written as a dispatch handler rather than on undici's
// `request`: that one makes an async resource, a Readable body stream and (with a signal) an AbortSignal per
// exchange, which cost ten times the CPU of this handler per status read, and a plan of N instances makes N
// of them (ARCHITECTURE.md §8, "Measured costs behind the code"). The handler is written to undici 7's
// handler API (onRequestStart, onResponseStart … onResponseEnd, onResponseError, with a controller to abort);
// undici hands it the headers as an object, lower-case names, a repeated header's values in an array.

import type { Dispatcher } from "undici";

/** As undici gives them: lower-case names, a repeated header's values in an array. */
type Headers = Record<string, string | string[] | undefined>;

export interface ExchangeRequest {
  origin: string;
  /** With the query, if any. */
  path: string;
  method: Dispatcher.HttpMethod;
  headers: Record<string, string>;
  body?: string;
  /** Ends the exchange when it passes: it fails with ExchangeTimeout. */
  timeoutMs: number;
  /** Longest body read; a longer one (declared or received) fails the exchange with `tooLarge()`. */
  maxBytes: number;
  tooLarge: () => Error;
  /** The caller's: its abort fails the exchange with its reason. */
  signal?: AbortSignal;
}

export interface Answer {
  statusCode: number;
  /** Lower-case names; a repeated header's values in an array. */
  headers: Headers;
  /** The body as UTF-8. */
  text: string;
}

/** The deadline of an exchange passed before it ended. */
export class ExchangeTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = "ExchangeTimeout";
  }
}

export function exchange(dispatcher: Dispatcher, req: ExchangeRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const handler = new ExchangeHandler(req, resolve, reject);
    dispatcher.dispatch(
      { origin: req.origin, path: req.path, method: req.method, headers: req.headers, body: req.body },
      handler,
    );
  });
}

class ExchangeHandler implements Dispatcher.DispatchHandler {
  private controller?: Dispatcher.DispatchController;
  /** Why the exchange is being ended early, once decided. */
  private reason?: Error;
  private done = false;
  private statusCode = 0;
  private headers: Answer["headers"] = {};
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly req: ExchangeRequest,
    private readonly resolve: (a: Answer) => void,
    private readonly reject: (e: unknown) => void,
  ) {
    this.timer = setTimeout(() => this.stop(new ExchangeTimeout(req.timeoutMs)), req.timeoutMs);
    this.timer.unref();
    const signal = req.signal;
    if (signal?.aborted) this.onCallerAbort();
    else signal?.addEventListener("abort", this.onCallerAbort, { once: true });
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    if (this.reason) controller.abort(this.reason);
    else this.controller = controller;
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: Headers): void {
    if (statusCode < 200) return; // 1xx: the answer is still to come
    this.statusCode = statusCode;
    this.headers = headers;
    const declared = Number(headers["content-length"]);
    if (Number.isFinite(declared) && declared > this.req.maxBytes) this.stop(this.req.tooLarge());
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.size += chunk.length;
    if (this.size > this.req.maxBytes) this.stop(this.req.tooLarge());
    else this.chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.reason) return this.fail(this.reason);
    this.end();
    const text = Buffer.concat(this.chunks, this.size).toString("utf8");
    this.resolve({ statusCode: this.statusCode, headers: this.headers, text });
  }

  onResponseError(_controller: Dispatcher.DispatchController, err: Error): void {
    this.fail(err);
  }

  private fail(err: Error): void {
    this.end();
    this.reject(this.reason ?? err);
  }

  /** Ends the exchange with `reason`, now if the request is under way, else as soon as it starts. */
  private stop(reason: Error): void {
    if (this.done || this.reason) return;
    this.reason = reason;
    this.controller?.abort(reason);
  }

  private end(): void {
    if (this.done) return;
    this.done = true;
    clearTimeout(this.timer);
    this.req.signal?.removeEventListener("abort", this.onCallerAbort);
  }

  private readonly onCallerAbort = (): void =>
    this.stop(this.req.signal?.reason instanceof Error ? this.req.signal.reason : new Error("aborted"));
}
