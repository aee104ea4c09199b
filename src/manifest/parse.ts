// Parser for application manifests in the service's form (ARCHITECTURE.md §4, docs/manifest.md): everything is
// accepted and kept; what the rules need is read (main parameters and defaults, submodules and their bindings, the
// commands); only malformed YAML or a manifest contradicting itself is refused. Every problem carries its line.
import { isMap, type Node, type Pair } from "yaml";
import { ComponentsReader, readPin } from "./components";
import { readShorthandWorkflows } from "./shorthand-workflows";
import { parameterName } from "../service/limits";
import { bindTarget, isConfigurationTarget, SUBMODULE_TYPE } from "./submodule-bindings";
import { encodeValue } from "./typed-values";
import {
  RESERVED_WORKFLOWS,
  type Manifest,
  type ManifestProblem,
  type ManifestWorkflow,
  type Pin,
  type PinTarget,
} from "./types";
import { expandWildcard } from "./wildcards";
import { readYamlDocument } from "./yaml-document";
import { keyedRecord, YamlReader } from "./yaml-reader";

export { RESERVED_WORKFLOWS };

export class ManifestError extends Error {
  readonly problems: ManifestProblem[];
  constructor(problems: ManifestProblem[]) {
    super(`invalid application manifest:\n${problems.map(formatProblem).join("\n")}`);
    this.name = "ManifestError";
    this.problems = problems;
  }
}

function formatProblem(p: ManifestProblem): string {
  return p.line === undefined ? `  ${p.message}` : `  line ${p.line}: ${p.message}`;
}

/** Manifests parsed lately, by text: a stack's resources share a few manifests, checked at every Validate and Plan. */
const recentlyParsed = new Map<string, Manifest | ManifestError>();
const RECENT_MANIFESTS = 32;

/**
 * Parses manifest YAML text; throws ManifestError listing every problem found. The same text gives the same
 * (frozen) Manifest or ManifestError again without parsing it again.
 */
