// The binding rule's reading of a pin: `bind(<component>#<interface>.<pin>)` into a `reference.Submodule` binds
// that submodule's parameter `<interface>.<pin>` (set only through the binding pin); into any other component it
// binds nothing the rules judge (an ordinary parameter). The main manifest's pins bind its own components, a
// submodule's restated pins its restated children.
import { parameterName } from "../service/limits";
import type { Binding, Manifest, ManifestSubmodule, PinTarget } from "./types";
import type { YamlReader } from "./yaml-reader";

export const SUBMODULE_TYPE = "reference.Submodule";

export interface PinOwner {
  /** How messages name the pin, e.g. "pin `db-size`". */
  where: string;
  /** The submodule whose restated pin this is; absent for the main manifest's pins. */
  submodule?: ManifestSubmodule;
}

/**
 * Records what `target` binds for the pin `parameter` of `owner`; returns false, with the problem, when the
 * pin contradicts the manifest (a missing component, an undeclared or already bound submodule parameter).
 */
export function bindTarget(
  reader: YamlReader,
  manifest: Manifest,
  node: unknown,
  parameter: string,
  target: PinTarget,
  owner: PinOwner,
): boolean {
  const parentPath = owner.submodule?.name;
  const { component } = target;
  const path = parentPath ? `${parentPath}/${component}` : component;
  const found = Object.hasOwn(manifest.components, path) ? manifest.components[path] : undefined;
  if (!found || component.includes("/")) {
    const choices = childrenOf(manifest, parentPath);
    const declareAt = parentPath ? `component \`${parentPath}\` components` : "`application.components`";
    reader.problem(
      node,
      `${owner.where} binds unknown component \`${component}\`; ` +
        (choices.length ? `use one of: ${choices.join(", ")}` : `declare it under ${declareAt}`),
    );
    return false;
  }
  const submodule = manifest.submodules[path];
  // a wildcard left as written: its submodule's own manifest declares the pins
  if (found.type !== SUBMODULE_TYPE || !submodule || target.pin === "*") return true;
  const targetName = parameterName(target.interface, target.pin);
  const declared = Object.hasOwn(submodule.parameters, targetName)
    ? submodule.parameters[targetName]
    : undefined;
  if (!declared) {
    // another interface's pin may be a signal or a command: only `input` is all parameters
    if (target.interface !== "input") return true;
    reader.problem(
      node,
      `${owner.where} binds \`${component}#${targetName}\`, which component \`${path}\` does not declare; ` +
        `add \`${target.pin}: configuration(string)\` to its interfaces.input`,
    );
    return false;
  }
  if (declared.boundBy !== undefined) {
    const by = declared.boundIn ? `${declared.boundIn}#${declared.boundBy}` : declared.boundBy;
    reader.problem(
      node,
      `${owner.where} binds \`${component}#${targetName}\`, which \`${by}\` already binds; ` +
        `bind each submodule parameter from one ${parentPath ? "" : "main "}parameter only`,
    );
    return false;
  }
  declared.boundBy = parameter;
  if (parentPath) declared.boundIn = parentPath;
  const binding: Binding = { mainParameter: parameter, submodule: path, submoduleParameter: targetName };
  if (parentPath) binding.from = parentPath;
  manifest.bindings.push(binding);
  return true;
}

/** The components a pin of `parent` (undefined: the main manifest) may bind, by the names it writes. */
function childrenOf(manifest: Manifest, parent: string | undefined): string[] {
  const prefix = parent === undefined ? "" : `${parent}/`;
  return Object.keys(manifest.components)
    .filter((p) => p.startsWith(prefix) && !p.slice(prefix.length).includes("/"))
    .map((p) => p.slice(prefix.length));
}

/** How deep a chain of binds through composite components is followed. */
const MAX_BIND_DEPTH = 16;

/**
 * Whether `target`, a pin of the component at `path`, is a configuration pin: declared `configuration(...)`, a
 * submodule's parameter, or a bind (through composite components) to one. A pin bound to one is a parameter.
 */
export function isConfigurationTarget(
  manifest: Manifest,
  path: string,
  target: PinTarget,
  depth = 0,
): boolean {
  const component = Object.hasOwn(manifest.components, path) ? manifest.components[path] : undefined;
  if (!component || depth > MAX_BIND_DEPTH) return false;
  const key = parameterName(target.interface, target.pin);
  const submodule = Object.hasOwn(manifest.submodules, path) ? manifest.submodules[path] : undefined;
  if (submodule && Object.hasOwn(submodule.parameters, key)) return true;
  const pin = Object.hasOwn(component.pins, key) ? component.pins[key] : undefined;
  if (pin?.kind === "configuration") return true;
  const separator = component.type === SUBMODULE_TYPE ? "/" : ".";
  return (pin?.targets ?? []).some((t) =>
    isConfigurationTarget(manifest, `${path}${separator}${t.component}`, t, depth + 1),
  );
}
