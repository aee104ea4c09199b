// ExchangeDeadline: the one signal an exchange is sent with, ended by its deadline or by the caller.
import { ExchangeDeadline } from "../../../src/client/exchange-deadline";

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test("the deadline aborts the signal with a TimeoutError and says it timed out", () => {
  const d = new ExchangeDeadline(1000, undefined);
  jest.advanceTimersByTime(999);
  expect(d.signal.aborted).toBe(false);
  jest.advanceTimersByTime(1);
  expect(d.signal.aborted).toBe(true);
  expect(d.timedOut).toBe(true);
  expect((d.signal.reason as Error).name).toBe("TimeoutError");
});

test("the caller's abort passes through with its reason, not as a timeout", () => {
  const caller = new AbortController();
  const d = new ExchangeDeadline(1000, caller.signal);
  caller.abort(new Error("stopped"));
  expect(d.signal.aborted).toBe(true);
  expect(d.timedOut).toBe(false);
  expect((d.signal.reason as Error).message).toBe("stopped");
});

test("a caller already aborted aborts at once", () => {
  const caller = new AbortController();
  caller.abort(new Error("before"));
  expect(new ExchangeDeadline(1000, caller.signal).signal.aborted).toBe(true);
});

test("end() leaves no timer and no listener on the caller's signal", () => {
  const caller = new AbortController();
  const d = new ExchangeDeadline(1000, caller.signal);
  d.end();
  expect(jest.getTimerCount()).toBe(0);
  caller.abort(new Error("later"));
  jest.advanceTimersByTime(5000);
  expect(d.signal.aborted).toBe(false);
});
