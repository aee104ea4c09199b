// The one buffer the msgpack and protobuf encoders write into: a plan's values and a schema's messages are
// many small pieces, so no buffer per piece. Writers take a scratch buffer from a small free list and give it
// back when they finish, copying out only their bytes: starting each writer at 256 bytes cost an instance's
// state four allocations and three copies, a sixth of its encoding, on each of the thousands of values a plan
// encodes (ARCHITECTURE.md §8).
// Encoding is synchronous, so only nested writers (a protobuf message's entries) hold more than one at once.

const SCRATCH_BYTES = 4096;
/** Scratch buffers kept for reuse, and the largest size kept (a schema message may need far more, once). */
const FREE_KEPT = 8;
const LARGEST_KEPT = 1 << 20;
const free: Buffer[] = [];
const FINISHED = Buffer.alloc(0);

export class GrowingBuffer {
  protected buf = free.pop() ?? Buffer.allocUnsafe(SCRATCH_BYTES);
  protected pos = 0;

  /** Makes room for `n` more bytes at `pos`. */
  protected room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    if (this.buf === FINISHED) throw new Error("GrowingBuffer written after finish()");
    const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(grown, 0, 0, this.pos);
    this.buf = grown;
  }

  /** The bytes written, as their own buffer; the writer can't be used after. */
  finish(): Buffer {
    const out = Buffer.allocUnsafe(this.pos);
    this.buf.copy(out, 0, 0, this.pos);
    if (this.buf !== FINISHED && free.length < FREE_KEPT && this.buf.length <= LARGEST_KEPT)
      free.push(this.buf);
    this.buf = FINISHED;
    this.pos = 0;
    return out;
  }
}
