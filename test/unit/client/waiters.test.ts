import {
  AbortedError,
  DEFAULT_POLL_SCHEDULE,
  FIRST_CONTACT_POLL_SCHEDULE,
  NetworkError,
  NotFoundError,
  RequestTimeoutAnswerError,
  ServerError,
  TimeoutError,
  WorkflowDurations,
  WorkflowFailedError,
  WorkflowStoppedError,
  learnedPollSchedule,
  nextPollOffset,
  waitForInstance,
  type Clock,
  type InstanceStatus,
  type InstanceStatusValue,
} from "../../../src/client";
import { INST, harness, instanceBody } from "./helpers";

/** Virtual time: sleeping advances the clock instantly (and honours the abort signal). */
function virtualClock(): Clock & { t: number } {
  const clock = {
    t: 0,
    now: () => clock.t,
    sleep: async (ms: number, signal?: AbortSignal) => {
      if (signal?.aborted) throw signal.reason;
      clock.t += ms;
    },
  };
  return clock;
}

/** The fakes' statuses carry no components: reading them whole reads nothing more. */
const wholeAsIs = async (s: InstanceStatus) => s;

/** A fake service whose instance is `during` until `durationMs` after the start, then `after`. */
function workflow(
  clock: { t: number },
  durationMs: number,
  after: InstanceStatusValue = "Running",
  during = "Executing",
) {
  const calls: number[] = [];
  return {
    calls,
    readSubmodules: wholeAsIs,
    getInstanceStatus: async (id: string): Promise<InstanceStatus> => {
      calls.push(clock.t);
      const done = clock.t >= durationMs;
      return instanceBody({
        id,
        status: done ? after : during,
        errorMessage: done && after === "Failed" ? "step 'db' failed: disk full" : null,
        workflow: { name: "launch", status: done ? "done" : "running" },
      }) as unknown as InstanceStatus;
    },
  };
}

const running = (s: InstanceStatus) => s.status === "Running";

/**
 * When the end of a workflow of `durationMs` is seen, and with how many status calls; by default nothing is
 * known of earlier workflows, `durations` brings what earlier waits learnt.
 */
async function detect(durationMs: number, durations = new WorkflowDurations()) {
  const clock = virtualClock();
  const svc = workflow(clock, durationMs);
  await waitForInstance(svc, INST, { until: running, timeoutMs: 3_600_000, clock, durations });
  return { seenAt: clock.t, calls: svc.calls.length };
}

/** Polls a schedule makes up to `ms` (a workflow ending then costs this many calls). */
const callsUpTo = (schedule: { offsetsMs: readonly number[] }, ms: number) =>
  schedule.offsetsMs.filter((t) => t <= ms).length;

describe("poll schedule", () => {
  it("meets the 10 s bar: ≤ 10 status calls, end seen within 10% (≤ 11 s)", async () => {
    const r = await detect(10_000);
    expect(r.calls).toBeLessThanOrEqual(10);
    expect(r.seenAt).toBeLessThanOrEqual(11_000);
  });

  it("sees the end of 1.6–2.4 s workflows within ~0.2 s (the 100 × 2 s apply bar)", async () => {
    for (let d = 1600; d <= 2400; d += 50) {
      const r = await detect(d);
      expect(r.seenAt - d).toBeLessThanOrEqual(250);
    }
    expect((await detect(2000)).seenAt).toBeLessThanOrEqual(2200);
  });

  it("stays within 10% for long workflows while the call rate falls off", async () => {
    for (const d of [30_000, 60_000, 300_000, 1_200_000]) {
      const r = await detect(d);
      expect(r.seenAt - d).toBeLessThanOrEqual(d * 0.1);
    }
    expect((await detect(1_800_000)).calls).toBeLessThan(150);
  });

  it("continues after the listed offsets with gaps of 10% of the elapsed time, clamped", () => {
    expect(nextPollOffset(DEFAULT_POLL_SCHEDULE, undefined)).toBe(1000);
    expect(nextPollOffset(DEFAULT_POLL_SCHEDULE, 2000)).toBe(2200);
    expect(nextPollOffset(DEFAULT_POLL_SCHEDULE, 10_400)).toBe(12_900);
    expect(nextPollOffset(DEFAULT_POLL_SCHEDULE, 50_000)).toBe(55_000);
    expect(nextPollOffset(DEFAULT_POLL_SCHEDULE, 1_000_000)).toBe(1_015_000);
  });

  it("follows a schedule given as data", async () => {
    const clock = virtualClock();
    const svc = workflow(clock, 250);
    const schedule = { offsetsMs: [100, 200, 300], thenFraction: 0, thenMinGapMs: 1000, thenMaxGapMs: 1000 };
    await waitForInstance(svc, INST, { until: running, timeoutMs: 10_000, clock, schedule });
    expect(svc.calls).toEqual([100, 200, 300]);
  });
});

