// The one buffer the msgpack and protobuf encoders write into: a plan's values and a schema's messages
// are many small pieces, so no buffer per piece; it doubles when full.

export class GrowingBuffer {
  protected buf = Buffer.allocUnsafe(256);
  protected pos = 0;

  /** Makes room for `n` more bytes at `pos`. */
  protected room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(grown, 0, 0, this.pos);
    this.buf = grown;
  }

  /** The bytes written so far (a view, not a copy). */
  finish(): Buffer {
    return this.buf.subarray(0, this.pos);
  }
}
