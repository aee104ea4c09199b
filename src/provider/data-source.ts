// The shape every data source file implements, and the checks they share.

import type { Diagnostic, Schema, Value, ValueObject } from "../protocol/model";
import { idProblem } from "../rules/identifiers";
import type { ProviderContext } from "./context";
import { errorDiagnostic } from "../protocol/diagnostics";
import { attrPath, knownString } from "./values";

export interface DataSource {
  typeName: string;
  schema: Schema;
  validate(config: ValueObject): Diagnostic[];
  /** The state: the config with every computed attribute filled. */
  read(ctx: ProviderContext, config: ValueObject): Promise<Value>;
}

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
