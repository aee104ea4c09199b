import type { AttributePath } from "../../terraform-model";
import type {
  AttributePath__Wire as WirePath,
  AttributePath__Decoded as DecodedWirePath,
  _tfplugin6_AttributePath_Step__Wire as WireStep,
} from "../generated/tfplugin6/AttributePath";

// Attribute paths in their tfplugin6 AttributePath form.

export function pathToWire(path: AttributePath): WirePath {
  return {
    steps: path.map((s): WireStep => {
      if ("attr" in s) return { attributeName: s.attr };
      if ("key" in s) return { elementKeyString: s.key };
      return { elementKeyInt: s.index };
    }),
  };
}

/** The decoder fills every field with its default, so the selector is the one field that is set. */
export function pathFromWire(wire: DecodedWirePath): AttributePath {
  return wire.steps.map((s) => {
    if (s.attributeName) return { attr: s.attributeName };
    if (s.elementKeyString) return { key: s.elementKeyString };
    return { index: s.elementKeyInt ?? 0 };
  });
}
