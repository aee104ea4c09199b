// The wire form of a diagnostic (tfplugin6 Diagnostic); the factories are in src/terraform-model.

import type { Diagnostic } from "../../terraform-model";
import {
  _tfplugin6_Diagnostic_Severity as Severity,
  type Diagnostic__Wire as WireDiagnostic,
} from "../generated/tfplugin6/Diagnostic";
import { pathToWire } from "./paths";

export function diagnosticToWire(d: Diagnostic): WireDiagnostic {
  return {
    severity: d.severity === "warning" ? Severity.WARNING : Severity.ERROR,
    summary: d.summary,
    detail: d.detail,
    attribute: d.attribute && d.attribute.length ? pathToWire(d.attribute) : undefined,
  };
}
