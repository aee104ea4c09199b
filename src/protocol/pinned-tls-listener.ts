import { X509Certificate } from "node:crypto";
import * as tls from "node:tls";
import type { Logger } from "../terraform-model";

// The listener terraform connects to when it runs the provider (AutoMTLS): a TLS server that lets through
// only terraform's own certificate, speaking HTTP/2.

/** Our key and certificate, and the only client certificate accepted. */
export interface PinnedTls {
  keyPem: string;
  certPem: string;
  clientCertPem: string;
}

/**
 * Mutual TLS with terraform's certificate pinned. Any CA list makes node build its root store for the context
 * (the bundled root CAs, or a copy of them plus `ca`), a large part of every provider start in --cpu-prof
 * (`addCACerts`, `addRootCerts`; the figure: ARCHITECTURE.md §8). So the context gets no CA at all, the handshake asks for a client
 * certificate without checking its chain, and a connection reaches HTTP/2 only if the client presented exactly
 * the expected certificate (TLS has already proven that the client holds its private key) and chose HTTP/2.
 */
export function pinnedTlsListener(
  options: PinnedTls,
  log: Logger,
  serve: (socket: tls.TLSSocket) => void,
): tls.Server {
  const expected = new X509Certificate(options.clientCertPem).raw;
  const server = tls.createServer({
    key: options.keyPem,
    cert: options.certPem,
    // No CA at all: without `ca`, node would load its bundled root CAs into this context.
    ca: [],
    requestCert: true,
    rejectUnauthorized: false,
    minVersion: "TLSv1.2",
    ALPNProtocols: ["h2"],
  });
  server.on("secureConnection", (socket) => {
    const presented = socket.getPeerX509Certificate()?.raw;
    const refusal = !presented
      ? "it presented no certificate"
      : !presented.equals(expected)
        ? "its certificate is not terraform's"
        : socket.alpnProtocol !== "h2"
          ? "it did not choose HTTP/2 (ALPN h2)"
          : undefined;
    if (refusal === undefined) {
      serve(socket);
      return;
    }
    log.warn("TLS client refused", { error: refusal });
    socket.destroy();
  });
  server.on("tlsClientError", (e) => log.warn("TLS handshake refused", { error: e }));
  return server;
}
