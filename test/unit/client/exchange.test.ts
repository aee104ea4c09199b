// exchange(): one request through an undici Agent against a local server, ended by its answer, its deadline,
// the caller's signal or the body limit; the headers as undici's handler API hands them.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { MockAgent } from "undici";
import { exchange, ExchangeTimeout, type ExchangeRequest } from "../../../src/client/exchange";
import { Agent } from "../../../src/client/undici";

let server: Server;
let origin: string;
const agent = new Agent({ keepAliveTimeout: 1000 });
/** Requests the server holds without answering, to end at the end of a test. */
const held: Array<() => void> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/hold") return void held.push(() => res.end());
    if (req.url === "/early-hints") res.writeEarlyHints({ link: "</style.css>; rel=preload" });
    if (req.url === "/proto") {
      // Raw header lines, as a hostile service could send them.
      res.socket?.end(
        "HTTP/1.1 200 OK\r\n__proto__: x\r\nA: 1\r\na: 2\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}",
      );
      return;
    }
    res.setHeader("Set-Cookie", ["a=1", "b=2"]);
    res.setHeader("X-Request-Id", "r-1");
    res.end(req.url === "/big" ? "x".repeat(2000) : '{"ok":true}');
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => held.splice(0).forEach((end) => end()));
afterAll(async () => {
  await agent.close();
  await new Promise((r) => server.close(r));
});

const request = (path: string, o: Partial<ExchangeRequest> = {}): ExchangeRequest => ({
  origin,
  path,
  method: "GET",
  headers: { accept: "application/json" },
  timeoutMs: 5000,
  maxBytes: 1000,
  tooLarge: () => new Error("too large"),
  ...o,
});

test("returns the status, the headers (lower-case names, repeats as arrays) and the body", async () => {
  const answer = await exchange(agent, request("/"));
  expect(answer.statusCode).toBe(200);
  expect(answer.text).toBe('{"ok":true}');
  expect(answer.headers["x-request-id"]).toBe("r-1");
  expect(answer.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
});

test("a body over the limit fails with the limit's error", async () => {
  await expect(exchange(agent, request("/big"))).rejects.toThrow("too large");
});

test("an answer that does not come in time fails with ExchangeTimeout", async () => {
  await expect(exchange(agent, request("/hold", { timeoutMs: 100 }))).rejects.toBeInstanceOf(ExchangeTimeout);
});

test("the caller's abort ends a waiting exchange with the caller's reason", async () => {
  const caller = new AbortController();
  const pending = exchange(agent, request("/hold", { signal: caller.signal }));
  setTimeout(() => caller.abort(new Error("stopped by the caller")), 50);
  await expect(pending).rejects.toThrow("stopped by the caller");
});

test("a caller already aborted gets its reason back", async () => {
  const caller = new AbortController();
  caller.abort(new Error("before the start"));
  await expect(exchange(agent, request("/", { signal: caller.signal }))).rejects.toThrow("before the start");
});

test("skips a 1xx answer and returns the answer after it", async () => {
  const answer = await exchange(agent, request("/early-hints"));
  expect(answer.statusCode).toBe(200);
  expect(answer.headers.link).toBeUndefined();
  expect(answer.text).toBe('{"ok":true}');
});

test("a header named __proto__ is a plain entry, not the answer object's prototype", async () => {
  const answer = await exchange(agent, request("/proto"));
  expect(Object.getPrototypeOf(answer.headers)).toBe(Object.prototype);
  expect(Object.prototype.hasOwnProperty.call(answer.headers, "__proto__")).toBe(true);
  expect(answer.headers.a).toEqual(["1", "2"]);
});

test("several values given at once for one name (as undici's MockAgent gives them) arrive as an array", async () => {
  const mock = new MockAgent();
  mock.disableNetConnect();
  mock
    .get("http://mock.test")
    .intercept({ path: "/" })
    .reply(200, "{}", { headers: { "set-cookie": ["a=1", "b=2"] } });
  const answer = await exchange(mock, request("/", { origin: "http://mock.test" }));
  expect(answer.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
  await mock.close();
});
