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
  /** PRNG seed; the same seed and call sequence give the same faults. */
  seed?: number;
}

export type FaultDecision =
  { kind: "none" } | { kind: "status"; status: number } | { kind: "reset"; afterServing: boolean };

/** mulberry32: a tiny seeded PRNG, plenty for picking faults. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class FaultInjector {
  private options: Required<FaultOptions> = { rate: 0, statuses: [], latencyMs: 0, resetRate: 0, seed: 1 };
  private random = mulberry32(1);

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
    this.random = mulberry32(this.options.seed);
  }

  get latencyMs(): number {
    return this.options.latencyMs;
  }

  /** Draws the fault for one call (always consumes the same number of random values, for determinism). */
  next(): FaultDecision {
    const resetDraw = this.random();
    const failDraw = this.random();
    const pick = this.random();
    if (resetDraw < this.options.resetRate) return { kind: "reset", afterServing: pick < 0.5 };
    if (failDraw < this.options.rate)
      return {
        kind: "status",
        status: this.options.statuses[Math.floor(pick * this.options.statuses.length)],
      };
    return { kind: "none" };
  }
}
