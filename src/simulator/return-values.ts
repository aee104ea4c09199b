// The return values a launch (or reconfigure) publishes, as the service's manifest form says (docs/simulator.md,
// "Return values"): a pin of the application's interfaces bound to a component's `publish-signal` gets the value
// that component's `launch` workflow returns for that signal (`configuration.workflows.launch.return.<pin>.value`),
// under `<interface>.<pin>`. Values are published as written (a list stays a list); expressions in them are not
// evaluated (ours: the simulator runs no steps).
import type { Manifest } from "../manifest";

/** The values `manifest` publishes after a launch; undefined when it publishes none (our own subset's manifests). */
export function launchReturnValues(manifest: Manifest): Record<string, unknown> | undefined {
  const values: Record<string, unknown> = {};
  for (const [name, pin] of Object.entries(manifest.pins)) {
    if (Object.hasOwn(manifest.parameters, name)) continue;
    for (const target of pin.targets ?? []) {
      const component = Object.hasOwn(manifest.components, target.component)
        ? manifest.components[target.component]
        : undefined;
      if (component?.pins[`${target.interface}.${target.pin}`]?.kind !== "publish-signal") continue;
      const returned = launchReturn(component.configuration)?.[target.pin];
      const value = isRecord(returned) ? returned.value : undefined;
      if (value !== undefined && value !== null) values[name] = value;
    }
  }
  return Object.keys(values).length > 0 ? values : undefined;
}

function launchReturn(configuration: Record<string, unknown>): Record<string, unknown> | undefined {
  const workflows = configuration["configuration.workflows"];
  const launch = isRecord(workflows) ? workflows.launch : undefined;
  return isRecord(launch) && isRecord(launch.return) ? launch.return : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
