// Human-readable rendering of rule findings, shared by the provider diagnostics and construct validation.

import type { Finding } from "./types";

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `["submodules", "db", "parameters", "input.size"]` -> `submodules.db.parameters['input.size']`. */
export function formatPath(path: Finding["path"]): string {
  let text = "";
  for (const step of path) {
    if (typeof step === "number") text += `[${step}]`;
    else if (IDENTIFIER.test(step)) text += text === "" ? step : `.${step}`;
    else text += `['${step}']`;
  }
  return text;
}

/** One line: where, why, and what to write instead. */
export function formatFinding(f: Finding): string {
  const where = formatPath(f.path);
  return `${where === "" ? "" : `${where}: `}${f.message}. Fix: ${f.fix}`;
}
