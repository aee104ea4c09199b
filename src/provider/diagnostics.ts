// Turning failures into diagnostics. Client errors are recognised by their stable `code` (not instanceof),
// so this module does not load the client.

import type { AttributePath, Diagnostic } from "../protocol/model";

export function errorCode(e: unknown): string | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export function errorDiagnostic(summary: string, detail: string, attribute?: AttributePath): Diagnostic {
  return { severity: "error", summary, detail, ...(attribute ? { attribute } : {}) };
}

export function warningDiagnostic(summary: string, detail: string, attribute?: AttributePath): Diagnostic {
  return { severity: "warning", summary, detail, ...(attribute ? { attribute } : {}) };
}

/** An error diagnostic for a failed call; the client's messages name the call and never hold credentials. */
export function failureDiagnostic(summary: string, e: unknown, attribute?: AttributePath): Diagnostic {
  return errorDiagnostic(summary, errorMessage(e), attribute);
}
