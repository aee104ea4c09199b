// Reading a YAML node tree with every problem tied to its line, so a user can jump from the error straight to
// the offending key. The manifest's readers share it.
import { isMap, isScalar, type LineCounter, type Node, type Pair, type YAMLMap } from "yaml";
import type { ManifestProblem } from "./types";

export class YamlReader {
  readonly problems: ManifestProblem[] = [];
  constructor(private readonly lines: LineCounter) {}

  entry(map: YAMLMap, key: string): Pair | undefined {
    return map.items.find((p) => this.keyText(p) === key) as Pair | undefined;
  }

  keyText(pair: Pair): string {
    return this.scalarText(pair.key) ?? String(pair.key);
  }

  scalarText(node: unknown): string | undefined {
    if (!isScalar(node) || node.value === null || typeof node.value === "object") return undefined;
    return String(node.value);
  }

  /** Whether the node is absent or an empty scalar (`backup:` with nothing under it). */
  isEmpty(node: unknown): boolean {
    return node === null || node === undefined || (isScalar(node) && node.value === null);
  }

  /** The mapping that is the value of `pair`; none, without a problem, when the key is absent. */
  mapAt(pair: Pair | undefined, what: string, fix: string): YAMLMap | undefined {
    return pair && this.asMap(pair.value as Node, what, fix);
  }

  asMap(node: Node | null | undefined, what: string, fix: string): YAMLMap | undefined {
    if (isMap(node)) return node;
    this.problem(node, `${what} must be a mapping; ${fix}`);
    return undefined;
  }

  problem(node: unknown, message: string): void {
    const offset = (node as { range?: [number, number, number] } | null)?.range?.[0];
    if (offset === undefined) {
      this.problems.push({ message });
      return;
    }
    const pos = this.lines.linePos(offset);
    this.problems.push({ message, line: pos.line, column: pos.col });
  }
}

/**
 * A record without a prototype: keys named like Object members (`constructor`, `__proto__`, ...) are
 * plain keys, so a lookup of an undeclared name finds nothing and an assignment stores an own entry.
 */
export function keyedRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
