// Lingering close (RFC 9112 §9.6) for answers sent before a request's body was read (401/403/413 and the
// like). node's http server ends a "connection: close" answer with socket.destroySoon(): FIN, then close as
// soon as the answer is written. A close with unread bytes in the receive buffer makes the kernel send RST,
// and an RST can overtake the answer, so the client sees "connection reset" instead of the 401 (it did, on
// Node 22, for some of 300 concurrent 1 MiB uploads). node has no option for this; replacing destroySoon on
// the one socket is the narrowest hook: FIN after the answer, then read and discard what the client still
// sends until it closes, bounded in bytes and in idle time so a client cannot hold the socket open.
import type { Socket } from "node:net";

export interface LingerLimits {
  /** Bytes discarded at most before the socket is closed anyway. */
  maxBytes: number;
  /** Idle time at most (no byte from the client) before the socket is closed anyway. */
  idleMs: number;
}

/** Makes the close that follows this socket's current answer a lingering one. */
export function lingerOnClose(socket: Socket, limits: LingerLimits): void {
  socket.destroySoon = function lingeringClose(this: Socket) {
    let discarded = 0;
    this.on("data", (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > limits.maxBytes) this.destroy();
    });
    this.once("end", () => this.destroy());
    this.setTimeout(limits.idleMs, () => this.destroy());
    this.end();
    this.resume();
  };
}
