// `components` of the service's manifest form, any type and any depth: every component is kept by its path with
// its pins and configuration; a `reference.Submodule` also becomes a submodule the rules judge. A component inside
// another component is addressed by a dotted path (`web.workflow`); the children a submodule restates from its
// application's manifest by a `/` path key (`db/replica`), which is what `submodules` takes.
import { isMap, isSeq, type Node, type Pair, type YAMLMap } from "yaml";
import { parsePin } from "./pins";
import { parameterName } from "../service/limits";
import { encodeValue } from "./typed-values";
import { bindTarget, isConfigurationTarget, SUBMODULE_TYPE } from "./submodule-bindings";
import type { Manifest, ManifestComponent, ManifestSubmodule, Pin } from "./types";
import { expandWildcard } from "./wildcards";
import { keyedRecord, type YamlReader } from "./yaml-reader";

const LOCATOR_KEY = "__locator.application-id";

/** Where a components mapping sits: inside a submodule (restated children) or another component, or at the top. */
interface Container {
  path?: string;
  submodule?: ManifestSubmodule;
}

export class ComponentsReader {
  constructor(
    private readonly r: YamlReader,
    private readonly manifest: Manifest,
  ) {}

  read(pair: Pair | undefined, container: Container = {}): void {
    const what = container.path ? `component \`${container.path}\` components` : "`application.components`";
    const map = this.r.mapAt(pair, what, "map component names to components");
    for (const item of map?.items ?? []) {
      const key = this.r.keyText(item);
      const separator = container.submodule ? "/" : ".";
      const path = container.path ? `${container.path}${separator}${key}` : key;
      const where = `component \`${path}\``;
      if (key.includes("/") || key === "") {
        this.r.problem(
          item.key,
          `${where}: a component name is not empty and has no \`/\` (it separates nested submodules); rename it`,
        );
        continue;
      }
      const comp = this.r.asMap(
        item.value as Node,
        where,
        "give it `type`, `interfaces` and `configuration`",
      );
      if (comp) this.component(comp, path, where, container);
    }
  }

  /**
   * `bindings: [[a, b], ...]` of the application or of the component `container`: each end names a component,
   * or one of its interfaces (`workflow#compute`).
   */
  readBindings(pair: Pair | undefined, container?: string): void {
    if (!pair) return;
    const where = container ? `component \`${container}\` bindings` : "`application.bindings`";
    if (!isSeq(pair.value)) {
      this.r.problem(pair.value ?? pair.key, `${where} must be a list of component pairs, e.g. - [web, db]`);
      return;
    }
    for (const entry of pair.value.items) {
      const ends = isSeq(entry) ? entry.items.map((n) => this.r.scalarText(n)) : [];
      if (ends.length !== 2 || ends.some((e) => e === undefined)) {
        this.r.problem(entry, `${where}: each entry is a pair of component paths, e.g. - [web.workflow, db]`);
        continue;
      }
      // an end may name one of the component's interfaces, `component#interface`: the pair is of components
      const [from, to] = ends.map((e) => {
        const component = e!.split("#")[0];
        return container ? `${container}.${component}` : component;
      }) as [string, string];
      for (const end of [from, to])
        if (!Object.hasOwn(this.manifest.components, end))
          this.r.problem(entry, `${where}: \`${end}\` names no component; use one of: ${this.paths()}`);
      this.manifest.componentBindings.push([from, to]);
    }
  }