describe("poll schedule learnt from earlier workflows", () => {
  const typicals = [undefined, 0, 5, 20, 50, 120, 300, 500, 800, 999, 1000, 2000, 9000, 60_000];

  it("every learnt schedule keeps the 10 s bar: ≤ 10 calls up to 10.4 s, increasing offsets", () => {
    for (const t of typicals) {
      const { offsetsMs } = learnedPollSchedule(t);
      expect(callsUpTo(learnedPollSchedule(t), 10_400)).toBeLessThanOrEqual(10);
      expect(offsetsMs.at(-1)).toBe(10_400);
      for (let i = 1; i < offsetsMs.length; i++) expect(offsetsMs[i]).toBeGreaterThan(offsetsMs[i - 1]);
      expect(offsetsMs[0]).toBeGreaterThanOrEqual(5);
    }
  });

  it("knows nothing at first: probes at 0.1 s, and 1.6–2.4 s and 10 s ends are seen as by the default", async () => {
    expect(learnedPollSchedule(undefined)).toBe(FIRST_CONTACT_POLL_SCHEDULE);
    expect(await detect(0)).toEqual({ seenAt: 100, calls: 1 });
    expect(await detect(10_000)).toEqual({ seenAt: 10_400, calls: 10 });
    expect(learnedPollSchedule(1500)).toBe(DEFAULT_POLL_SCHEDULE);
  });

  it("after a few fast workflows of the same kind, the next one's end is seen within 50% (or 20 ms)", async () => {
    for (const d of [0, 40, 150, 400, 900]) {
      const durations = new WorkflowDurations();
      for (let i = 0; i < 4; i++) await detect(d, durations);
      const r = await detect(d, durations);
      expect(r.seenAt - d).toBeLessThanOrEqual(Math.max(20, 0.5 * d));
      expect(r.calls).toBeLessThanOrEqual(4);
    }
  });

  it("an unusually long workflow after fast ones is seen no later, with no more calls, than by the default", async () => {
    for (const fast of [0, 100, 700]) {
      for (const d of [3_000, 4_000, 6_000, 10_000, 30_000, 120_000]) {
        const durations = new WorkflowDurations();
        for (let i = 0; i < 4; i++) await detect(fast, durations);
        const learnt = await detect(d, durations);
        const clock = virtualClock();
        const svc = workflow(clock, d);
        await waitForInstance(svc, INST, {
          until: running,
          timeoutMs: 3_600_000,
          clock,
          schedule: DEFAULT_POLL_SCHEDULE,
        });
        expect(learnt.calls).toBeLessThanOrEqual(svc.calls.length);
        expect(learnt.seenAt).toBeLessThanOrEqual(clock.t);
      }
      // and a 2 s one (the default's sweet spot) within 50%
      const durations = new WorkflowDurations();
      for (let i = 0; i < 4; i++) await detect(fast, durations);
      expect((await detect(2_000, durations)).seenAt).toBeLessThanOrEqual(3_000);
    }
  });

  it("after slow workflows, 2 s ends are still seen within ~0.2 s (wait-calls bench order: 10 s, then 2 s)", async () => {
    const durations = new WorkflowDurations();
    await detect(10_000, durations);
    expect((await detect(2_000, durations)).seenAt).toBeLessThanOrEqual(2_200);
  });

  it("learns per key: the median of the last 8 midpoints between the last running and the first ended poll", () => {
    const durations = new WorkflowDurations();
    expect(durations.typicalMs("a")).toBeUndefined();
    durations.record("a", 0, 100);
    durations.record("a", 100, 300);
    durations.record("a", 1000, 1500);
    expect(durations.typicalMs("a")).toBe(200);
    expect(durations.typicalMs("b")).toBeUndefined();
    for (let i = 0; i < 8; i++) durations.record("a", 10, 30);
    expect(durations.typicalMs("a")).toBe(20);
  });

  it("learns from when polls left, not from when slow answers came back", async () => {
    const durations = new WorkflowDurations();
    const clock = virtualClock();
    const slowService = {
      readSubmodules: wholeAsIs,
      getInstanceStatus: async (id: string) => {
        const status = clock.t >= 50 ? "Running" : "Executing";
        clock.t += 400; // the answer takes 0.4 s
        return instanceBody({ id, status }) as unknown as InstanceStatus;
      },
    };
    await waitForInstance(slowService, INST, { until: running, timeoutMs: 10_000, clock, durations });
    expect(durations.typicalMs("")).toBe(50); // polled at 0.1 s: ended between 0 and 0.1 s
  });

  it("a wait records under its durationKey, and only ends it was waiting for", async () => {
    const durations = new WorkflowDurations();
    const clock = virtualClock();
    await waitForInstance(workflow(clock, 0), INST, {
      until: running,
      timeoutMs: 10_000,
      clock,
      durations,
      durationKey: "app-1",
    });
    expect(durations.typicalMs("app-1")).toBe(50);
    expect(durations.typicalMs("")).toBeUndefined();
    const failing = workflow(virtualClock(), 0, "Failed");
    await expect(
      waitForInstance(failing, INST, { until: running, timeoutMs: 10_000, clock, durations }),
    ).rejects.toThrow(WorkflowFailedError);
    expect(durations.typicalMs("")).toBeUndefined();
  });
});