export function parseManifest(yamlText: string): Manifest {
  let result = recentlyParsed.get(yamlText);
  if (result === undefined) {
    try {
      result = deepFreeze(parseManifestText(yamlText));
    } catch (e) {
      if (!(e instanceof ManifestError)) throw e;
      result = e;
    }
    if (recentlyParsed.size >= RECENT_MANIFESTS) recentlyParsed.delete(recentlyParsed.keys().next().value!);
    recentlyParsed.set(yamlText, result);
  }
  if (result instanceof ManifestError) throw result;
  return result;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function parseManifestText(yamlText: string): Manifest {
  const read = readYamlDocument(yamlText);
  if ("problems" in read) throw new ManifestError(read.problems);
  const reader = new ManifestReader(read.lines);
  const manifest = reader.read(read.doc.contents);
  if (reader.problems.length > 0) throw new ManifestError(reader.problems);
  if (read.leniencies.length > 0) manifest.leniencies = read.leniencies;
  return manifest;
}

/** Default value of every main parameter ("" when the manifest gives none). */
export function manifestDefaults(manifest: Manifest): Record<string, string> {
  const defaults: Record<string, string> = {};
  for (const p of Object.values(manifest.parameters)) defaults[p.name] = p.default ?? "";
  return defaults;
}

class ManifestReader extends YamlReader {
  /** Main pins seen, valid or not, so a broken pin does not also flag its default as unknown. */
  private readonly declaredPins = new Set<string>();

  read(root: Node | null): Manifest {
    const manifest: Manifest = {
      parameters: keyedRecord(),
      submodules: keyedRecord(),
      bindings: [],
      components: keyedRecord(),
      pins: keyedRecord(),
      componentBindings: [],
    };
    const rootMap = this.asMap(root, "the document", "write a mapping with a top-level `application:` key");
    const application = rootMap && this.entry(rootMap, "application");
    if (!rootMap) return manifest;
    if (!application) {
      this.problem(
        rootMap,
        "missing top-level `application:` key; the manifest must start with `application:`",
      );
      return manifest;
    }
    const app = this.mapAt(application, "`application`", "give it `interfaces:` and `configuration:`");
    if (!app) return manifest;

    const components = new ComponentsReader(this, manifest);
    components.read(this.entry(app, "components"));
    components.readBindings(this.entry(app, "bindings"));
    const commands = this.readMainPins(this.entry(app, "interfaces"), manifest);
    this.readDefaults(this.entry(app, "configuration"), manifest);
    const shorthand = this.entry(app, "workflows");
    const workflows = shorthand ? readShorthandWorkflows(this, shorthand) : undefined;
    for (const name of Object.keys(workflows ?? {}))
      if (Object.hasOwn(commands, name))
        this.problem(
          shorthand!.key,
          `workflow \`${name}\` is also a command of the interfaces; declare it once`,
        );
    if (workflows || Object.keys(commands).length > 0)
      manifest.workflows = Object.assign(keyedRecord<ManifestWorkflow>(), commands, workflows);
    return manifest;
  }

  /**
   * Every pin of the application's interfaces, wildcards expanded. A configuration pin of any interface (declared,
   * or bound to a component's configuration pin) is a main parameter `<interface>.<pin>`, as is every `bind` of
   * `input`; a pin bound to a component's `receive-command` is a command, returned by its workflow name.
   */
  private readMainPins(interfaces: Pair | undefined, manifest: Manifest): Record<string, ManifestWorkflow> {
    const commands = keyedRecord<ManifestWorkflow>();
    const map = this.mapAt(interfaces, "`application.interfaces`", "map interface names to pins");
    for (const iface of map?.items ?? []) {
      const ifaceName = this.keyText(iface);
      if (this.isEmpty(iface.value)) continue;
      const pins = this.asMap(
        iface.value as Node,
        `\`application.interfaces.${ifaceName}\``,
        "map pin names to pins",
      );
      for (const item of pins?.items ?? []) {
        const written = this.keyText(item);
        this.declaredPins.add(parameterName(ifaceName, written));
        const read = readPin(this, item, `pin \`${pinLabel(ifaceName, written)}\``);
        if (!read) continue;
        for (const [pinName, pin] of expandWildcard(manifest, written, read, (c) => c)) {
          const name = parameterName(ifaceName, pinName);
          this.declaredPins.add(name);
          manifest.pins[name] = pin;
          const node = (item.value as Node | null) ?? item.key;
          const where = { where: `pin \`${pinLabel(ifaceName, pinName)}\`` };
          const targets = pin.targets ?? [];
          if (!targets.every((t) => bindTarget(this, manifest, node, name, t, where))) continue;
          const parameter =
            pin.kind === "configuration" ||
            (pin.kind === "bind" &&
              (ifaceName === "input" ||
                targets.some((t) => isConfigurationTarget(manifest, t.component, t))));
          if (parameter) {
            this.mainParameter(manifest, name, pin);
            continue;
          }
          const command = targets
            .map((t) => ({ t, p: targetPin(manifest, t) }))
            .find((x) => x.p?.kind === "receive-command");
          if (command) commands[name] = { name, parameters: argumentsOf(command.p!), command: command.t };
        }
      }
    }
    return commands;
  }

  private mainParameter(manifest: Manifest, name: string, pin: Pin): void {
    const param: Manifest["parameters"][string] = { name };
    const type =
      pin.type ?? pin.targets?.map((t) => targetPin(manifest, t)?.type).find((t) => t !== undefined);
    if (type !== undefined) param.type = type;
    for (const target of pin.targets ?? []) {
      const binding = manifest.bindings.find(
        (b) => b.mainParameter === name && b.from === undefined && b.submodule === target.component,
      );
      if (binding && !param.binds)
        param.binds = { submodule: binding.submodule, parameter: binding.submoduleParameter };
    }
    manifest.parameters[name] = param;
  }

  private readDefaults(configuration: Pair | undefined, manifest: Manifest): void {
    const map = this.mapAt(configuration, "`application.configuration`", "map `<interface>.<pin>` to values");
    for (const item of map?.items ?? []) {
      const key = this.keyText(item);
      const param = Object.hasOwn(manifest.parameters, key) ? manifest.parameters[key] : undefined;
      if (!param) {
        // other keys (the service's own settings) are kept by the service, not read here; under `input`, every
        // key is a parameter's default
        if (!key.startsWith("input.") || this.declaredPins.has(key)) continue;
        this.problem(
          item.key,
          `configuration key \`${key}\` names no pin of application.interfaces.input; ` +
            `write \`input.<pin>\` for a declared pin or remove it`,
        );
        continue;
      }
      const node = item.value as Node | null;
      const value = encodeValue(
        isMap(node) || (node && "items" in node)
          ? node.toJSON()
          : (node as { value?: unknown } | null)?.value,
      );
      if (!value) continue;
      param.default = value.text;
      if (value.encoding) param.defaultEncoding = value.encoding;
    }
  }
}

/** The pin a bind target names, when its component declares it. */
function targetPin(manifest: Manifest, target: PinTarget): Pin | undefined {
  const component = Object.hasOwn(manifest.components, target.component)
    ? manifest.components[target.component]
    : undefined;
  const key = `${target.interface}.${target.pin}`;
  return component && Object.hasOwn(component.pins, key) ? component.pins[key] : undefined;
}

/** How messages name a main pin: `input`'s by its pin name, the others' as `<interface>.<pin>`. */
function pinLabel(interfaceName: string, pin: string): string {
  return interfaceName === "input" ? pin : parameterName(interfaceName, pin);
}

function argumentsOf(pin: Pin): ManifestWorkflow["parameters"] {
  const parameters = keyedRecord<{ name: string }>();
  for (const name of Object.keys(pin.arguments ?? {})) parameters[name] = { name };
  return parameters;
}

export { SUBMODULE_TYPE };
