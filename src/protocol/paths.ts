import type { AttributePath } from "../terraform-model";

/** tfplugin6 AttributePath message shape (as the protobuf codec reads and writes it). */
export interface WireStep {
  attributeName?: string;
  elementKeyString?: string;
  elementKeyInt?: number;
}
export interface WirePath {
  steps: WireStep[];
}

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
export function pathFromWire(wire: WirePath): AttributePath {
  return wire.steps.map((s) => {
    if (s.attributeName) return { attr: s.attributeName };
    if (s.elementKeyString) return { key: s.elementKeyString };
    return { index: s.elementKeyInt ?? 0 };
  });
}
