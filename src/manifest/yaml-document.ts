// The YAML of a manifest as the service's own clients read it (YAML 1.1 readers): anchors, aliases and merge keys
// (`<<: *base`) resolved in the node tree, so every reader sees plain mappings with their lines; a flow mapping or
// sequence whose closing bracket is indented less than its key accepted, with a leniency naming the line. The
// expansion of aliases is bounded: a manifest whose aliases expand past MAX_ALIAS_NODES (a "billion laughs") is
// refused, never expanded.
import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Document,
  type Node,
  type YAMLMap,
} from "yaml";
import type { ManifestProblem } from "./types";

/** Nodes the copies of aliased nodes may add to a manifest, all aliases together. */
export const MAX_ALIAS_NODES = 10_000;
/** Closing brackets re-indented before the text is taken as not YAML. */
const MAX_LENIENCIES = 64;

export interface YamlDocument {
  doc: Document.Parsed;
  lines: LineCounter;
  /** What a YAML 1.1 reader accepts and a YAML 1.2 one does not, by line. */
  leniencies: ManifestProblem[];
}

/** The document with its aliases resolved, or the problems that make it no manifest (with their lines). */
export function readYamlDocument(text: string): YamlDocument | { problems: ManifestProblem[] } {
  const leniencies: ManifestProblem[] = [];
  let source = text;
  for (;;) {
    const lines = new LineCounter();
    const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false });
    const [first] = doc.errors;
    const at = first ? indentedClose(source, first.code, first.pos[0]) : undefined;
    if (at && leniencies.length < MAX_LENIENCIES) {
      const { line } = lines.linePos(first.pos[0]);
      leniencies.push({
        message:
          `the closing \`${source[first.pos[0]]}\` is indented less than its key; YAML 1.1 readers (the service's ` +
          "clients) accept it, YAML 1.2 does not: indent it past its key",
        line,
      });
      source = source.slice(0, at.lineStart) + " ".repeat(at.indent) + source.slice(at.lineStart).trimStart();
      continue;
    }
    if (first)
      return {
        problems: doc.errors.map((e) => {
          const pos = lines.linePos(e.pos[0]);
          return { message: `not valid YAML: ${e.message.split("\n")[0]}`, line: pos.line, column: pos.col };
        }),
      };
    const overflow = new AliasResolver(doc).resolveAll();
    if (overflow) {
      const pos = overflow.range ? lines.linePos(overflow.range[0]) : undefined;
      return {
        problems: [
          {
            message:
              `its aliases expand to more than ${MAX_ALIAS_NODES} nodes; a manifest is refused rather than ` +
              "expanded that far: write the shared parts out, or alias less",
            ...(pos ? { line: pos.line, column: pos.col } : {}),
          },
        ],
      };
    }
    return { doc, lines, leniencies };
  }
}

/**
 * For a bad indentation error at a closing `}` or `]` alone at the start of its line: where that line starts and
 * the indentation that makes it acceptable (one past the line that opened the bracket).
 */
function indentedClose(
  source: string,
  code: string,
  pos: number,
): { lineStart: number; indent: number } | undefined {
  const close = source[pos];
  if (code !== "BAD_INDENT" || (close !== "}" && close !== "]")) return undefined;
  const lineStart = source.lastIndexOf("\n", pos - 1) + 1;
  if (source.slice(lineStart, pos).trim() !== "") return undefined;
  const open = openingBracket(source, pos);
  if (open === undefined) return undefined;
  const openLine = source.lastIndexOf("\n", open - 1) + 1;
  const indent = /^ */.exec(source.slice(openLine))![0].length + 1;
  return indent > pos - lineStart ? { lineStart, indent } : undefined;
}

