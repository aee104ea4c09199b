// Secrets (password, refresh token, JWTs) never reach logs or diagnostics (ARCHITECTURE.md §5). The client already
// keeps them out of its messages; this is the last line of defence on everything the provider emits.

import type { Diagnostic, Logger } from "../terraform-model";

/** Three base64url parts, the first a JSON header ("eyJ"): a JWT wherever it appears. */
const JWT = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;

export class SecretList {
  private readonly values: string[] = [];

  add(...secrets: (string | undefined)[]): void {
    for (const s of secrets) if (s && s.length >= 4 && !this.values.includes(s)) this.values.push(s);
  }

  redact(text: string): string {
    let out = text.replace(JWT, "[redacted jwt]");
    for (const s of this.values) out = out.split(s).join("[redacted]");
    return out;
  }

  redactDiagnostic(d: Diagnostic): Diagnostic {
    return {
      ...d,
      summary: this.redact(d.summary),
      ...(d.detail === undefined ? {} : { detail: this.redact(d.detail) }),
    };
  }
}

/** A logger that redacts messages and field values before the inner logger writes them. */
export function redactingLogger(inner: Logger, secrets: SecretList): Logger {
  const clean = (fields?: Record<string, unknown>) =>
    fields === undefined
      ? undefined
      : (JSON.parse(secrets.redact(JSON.stringify(fields))) as Record<string, unknown>);
  const wrap =
    (level: "trace" | "debug" | "info" | "warn" | "error") =>
    (message: string, fields?: Record<string, unknown>) => {
      // Redacting costs a JSON round trip: not for the lines the inner logger drops.
      if (inner.enabled?.(level) !== false) inner[level](secrets.redact(message), clean(fields));
    };
  return {
    trace: wrap("trace"),
    debug: wrap("debug"),
    info: wrap("info"),
    warn: wrap("warn"),
    error: wrap("error"),
    named: (module) => redactingLogger(inner.named(module), secrets),
    enabled: (level) => inner.enabled?.(level) !== false,
  };
}