describe("waitForInstance outcomes", () => {
  it("reports progress with the elapsed time", async () => {
    const clock = virtualClock();
    const seen: Array<[string, number]> = [];
    await waitForInstance(workflow(clock, 1500), INST, {
      until: running,
      timeoutMs: 60_000,
      clock,
      schedule: DEFAULT_POLL_SCHEDULE,
      onProgress: (s, ms) => seen.push([s.status, ms]),
    });
    expect(seen).toEqual([
      ["Executing", 1000],
      ["Running", 1500],
    ]);
  });

  it("Failed → WorkflowFailedError carrying the service's errorMessage", async () => {
    const clock = virtualClock();
    const err = await waitForInstance(workflow(clock, 1500, "Failed"), INST, {
      until: running,
      timeoutMs: 60_000,
      clock,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkflowFailedError);
    expect(err).toMatchObject({ code: "E_WORKFLOW_FAILED", errorMessage: "step 'db' failed: disk full" });
    expect((err as Error).message).toContain(INST);
    expect((err as Error).message).toContain("disk full");
  });

  it.each(["Canceled", "Suspended"] as const)(
    "%s → WorkflowStoppedError at once (waiting would not change it), naming the status and what to do",
    async (stopped) => {
      const clock = virtualClock();
      const service = workflow(clock, 1500, stopped);
      const err = await waitForInstance(service, INST, {
        until: running,
        timeoutMs: 30 * 60_000,
        clock,
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(WorkflowStoppedError);
      expect(err).toMatchObject({ code: "E_WORKFLOW_STOPPED", status: stopped });
      expect((err as Error).message).toContain(`is ${stopped} in the service`);
      expect(clock.t).toBeLessThan(5000);
    },
  );

  it("an unknown status is reported once, and named in the timeout error", async () => {
    const clock = virtualClock();
    const unknown: string[] = [];
    const err = await waitForInstance(workflow(clock, Infinity, "Running", "Paused"), INST, {
      until: running,
      timeoutMs: 60_000,
      clock,
      onUnknownStatus: (st) => unknown.push(st),
    }).catch((e: unknown) => e);
    expect(unknown).toEqual(["Paused"]);
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as Error).message).toContain("last status Paused (a status this client does not know)");
  });

  it("returns a Failed status when `until` accepts it", async () => {
    const clock = virtualClock();
    const s = await waitForInstance(workflow(clock, 1500, "Failed"), INST, {
      until: (x) => x.status === "Running" || x.status === "Failed",
      timeoutMs: 60_000,
      clock,
    });
    expect(s.status).toBe("Failed");
  });

  it("timeout → TimeoutError naming the instance, last status and time waited; last poll at the deadline", async () => {
    const clock = virtualClock();
    const svc = workflow(clock, 60_000);
    const err = await waitForInstance(svc, INST, { until: running, timeoutMs: 7000, clock }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({
      code: "E_TIMEOUT",
      instanceId: INST,
      lastStatus: "Executing",
      waitedMs: 7000,
    });
    expect((err as Error).message).toMatch(
      new RegExp(`instance ${INST} .* within 7 s \\(last status Executing\\)`),
    );
    expect(svc.calls.at(-1)).toBe(7000);
  });

  it("AbortSignal → AbortedError", async () => {
    const clock = virtualClock();
    const ac = new AbortController();
    const svc = workflow(clock, 60_000);
    const err = await waitForInstance(svc, INST, {
      until: running,
      timeoutMs: 60_000,
      clock,
      signal: ac.signal,
      onProgress: (_s, ms) => ms >= 2000 && ac.abort(),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AbortedError);
    expect(svc.calls).toHaveLength(4); // 1.0, 1.5, 1.8, 2.0 s
  });

  it("transient errors during a wait are retried by the call and do not end the wait", async () => {
    const h = harness();
    const path = `/api/1/instances/${INST}`;
    h.pool.intercept({ path }).reply(200, instanceBody({ status: "Executing" }));
    h.pool.intercept({ path }).reply(503, { errors: ["busy"] });
    h.pool.intercept({ path }).replyWithError(Object.assign(new Error("reset"), { code: "ECONNRESET" }));
    h.pool.intercept({ path }).reply(429, { errors: ["slow"] }, { headers: { "retry-after": "1" } });
    h.pool.intercept({ path }).reply(200, instanceBody({ status: "Running" }));
    const clock = virtualClock();
    const s = await waitForInstance(h.client, INST, { until: running, timeoutMs: 60_000, clock });
    expect(s.status).toBe("Running");
    expect(h.delays).toEqual([200, 400, 1000]);
    h.agent.assertNoPendingInterceptors();
  });
});

describe("waitForInstance and failing polls", () => {
  const failing = (clock: { t: number }, errors: Error[], then: InstanceStatusValue) => {
    const svc = workflow(clock, 0, then);
    return {
      calls: svc.calls,
      readSubmodules: wholeAsIs,
      getInstanceStatus: async (id: string) => {
        const err = errors.shift();
        if (err) {
          svc.calls.push(clock.t);
          throw err;
        }
        return svc.getInstanceStatus(id);
      },
    };
  };
  const details = { errors: ["busy"], method: "GET", path: `/api/1/instances/${INST}` };

  it("keeps polling when a poll fails transiently even after the call's retries", async () => {
    const clock = virtualClock();
    const svc = failing(
      clock,
      [new ServerError({ status: 503, ...details }), new NetworkError("GET", details.path, "ECONNRESET")],
      "Running",
    );
    await expect(
      waitForInstance(svc, INST, { until: running, timeoutMs: 60_000, clock }),
    ).resolves.toMatchObject({
      status: "Running",
    });
    expect(svc.calls).toEqual([1000, 1500, 1800]);
  });

  it("ends the wait on a non-transient error", async () => {
    const clock = virtualClock();
    const svc = failing(clock, [new NotFoundError({ status: 404, ...details })], "Running");
    await expect(
      waitForInstance(svc, INST, { until: running, timeoutMs: 60_000, clock }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it("a wait that only saw errors times out naming the last error", async () => {
    const clock = virtualClock();
    const errors = Array.from({ length: 20 }, () => new ServerError({ status: 502, ...details }));
    const err = await waitForInstance(failing(clock, errors, "Running"), INST, {
      until: running,
      timeoutMs: 5000,
      clock,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as Error).message).toMatch(/last status unknown, last poll: GET .* HTTP 502/);
  });
});

describe("waitForInstance and 408 answers", () => {
  it("a 408 on a status read is resent like a 503, within the same retry budget", async () => {
    const h = harness();
    const path = `/api/1/instances/${INST}`;
    h.pool.intercept({ path }).reply(408, { errors: ["request timeout"] });
    h.pool.intercept({ path }).reply(503, { errors: ["busy"] });
    h.pool.intercept({ path }).reply(200, instanceBody({ status: "Running" }));
    const s = await waitForInstance(h.client, INST, {
      until: running,
      timeoutMs: 60_000,
      clock: virtualClock(),
    });
    expect(s.status).toBe("Running");
    expect(h.delays).toEqual([200, 400]);
    h.agent.assertNoPendingInterceptors();
  });

  it("a poll that still gets 408 after the call's retries does not end the wait", async () => {
    const clock = virtualClock();
    const details = { errors: ["request timeout"], method: "GET", path: `/api/1/instances/${INST}` };
    let failures = 2;
    const svc = {
      readSubmodules: wholeAsIs,
      getInstanceStatus: async (id: string) => {
        if (failures-- > 0) throw new RequestTimeoutAnswerError({ status: 408, ...details });
        return instanceBody({ id }) as unknown as InstanceStatus;
      },
    };
    const seen: string[] = [];
    const s = await waitForInstance(svc, INST, {
      until: running,
      timeoutMs: 60_000,
      clock,
      onPollFailure: (err) => seen.push(err.code),
    });
    expect(s.status).toBe("Running");
    expect(seen).toEqual(["E_REQUEST_TIMEOUT", "E_REQUEST_TIMEOUT"]);
  });
});

describe("waitForInstance after the call that started a workflow (startedAfter)", () => {
  const run = (name: string, status: string) => ({ name, status, ownerId: "u", steps: [] });
  /** Reads as the service shows a repaired Failed instance whose status lags: Failed twice, then the new run. */
  const lagging = () => {
    const reads = [
      { status: "Failed", workflowHistory: [run("launch", "Failed")] },
      { status: "Failed", workflowHistory: [run("launch", "Failed")] },
      {
        status: "Executing",
        workflow: { name: "reconfigure", status: "running" },
        workflowHistory: [run("launch", "Failed"), run("reconfigure", "Executing")],
      },
      { status: "Running", workflowHistory: [run("launch", "Failed"), run("reconfigure", "Succeeded")] },
    ];
    return {
      readSubmodules: wholeAsIs,
      getInstanceStatus: async (id: string) =>
        instanceBody({ id, ...(reads.length > 1 ? reads.shift() : reads[0]) }) as unknown as InstanceStatus,
    };
  };

  it("a status from before the call neither ends nor fails the wait; the new run's outcome ends it", async () => {
    const s = await waitForInstance(lagging(), INST, {
      until: (x) => x.status === "Running" || x.status === "Failed",
      startedAfter: 1,
      timeoutMs: 60_000,
      clock: virtualClock(),
    });
    expect(s.status).toBe("Running");
    expect(s.workflowHistory.map((r) => r.status)).toEqual(["Failed", "Succeeded"]);
  });

  it("without it, the stale Failed fails the wait", async () => {
    await expect(
      waitForInstance(lagging(), INST, { until: running, timeoutMs: 60_000, clock: virtualClock() }),
    ).rejects.toBeInstanceOf(WorkflowFailedError);
  });
});
