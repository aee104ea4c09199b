// The shape every ephemeral resource implements (as Resource and DataSource do for theirs): a value opened
// for one terraform run, held in terraform's memory and never written to a plan or a state.

import type { Diagnostic, Schema, Value, ValueObject } from "../../terraform-model";
import type { ProviderContext } from "../context";

export interface EphemeralResource {
  typeName: string;
  schema: Schema;
  validate(config: ValueObject): Diagnostic[];
  /**
   * The result (the config with every computed attribute filled) and the secret strings in it, which the
   * provider then redacts from every log line and diagnostic.
   */
  open(ctx: ProviderContext, config: ValueObject): Promise<{ result: Value; secrets: string[] }>;
}
