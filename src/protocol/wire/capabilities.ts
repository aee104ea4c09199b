import type { ClientCapabilities } from "../../terraform-model";
import type { ClientCapabilities__Decoded } from "../generated/tfplugin6/ClientCapabilities";

/** terraform's client capabilities; an absent message (terraform before 1.10) announces nothing. */
export function clientCapabilities(wire: ClientCapabilities__Decoded | null): ClientCapabilities {
  return { writeOnlyAttributesAllowed: wire?.writeOnlyAttributesAllowed ?? false };
}
