// Attribute paths: where in a value a diagnostic points (the protocol layer has their wire form).

/** One step of an attribute path: an attribute name, a map key or a list index. */
export type PathStep = { attr: string } | { key: string } | { index: number };
export type AttributePath = PathStep[];
