// Wildcard pins: `"*": bind(<component>#<interface>.*)` exposes every pin of that interface of the bound
// component under the same pin names, each bound one by one, so each is read as if written out.
import type { Manifest, Pin } from "./types";

/**
 * The pins `pin` (named `name`) stands for: itself, or for a wildcard bind whose component (at `path`, resolved by
 * the caller) declares the interface, each pin of that interface as `bind(<component>#<interface>.<pin>)`.
 */
export function expandWildcard(
  manifest: Manifest,
  name: string,
  pin: Pin,
  pathOf: (component: string) => string,
): [string, Pin][] {
  const [target, ...more] = pin.targets ?? [];
  if (pin.kind !== "bind" || !target || more.length > 0 || target.pin !== "*") return [[name, pin]];
  const path = pathOf(target.component);
  const component = Object.hasOwn(manifest.components, path) ? manifest.components[path] : undefined;
  const prefix = `${target.interface}.`;
  const exposed = Object.keys(component?.pins ?? {})
    .filter((key) => key.startsWith(prefix))
    .map((key) => key.slice(prefix.length));
  // a component declaring no such interface here (its own manifest may): kept as written
  if (exposed.length === 0) return [[name, pin]];
  return exposed.map((p) => {
    const bound = { ...target, pin: p };
    return [
      p,
      { kind: "bind", text: `bind(${target.component}#${target.interface}.${p})`, targets: [bound] },
    ];
  });
}