/** The offset of the bracket the one at `pos` closes (quoted text skipped), if any. */
function openingBracket(source: string, pos: number): number | undefined {
  let depth = 0;
  for (let i = pos - 1; i >= 0; i--) {
    const c = source[i];
    if (c === '"' || c === "'") {
      const start = source.lastIndexOf(c, i - 1);
      if (start >= 0 && !source.slice(start, i).includes("\n")) i = start;
    } else if (c === "}" || c === "]") depth++;
    else if (c === "{" || c === "[") {
      if (depth === 0) return i;
      depth--;
    }
  }
  return undefined;
}

/** Replaces aliases by copies of their anchors' nodes and merge keys by the merged pairs, within the budget. */
class AliasResolver {
  private budget = MAX_ALIAS_NODES;
  /** Nodes already resolved, with their sizes in nodes. */
  private readonly sizes = new Map<Node, number>();
  /** Nodes being resolved: an alias to one of them is an alias inside its own anchor, endless. */
  private readonly open = new Set<Node>();

  constructor(private readonly doc: Document.Parsed) {}

  /** The alias that would overflow the budget, or undefined when all are resolved. */
  resolveAll(): Node | undefined {
    try {
      if (this.doc.contents)
        this.doc.contents = this.resolve(this.doc.contents as Node) as Document.Parsed["contents"];
      return undefined;
    } catch (e) {
      if (e instanceof Overflow) return e.at;
      throw e;
    }
  }

  private resolve(node: Node): Node {
    if (isAlias(node)) {
      const source = node.resolve(this.doc) as Node | undefined;
      if (!source) return node;
      const size = this.sizeOf(source);
      this.budget -= size;
      if (this.budget < 0) throw new Overflow(node);
      const copy = isScalar(source) || isMap(source) || isSeq(source) ? (source.clone() as Node) : source;
      if ("anchor" in copy) delete (copy as { anchor?: string }).anchor;
      return copy;
    }
    if (this.sizes.has(node)) return node;
    if (this.open.has(node)) throw new Overflow(node);
    this.open.add(node);
    let size = 1;
    if (isSeq(node)) {
      node.items = node.items.map((item) => this.resolve(item as Node));
      for (const item of node.items) size += this.sizes.get(item as Node) ?? this.sizeOf(item as Node);
    } else if (isMap(node)) {
      for (const pair of node.items) {
        if (pair.key) pair.key = this.resolve(pair.key as Node);
        if (pair.value) pair.value = this.resolve(pair.value as Node);
      }
      this.merge(node);
      for (const pair of node.items) size += 1 + (pair.value ? this.sizeOf(pair.value as Node) : 0);
    }
    this.open.delete(node);
    this.sizes.set(node, size);
    return node;
  }

  private sizeOf(node: Node): number {
    const known = this.sizes.get(node);
    if (known !== undefined) return known;
    this.resolve(node);
    return this.sizes.get(node) ?? 1;
  }

  /** `<<: <map>` or `<<: [<map>, ...]`: their pairs whose keys the mapping does not have, earlier maps first. */
  private merge(map: YAMLMap): void {
    const merges = map.items.filter((p) => isPair(p) && isScalar(p.key) && p.key.value === "<<");
    if (merges.length === 0) return;
    const own = map.items.filter((p) => !merges.includes(p));
    const keys = new Set(own.map((p) => (isScalar(p.key) ? p.key.value : p.key)));
    const merged = [];
    for (const pair of merges) {
      const value = pair.value as Node | null;
      const sources = isSeq(value) ? (value.items as Node[]) : [value];
      if (!sources.every((s) => isMap(s))) return; // not a merge the reader understands: kept as written
      for (const source of sources as YAMLMap[])
        for (const p of source.items) {
          const key = isScalar(p.key) ? p.key.value : p.key;
          if (keys.has(key)) continue;
          keys.add(key);
          merged.push(p.clone());
        }
    }
    map.items = [...own, ...merged];
  }
}

class Overflow extends Error {
  constructor(readonly at: Node) {
    super("alias expansion overflow");
  }
}