  private component(comp: YAMLMap, path: string, where: string, container: Container): void {
    const type = this.r.scalarText(this.r.entry(comp, "type")?.value);
    const configNode = this.r.entry(comp, "configuration")?.value;
    const configuration = isMap(configNode) ? (configNode.toJSON() as Record<string, unknown>) : {};
    const component: ManifestComponent = { path, pins: keyedRecord(), configuration };
    if (type !== undefined) component.type = type;
    // parents before their children; its pins after its children, whose pins a wildcard exposes
    this.manifest.components[path] = component;
    if (type !== SUBMODULE_TYPE) {
      this.read(this.r.entry(comp, "components"), { path, submodule: container.submodule });
      component.pins = this.pins(comp, where, (c) => `${path}.${c}`);
      this.readBindings(this.r.entry(comp, "bindings"), path);
      return;
    }
    const submodule: ManifestSubmodule = { name: path, parameters: keyedRecord() };
    if (container.submodule) submodule.parent = container.submodule.name;
    const locator = configuration[LOCATOR_KEY];
    if (locator !== undefined && locator !== null) submodule.applicationId = String(locator);
    this.manifest.submodules[path] = submodule;
    // its restated children first: its pins may bind their parameters
    this.read(this.r.entry(comp, "components"), { path, submodule });
    const childPath = (c: string) => `${path}/${c}`;
    component.pins = this.pins(comp, where, childPath);
    for (const [name, pin] of Object.entries(component.pins)) {
      if (pin.kind === "configuration") {
        // the component's configuration may restate the submodule's default (withSubmoduleManifests writes it)
        const restated = encodeValue(configuration[name])?.text;
        submodule.parameters[name] = restated === undefined ? { name } : { name, default: restated };
      }
      if (pin.kind !== "bind") continue;
      const input = name.startsWith("input.");
      // a pin of another interface is a parameter when it binds one (a signal or command pin is not)
      if (
        !input &&
        !pin.targets!.some((t) => isConfigurationTarget(this.manifest, childPath(t.component), t))
      )
        continue;
      const node = this.pinNode(comp, name);
      const owner = { where: `${where} pin \`${input ? name.slice("input.".length) : name}\``, submodule };
      const bound = pin.targets!.every((t) => bindTarget(this.r, this.manifest, node, name, t, owner));
      // a pin that binds a child's parameter is still a parameter of this submodule, set under its key
      if (bound) submodule.parameters[name] = { name };
    }
  }

  /**
   * Every pin of the component's interfaces by `<interface>.<pin>`, wildcards expanded from the components
   * `pathOf` resolves; a pin that is no pin is a problem.
   */
  private pins(comp: YAMLMap, where: string, pathOf: (component: string) => string): Record<string, Pin> {
    const pins = keyedRecord<Pin>();
    const interfaces = this.r.mapAt(this.r.entry(comp, "interfaces"), `${where} interfaces`, "use a mapping");
    for (const iface of interfaces?.items ?? []) {
      const ifaceName = this.r.keyText(iface);
      if (this.r.isEmpty(iface.value)) continue;
      const map = this.r.asMap(
        iface.value as Node,
        `${where} interface \`${ifaceName}\``,
        "map pin names to pins",
      );
      for (const item of map?.items ?? []) {
        const pin = readPin(this.r, item, `${where} pin \`${this.r.keyText(item)}\``);
        if (!pin) continue;
        for (const [name, each] of expandWildcard(this.manifest, this.r.keyText(item), pin, pathOf))
          pins[parameterName(ifaceName, name)] = each;
      }
    }
    return pins;
  }

  private pinNode(comp: YAMLMap, name: string): unknown {
    const [iface, ...rest] = name.split(".");
    const interfaces = this.r.entry(comp, "interfaces")?.value as YAMLMap;
    const map = this.r.entry(interfaces, iface)?.value as YAMLMap;
    // an expanded wildcard: its line is the wildcard's
    const pair =
      this.r.entry(map, rest.join(".")) ?? map?.items.find((p) => this.r.keyText(p as Pair) === "*");
    return pair?.value ?? pair?.key;
  }

  private paths(): string {
    return Object.keys(this.manifest.components).join(", ") || "(none declared)";
  }
}

/**
 * The pin an interface entry declares: `name: <pin>` or `name: {type: <pin>, ...}` (a label, suggestions and the
 * like are kept by the service, not read here); undefined, with the problem, when it is no pin.
 */
export function readPin(r: YamlReader, item: Pair, where: string): Pin | undefined {
  const value = isMap(item.value) ? r.entry(item.value, "type")?.value : item.value;
  const text = r.scalarText(value);
  const pin = text === undefined ? undefined : parsePin(text);
  if (!pin)
    r.problem(
      (item.value as Node | null) ?? item.key,
      `${where} is \`${text ?? "(empty)"}\`; write a pin such as \`configuration(string)\`, ` +
        "`bind(<component>#<interface>.<pin>)`, `publish-signal(string)` or `receive-command()`",
    );
  return pin;
}
