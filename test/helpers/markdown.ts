// Reads a review's Markdown back with a real Markdown parser (markdown-it, GFM tables), so tests check what
// a code host renders: the headings, the tables cell by cell, and the <details> blocks.
import MarkdownIt from "markdown-it";

export interface MarkdownSection {
  /** Heading text (inline markup removed). */
  heading: string;
  level: number;
  /** Paragraphs and list items, as rendered text. */
  paragraphs: string[];
  /** Each table as rows of cell texts, the header row first. */
  tables: string[][][];
  /**
   * Fenced code blocks in order: the info string's first word (`lang`: "sh", "json", "" when none), the whole
   * info string (e.g. "ts main.ts") and the text.
   */
  code: { lang: string; info: string; content: string }[];
}

const md = new MarkdownIt({ html: true });
type Token = MarkdownIt.Token;

/** The plain text of an inline token: code spans, emphasis and escapes resolved. */
function inlineText(token: Token): string {
  return (token.children ?? []).map((c) => (c.type === "softbreak" ? "\n" : c.content)).join("");
}

/** Splits the document at headings; text before the first heading is a section with heading "". */
export function parseMarkdown(text: string): MarkdownSection[] {
  const tokens = md.parse(text, {});
  const sections: MarkdownSection[] = [{ heading: "", level: 0, paragraphs: [], tables: [], code: [] }];
  let table: string[][] | undefined;
  let row: string[] | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const current = sections[sections.length - 1];
    if (t.type === "heading_open") {
      sections.push({
        heading: inlineText(tokens[i + 1]),
        level: Number(t.tag.slice(1)),
        paragraphs: [],
        tables: [],
        code: [],
      });
      i++;
    } else if (t.type === "table_open") {
      table = [];
      current.tables.push(table);
    } else if (t.type === "tr_open") {
      row = [];
      table!.push(row);
    } else if ((t.type === "th_open" || t.type === "td_open") && row) {
      row.push(inlineText(tokens[i + 1]));
      i++;
    } else if (t.type === "inline" && !table) {
      current.paragraphs.push(inlineText(t));
    } else if (t.type === "table_close") {
      table = undefined;
    } else if (t.type === "fence") {
      const info = t.info.trim();
      current.code.push({ lang: info.split(/\s+/)[0] ?? "", info, content: t.content });
    } else if (t.type === "html_block") {
      current.paragraphs.push(t.content.trim());
    }
  }
  return sections;
}

/** Every link target (`[text](href)`, autolinks) and every code span's text of a document, in order. */
export function linksAndCodeSpans(text: string): { links: string[]; codeSpans: string[] } {
  const links: string[] = [];
  const codeSpans: string[] = [];
  const walk = (tokens: Token[]) => {
    for (const t of tokens) {
      if (t.type === "link_open") links.push(String(t.attrGet("href") ?? ""));
      if (t.type === "code_inline") codeSpans.push(t.content);
      if (t.children) walk(t.children);
    }
  };
  walk(md.parse(text, {}));
  return { links, codeSpans };
}
