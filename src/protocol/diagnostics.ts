// The wire form of a diagnostic (tfplugin6 Diagnostic); the factories are in src/terraform-model.

import type { Diagnostic } from "../terraform-model";
import { pathToWire, type WirePath } from "./paths";
import { Severity } from "./wire/messages";

export interface WireDiagnostic {
  severity: number;
  summary: string;
  detail?: string;
  attribute?: WirePath;
}

export function diagnosticToWire(d: Diagnostic): WireDiagnostic {
  return {
    severity: d.severity === "warning" ? Severity.Warning : Severity.Error,
    summary: d.summary,
    detail: d.detail,
    attribute: d.attribute && d.attribute.length ? pathToWire(d.attribute) : undefined,
  };
}
