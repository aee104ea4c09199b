// Fault injection: the trouble a real service shows (errors, slowness, dropped connections), reproducible from
// a seed so a failing test can be replayed.

export interface FaultOptions {
  /** Probability (0..1) that a call is answered with one of `statuses` instead of being served. */
  rate?: number;
  /** Statuses to fail with, picked at random; default [500, 502, 503, 429]. */
  statuses?: number[];
  /** Added to every call before it is served. */
  latencyMs?: number;
  /** Probability (0..1) that the connection is reset; half of the resets happen after the call was served. */
  resetRate?: number;
  /**
   * PRNG seed. Each kind of call (method and path with ids left out) draws from its own stream, so the
   * same seed gives the n-th launch the same fault however many status polls came in between.
   */
  seed?: number;
}

export type FaultDecision =
  { kind: "none" } | { kind: "status"; status: number } | { kind: "reset"; afterServing: boolean };

interface FixedFault {
  decision: FaultDecision;
  left: number;
  then?: () => void;
}

/** mulberry32: a tiny seeded PRNG, plenty for picking faults (and the plan-forecast harness's estates). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: a stable 32-bit hash of a call kind, to derive its stream's seed. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class FaultInjector {
  private options: Required<FaultOptions> = { rate: 0, statuses: [], latencyMs: 0, resetRate: 0, seed: 1 };
  private streams = new Map<string, () => number>();
  private readonly fixed = new Map<string, FixedFault>();

  configure(options: FaultOptions): void {
    const statuses = options.statuses?.length ? options.statuses : [500, 502, 503, 429];
    for (const s of statuses)
      if (!Number.isInteger(s) || s < 400 || s > 599)
        throw new Error(`fault status ${s} is not an error status; use 4xx or 5xx codes such as 503`);
    this.options = {
      rate: options.rate ?? 0,
      statuses,
      latencyMs: options.latencyMs ?? 0,
      resetRate: options.resetRate ?? 0,
      seed: options.seed ?? 1,
    };
    this.streams.clear();
    this.fixed.clear();
  }

  /**
   * Gives the calls of `kind` this fault, ahead of the drawn ones, `times` times (default: until the next
   * configure); `then` runs as the last of them is decided (before the call is served), e.g. to make the
   * next call fail: tests aim at one call this way, without depending on a seed.
   */
  fix(kind: string, decision: FaultDecision, o: { times?: number; then?: () => void } = {}): void {
    this.fixed.set(kind, { decision, left: o.times ?? Infinity, then: o.then });
  }

  get latencyMs(): number {
    return this.options.latencyMs;
  }

  /**
   * Draws the fault for one call of `kind` (e.g. "POST /api/1/applications/:id/launch"); always consumes
   * the same number of random values of that kind's stream, for determinism.
   */
  next(kind: string): FaultDecision {
    const fixed = this.fixed.get(kind);
    if (fixed) {
      if (--fixed.left <= 0) {
        this.fixed.delete(kind);
        fixed.then?.();
      }
      return fixed.decision;
    }
    let random = this.streams.get(kind);
    if (!random) {
      random = mulberry32(this.options.seed ^ hash32(kind));
      this.streams.set(kind, random);
    }
    const resetDraw = random();
    const failDraw = random();
    const pick = random();
    if (resetDraw < this.options.resetRate) return { kind: "reset", afterServing: pick < 0.5 };
    if (failDraw < this.options.rate)
      return {
        kind: "status",
        status: this.options.statuses[Math.floor(pick * this.options.statuses.length)],
      };
    return { kind: "none" };
  }
}
