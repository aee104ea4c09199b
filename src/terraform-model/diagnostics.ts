// Diagnostics, in one place for the protocol layer and the provider: named factories, a collection for
// checks that gather several, and the stable `code` of a thrown error (client errors are recognised by it,
// not by instanceof, so nothing here loads the client). Their wire form is the protocol layer's
// (src/protocol/diagnostics.ts).

import type { AttributePath } from "./paths";

export interface Diagnostic {
  severity: "error" | "warning";
  summary: string;
  detail?: string;
  attribute?: AttributePath;
}

export interface Diagnosed {
  diagnostics: Diagnostic[];
}

export function errorDiagnostic(summary: string, detail?: string, attribute?: AttributePath): Diagnostic {
  return { severity: "error", summary, detail, ...(attribute ? { attribute } : {}) };
}

export function warningDiagnostic(summary: string, detail: string, attribute?: AttributePath): Diagnostic {
  return { severity: "warning", summary, detail, ...(attribute ? { attribute } : {}) };
}

/** An error for a failed call; the client's messages name the call and never hold credentials. */
export function failureDiagnostic(summary: string, e: unknown, attribute?: AttributePath): Diagnostic {
  return errorDiagnostic(summary, errorMessage(e), attribute);
}

export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export function errorCode(e: unknown): string | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** The diagnostics of one check, in the order found. */
export class Diagnostics {
  readonly list: Diagnostic[] = [];

  addError(path: AttributePath | undefined, summary: string, detail: string): this {
    this.list.push(errorDiagnostic(summary, detail, path));
    return this;
  }

  addWarning(path: AttributePath | undefined, summary: string, detail: string): this {
    this.list.push(warningDiagnostic(summary, detail, path));
    return this;
  }

  add(...diagnostics: Diagnostic[]): this {
    this.list.push(...diagnostics);
    return this;
  }

  hasError(): boolean {
    return this.list.some((d) => d.severity === "error");
  }
}
