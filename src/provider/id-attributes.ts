// The check every resource and data source taking service ids makes at validate and plan time.

import { type Diagnostic, errorDiagnostic, type ValueObject } from "../terraform-model";
import { idProblem } from "../rules/identifiers";
import { attrPath, knownString } from "./values";

/** Errors for the named id attributes that are known and not 24-hex ids. */
export function checkIdAttributes(config: ValueObject, names: string[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const name of names) {
    const v = knownString(config, name);
    const problem = v === undefined ? undefined : idProblem(name, v);
    if (problem) out.push(errorDiagnostic(`Invalid ${name}`, `${problem}.`, attrPath(name)));
  }
  return out;
}
