// Parser for the application manifest subset of ARCHITECTURE.md §4. Every problem carries the line where it sits, so
// a user can jump from the error straight to the offending key.
import { isMap, isScalar, LineCounter, parseDocument, type Node, type Pair, type YAMLMap } from "yaml";
import { WORKFLOW_NAME } from "../service-limits";
import type { Binding, Manifest, ManifestProblem, ManifestSubmodule, ManifestWorkflow } from "./types";

const SUBMODULE_TYPE = "reference.Submodule";
const LOCATOR_KEY = "__locator.application-id";
const CONFIGURATION_PIN = /^configuration\(string\)$/;
const BIND_PIN = /^bind\(([^#()\s]+)#input\.([^#()\s]+)\)$/;
/** Workflows the service runs through calls of their own (launch, PUT .../configuration, destroy). */
export const RESERVED_WORKFLOWS = ["launch", "reconfigure", "destroy"] as const;

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
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter, prettyErrors: false });
  if (doc.errors.length > 0) {
    throw new ManifestError(
      doc.errors.map((e) => {
        const pos = lineCounter.linePos(e.pos[0]);
        return { message: `not valid YAML: ${e.message.split("\n")[0]}`, line: pos.line, column: pos.col };
      }),
    );
  }
  const reader = new ManifestReader(lineCounter);
  const manifest = reader.read(doc.contents);
  if (reader.problems.length > 0) throw new ManifestError(reader.problems);
  return manifest;
}

/** Default value of every main parameter ("" when the manifest gives none). */
export function manifestDefaults(manifest: Manifest): Record<string, string> {
  const defaults: Record<string, string> = {};
  for (const p of Object.values(manifest.parameters)) defaults[p.name] = p.default ?? "";
  return defaults;
}

/**
 * A record without a prototype: keys named like Object members (`constructor`, `__proto__`, ...) are
 * plain keys, so a lookup of an undeclared name finds nothing and an assignment stores an own entry.
 */
function keyedRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

class ManifestReader {
  readonly problems: ManifestProblem[] = [];
  /** Main pins seen, valid or not, so a broken pin does not also flag its default as unknown. */
  private readonly declaredPins = new Set<string>();
  constructor(private readonly lines: LineCounter) {}

  read(root: Node | null): Manifest {
    const manifest: Manifest = { parameters: keyedRecord(), submodules: keyedRecord(), bindings: [] };
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

    this.readComponents(this.entry(app, "components"), manifest);
    this.readMainPins(this.entry(app, "interfaces"), manifest);
    this.readDefaults(this.entry(app, "configuration"), manifest);
    const workflows = this.entry(app, "workflows");
    if (workflows) manifest.workflows = this.readWorkflows(workflows);
    return manifest;
  }

  private readWorkflows(pair: Pair): Record<string, ManifestWorkflow> {
    const workflows = keyedRecord<ManifestWorkflow>();
    const map = this.mapAt(pair, "`application.workflows`", "map workflow names to `parameters:` mappings");
    if (!map) return workflows;
    for (const item of map.items) {
      const name = this.keyText(item);
      const where = `workflow \`${name}\``;
      if (!WORKFLOW_NAME.test(name)) {
        this.problem(
          item.key,
          `${where}: names are letters, digits, \`.\`, \`_\` and \`-\`, a letter or digit first`,
        );
        continue;
      }
      if ((RESERVED_WORKFLOWS as readonly string[]).includes(name)) {
        this.problem(
          item.key,
          `${where} is run by the service itself (launch, reconfigure and destroy are not declared); rename it`,
        );
        continue;
      }
      const workflow: ManifestWorkflow = { name, parameters: keyedRecord() };
      workflows[name] = workflow;
      // `backup:` with nothing under it, or `backup: {}`, declares a workflow without parameters.
      if (item.value === null || (isScalar(item.value) && item.value.value === null)) continue;
      const body = this.asMap(item.value as Node, where, "give it a `parameters:` mapping (or nothing)");
      if (!body) continue;
      for (const key of body.items) {
        if (this.keyText(key) !== "parameters")
          this.problem(
            key.key,
            `${where} has unknown key \`${this.keyText(key)}\`; only \`parameters\` is supported`,
          );
      }
      const params = this.mapAt(
        this.entry(body, "parameters"),
        `${where} parameters`,
        "map names to `configuration(string)`",
      );
      for (const param of params?.items ?? []) {
        const paramName = this.keyText(param);
        const value = this.scalarText(param.value);
        if (value === undefined || !CONFIGURATION_PIN.test(value)) {
          this.problem(
            param.value ?? param.key,
            `${where} parameter \`${paramName}\` is \`${value ?? "(empty)"}\`; write \`configuration(string)\``,
          );
          continue;
        }
        workflow.parameters[paramName] = { name: paramName };
      }
    }
    return workflows;
  }

