// Seeded faults per kind of call: the acceptance fault test relies on the n-th launch meeting the same
// fault however many status polls (whose number follows timing) came in between.
import { FaultInjector, type FaultDecision } from "../../../src/simulator/faults";

const LAUNCH = "POST /api/1/applications/:id/launch";
const STATUS = "GET /api/1/instances/:id";
const OPTIONS = { rate: 0.3, resetRate: 0.1, statuses: [500, 503, 429], seed: 15 };

function launchFaults(pollsBetween: number): FaultDecision[] {
  const faults = new FaultInjector();
  faults.configure(OPTIONS);
  const launches: FaultDecision[] = [];
  for (let i = 0; i < 20; i++) {
    launches.push(faults.next(LAUNCH));
    for (let p = 0; p < pollsBetween + (i % 3); p++) faults.next(STATUS);
  }
  return launches;
}

test("the n-th call of a kind meets the same fault whatever other calls came between", () => {
  const quiet = launchFaults(0);
  expect(launchFaults(4)).toEqual(quiet);
  expect(launchFaults(11)).toEqual(quiet);
  expect(quiet.some((f) => f.kind !== "none")).toBe(true);
});

test("another seed gives another sequence, and configure starts the streams again", () => {
  const faults = new FaultInjector();
  faults.configure(OPTIONS);
  const first = Array.from({ length: 20 }, () => faults.next(LAUNCH));
  faults.configure(OPTIONS);
  expect(Array.from({ length: 20 }, () => faults.next(LAUNCH))).toEqual(first);
  faults.configure({ ...OPTIONS, seed: 16 });
  expect(Array.from({ length: 20 }, () => faults.next(LAUNCH))).not.toEqual(first);
});

test("a fixed fault meets the calls of its kind only, `times` times, then runs `then`; configure clears it", () => {
  const faults = new FaultInjector();
  const lost: FaultDecision = { kind: "reset", afterServing: true };
  const refused: FaultDecision = { kind: "status", status: 408 };
  faults.fix(LAUNCH, lost, { times: 1, then: () => faults.fix(STATUS, refused) });
  expect(faults.next(STATUS)).toEqual({ kind: "none" });
  expect(faults.next(LAUNCH)).toEqual(lost);
  expect(faults.next(LAUNCH)).toEqual({ kind: "none" });
  expect([faults.next(STATUS), faults.next(STATUS)]).toEqual([refused, refused]);
  faults.configure({});
  expect(faults.next(STATUS)).toEqual({ kind: "none" });
});
