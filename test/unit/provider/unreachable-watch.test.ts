// The run of status polls without an answer that stops a workflow wait (unreachable_timeout, issue 28 item 5).
import { NetworkError, ServerError, TimeoutError } from "../../../src/client/errors";
import { formatDuration } from "../../../src/provider/duration";
import { UnreachableWatch } from "../../../src/provider/instance/unreachable";

const refused = () =>
  new NetworkError(
    "GET",
    "/api/1/instances/x",
    "ECONNREFUSED",
    "could not reach http://sim/api/1/instances/x",
  );
const requestTimeout = () =>
  new TimeoutError("GET /api/1/instances/x: no answer within 30 s", { method: "GET", waitedMs: 30_000 });
const serverError = () =>
  new ServerError({ status: 503, errors: [], method: "GET", path: "/api/1/instances/x" });

test("stops the wait once polls get no answer for the limit, naming the last failure", () => {
  const parent = new AbortController();
  const watch = new UnreachableWatch(parent.signal, 60_000);
  watch.failed(refused(), 10_000);
  watch.failed(requestTimeout(), 40_000);
  expect(watch.signal.aborted).toBe(false);
  watch.failed(refused(), 70_000);
  expect(watch.signal.aborted).toBe(true);
  expect(parent.signal.aborted).toBe(false);
  expect(watch.stoppedBecause()).toBe(
    "the service did not answer any status poll for 1m (unreachable_timeout 1m; last poll: GET " +
      "/api/1/instances/x: network error (ECONNREFUSED): could not reach http://sim/api/1/instances/x), so the " +
      "wait stopped. The wait failed, not the workflow: the instance may be fine, check it in the service once it answers",
  );
});

test("an answer, an error status included, ends the silence; a recovered wait gets a note", () => {
  const watch = new UnreachableWatch(new AbortController().signal, 60_000);
  watch.failed(refused(), 0);
  watch.failed(serverError(), 50_000);
  watch.failed(refused(), 55_000);
  watch.answered(100_000);
  watch.failed(refused(), 101_000);
  watch.answered(150_000);
  expect(watch.signal.aborted).toBe(false);
  expect(watch.stoppedBecause()).toBeUndefined();
  expect(watch.silenceNote()).toContain("did not answer the status polls for up to 50s during the wait");
});

test("no note when every poll was answered; the provider's stop still aborts the wait", () => {
  const parent = new AbortController();
  const watch = new UnreachableWatch(parent.signal);
  watch.answered(1000);
  expect(watch.silenceNote()).toBeUndefined();
  parent.abort();
  expect(watch.signal.aborted).toBe(true);
  expect(watch.stoppedBecause()).toBeUndefined();
});

test("formatDuration writes what parseDuration reads", () => {
  expect([500, 1000, 61_000, 300_000, 3_723_000].map(formatDuration)).toEqual([
    "500ms",
    "1s",
    "1m1s",
    "5m",
    "1h2m3s",
  ]);
});

test("status Unknown for as long as the limit stops the wait as an outage does, with the same wording", () => {
  const watch = new UnreachableWatch(new AbortController().signal, 60_000);
  watch.polled({ status: "Unknown" }, 5_000);
  watch.failed(refused(), 30_000);
  watch.polled({ status: "Unknown" }, 50_000);
  expect(watch.signal.aborted).toBe(false);
  watch.polled({ status: "Unknown" }, 65_000);
  expect(watch.signal.aborted).toBe(true);
  expect(watch.stoppedBecause()).toBe(
    'the service did not answer any status poll for 1m (unreachable_timeout 1m; last poll: the status read answered "Unknown"), so the ' +
      "wait stopped. The wait failed, not the workflow: the instance may be fine, check it in the service once it answers",
  );
});

test("any other status read ends a run of Unknown", () => {
  const watch = new UnreachableWatch(new AbortController().signal, 60_000);
  watch.polled({ status: "Unknown" }, 0);
  watch.polled({ status: "Executing" }, 40_000);
  watch.polled({ status: "Unknown" }, 50_000);
  watch.polled({ status: "Unknown" }, 100_000);
  expect(watch.signal.aborted).toBe(false);
});