  /**
   * Reads `components` (of the application, or of the submodule `parent`) into manifest.submodules by path
   * key, each before its own components, whose parameters its pins may bind.
   */
  private readComponents(pair: Pair | undefined, manifest: Manifest, parent?: ManifestSubmodule): void {
    const what = parent ? `component \`${parent.name}\` components` : "`application.components`";
    const map = this.mapAt(pair, what, "map component names to components");
    if (!map) return;
    for (const item of map.items) {
      const key = this.keyText(item);
      const name = parent ? `${parent.name}/${key}` : key;
      const where = `component \`${name}\``;
      if (key.includes("/") || key === "") {
        this.problem(
          item.key,
          `${where}: a component name is not empty and has no \`/\` (it separates nested submodules); rename it`,
        );
        continue;
      }
      const comp = this.asMap(item.value as Node, where, "give it `type`, `configuration` and `interfaces`");
      if (!comp) continue;
      const type = this.scalarText(this.entry(comp, "type")?.value);
      if (type !== SUBMODULE_TYPE) {
        this.problem(
          this.entry(comp, "type")?.value ?? item.key,
          `${where} has ${type === undefined ? "no type" : `unknown type \`${type}\``}; the only supported type is \`${SUBMODULE_TYPE}\``,
        );
        continue;
      }
      const submodule: ManifestSubmodule = { name, parameters: keyedRecord() };
      if (parent) submodule.parent = parent.name;
      const configMap = this.mapAt(
        this.entry(comp, "configuration"),
        `${where} configuration`,
        "use a mapping",
      );
      const locator = configMap && this.entry(configMap, LOCATOR_KEY);
      if (locator) submodule.applicationId = this.scalarText(locator.value);
      manifest.submodules[name] = submodule;
      this.readComponents(this.entry(comp, "components"), manifest, submodule);
      const input = this.inputPins(comp, where);
      for (const pin of input?.items ?? []) {
        const pinName = this.keyText(pin);
        const value = this.scalarText(pin.value);
        const pinParameter = `input.${pinName}`;
        if (value !== undefined && CONFIGURATION_PIN.test(value)) {
          submodule.parameters[pinParameter] = { name: pinParameter };
          continue;
        }
        const owner = { where: `${where} pin \`${pinName}\``, submodule };
        const binding = this.binding(pin, pinParameter, value, owner, manifest);
        // a pin that binds a submodule's parameter is still a parameter of this submodule, set under its key
        if (binding) submodule.parameters[pinParameter] = { name: pinParameter };
      }
    }
  }

  private readMainPins(interfaces: Pair | undefined, manifest: Manifest): void {
    const map = this.mapAt(interfaces, "`application.interfaces`", "give it an `input:` mapping");
    const inputPair = map && this.entry(map, "input");
    const input = this.mapAt(inputPair, "`application.interfaces.input`", "map pin names to pins");
    if (!input) return;
    for (const pin of input.items) {
      const pinName = this.keyText(pin);
      const name = `input.${pinName}`;
      this.declaredPins.add(name);
      const value = this.scalarText(pin.value);
      if (value !== undefined && CONFIGURATION_PIN.test(value)) {
        manifest.parameters[name] = { name };
        continue;
      }
      const binding = this.binding(pin, name, value, { where: `pin \`${pinName}\`` }, manifest);
      if (binding)
        manifest.parameters[name] = {
          name,
          binds: { submodule: binding.submodule, parameter: binding.submoduleParameter },
        };
    }
  }

  /**
   * The binding a pin `bind(<component>#input.<pin>)` declares, recorded in the manifest; undefined, with the
   * problem, when the pin is neither that nor `configuration(string)`, or binds what it cannot. The main
   * manifest's pins bind its top-level components; a submodule's pins (owner.submodule) bind its own.
   */
  private binding(
    pin: Pair,
    parameter: string,
    value: string | undefined,
    owner: { where: string; submodule?: ManifestSubmodule },
    manifest: Manifest,
  ): Binding | undefined {
    const node = (pin.value as Node | null) ?? pin.key;
    const bind = value === undefined ? null : BIND_PIN.exec(value);
    if (!bind) {
      this.problem(
        node,
        `${owner.where} is \`${value ?? "(empty)"}\`; write \`configuration(string)\` or \`bind(<component>#input.<pin>)\``,
      );
      return undefined;
    }
    const [, component, target] = bind;
    const parentPath = owner.submodule?.name;
    const path = parentPath ? `${parentPath}/${component}` : component;
    const children = Object.values(manifest.submodules)
      .filter((s) => s.parent === parentPath)
      .map((s) => s.name.slice(parentPath ? parentPath.length + 1 : 0));
    const submodule = children.includes(component) ? manifest.submodules[path] : undefined;
    const targetName = `input.${target}`;
    if (!submodule) {
      const declareAt = parentPath ? `component \`${parentPath}\` components` : "`application.components`";
      this.problem(
        node,
        `${owner.where} binds unknown component \`${component}\`; ` +
          (children.length ? `use one of: ${children.join(", ")}` : `declare it under ${declareAt}`),
      );
      return undefined;
    }
    if (!submodule.parameters[targetName]) {
      this.problem(
        node,
        `${owner.where} binds \`${component}#${targetName}\`, which component \`${path}\` does not declare; ` +
          `add \`${target}: configuration(string)\` to its interfaces.input`,
      );
      return undefined;
    }
    const declared = submodule.parameters[targetName];
    if (declared.boundBy !== undefined) {
      const by = declared.boundIn ? `${declared.boundIn}#${declared.boundBy}` : declared.boundBy;
      this.problem(
        node,
        `${owner.where} binds \`${component}#${targetName}\`, which \`${by}\` already binds; ` +
          `bind each submodule parameter from one ${parentPath ? "" : "main "}parameter only`,
      );
      return undefined;
    }
    declared.boundBy = parameter;
    if (parentPath) declared.boundIn = parentPath;
    const binding: Binding = { mainParameter: parameter, submodule: path, submoduleParameter: targetName };
    if (parentPath) binding.from = parentPath;
    manifest.bindings.push(binding);
    return binding;
  }

  private readDefaults(configuration: Pair | undefined, manifest: Manifest): void {
    const map = this.mapAt(configuration, "`application.configuration`", "map `input.<pin>` to values");
    if (!map) return;
    for (const item of map.items) {
      const key = this.keyText(item);
      const param = manifest.parameters[key];
      if (!param) {
        if (this.declaredPins.has(key)) continue;
        this.problem(
          item.key,
          `configuration key \`${key}\` names no pin of application.interfaces.input; ` +
            `write \`input.<pin>\` for a declared pin or remove it`,
        );
        continue;
      }
      const value = this.scalarText(item.value);
      if (value === undefined) {
        this.problem(
          item.value ?? item.key,
          `default of \`${key}\` must be a scalar value, e.g. \`${key}: "1"\``,
        );
        continue;
      }
      param.default = value;
    }
  }

  private inputPins(comp: YAMLMap, where: string): YAMLMap | undefined {
    const interfacesMap = this.mapAt(this.entry(comp, "interfaces"), `${where} interfaces`, "use a mapping");
    const input = interfacesMap && this.entry(interfacesMap, "input");
    if (!input) {
      this.problem(comp, `${where} has no \`interfaces.input\`; declare its parameters there`);
      return undefined;
    }
    return this.mapAt(input, `${where} interfaces.input`, "map pin names to `configuration(string)`");
  }

  private entry(map: YAMLMap, key: string): Pair | undefined {
    return map.items.find((p) => this.keyText(p) === key) as Pair | undefined;
  }

  private keyText(pair: Pair): string {
    return this.scalarText(pair.key) ?? String(pair.key);
  }

  private scalarText(node: unknown): string | undefined {
    if (!isScalar(node) || node.value === null || typeof node.value === "object") return undefined;
    return String(node.value);
  }

  /** The mapping that is the value of `pair`; none, without a problem, when the key is absent. */
  private mapAt(pair: Pair | undefined, what: string, fix: string): YAMLMap | undefined {
    return pair && this.asMap(pair.value as Node, what, fix);
  }

  private asMap(node: Node | null | undefined, what: string, fix: string): YAMLMap | undefined {
    if (isMap(node)) return node;
    this.problem(node, `${what} must be a mapping; ${fix}`);
    return undefined;
  }

  private problem(node: unknown, message: string): void {
    const offset = (node as { range?: [number, number, number] } | null)?.range?.[0];
    if (offset === undefined) {
      this.problems.push({ message });
      return;
    }
    const pos = this.lines.linePos(offset);
    this.problems.push({ message, line: pos.line, column: pos.col });
  }
}
