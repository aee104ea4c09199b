// Which parameter binds a submodule parameter (ARCHITECTURE.md §4): a main parameter, or for a nested
// submodule a parameter of the submodule one level up. The rules and the reset rule ask the same question.

import type { Manifest } from "../manifest/types";
import type { Finding } from "./types";

/**
 * The parameter that binds a submodule parameter, as a path: ["parameters", <main parameter>], or
 * ["submodules", <parent key>, "parameters", <its parameter>] for a nested submodule; undefined when free.
 */
export function binderOf(
  manifest: Manifest,
  submodule: string,
  parameter: string,
): Finding["path"] | undefined {
  const declared = Object.hasOwn(manifest.submodules, submodule) ? manifest.submodules[submodule] : undefined;
  const entry =
    declared && Object.hasOwn(declared.parameters, parameter) ? declared.parameters[parameter] : undefined;
  const binding = manifest.bindings.find(
    (b) => b.submodule === submodule && b.submoduleParameter === parameter,
  );
  const by = entry?.boundBy ?? binding?.mainParameter;
  if (by === undefined) return undefined;
  const from = entry?.boundBy !== undefined ? entry.boundIn : binding?.from;
  return from === undefined ? ["parameters", by] : ["submodules", from, "parameters", by];
}
