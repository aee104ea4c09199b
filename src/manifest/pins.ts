// The pins of the service's manifest form: `configuration(<type>)`, `publish-signal(<type>)`,
// `consume-signal(<type>)`, `send-command(<args> => <results>)`, `receive-command(...)` and
// `bind(<component path>#<interface>.<pin>, ...)`. A pin of another kind is kept as written; only text that is
// no pin at all is malformed.
import type { Pin, PinTarget } from "./types";

const PIN = /^([A-Za-z][\w.-]*)\s*\(([\s\S]*)\)$/;
const TARGET = /^([^#()\s,]+)#([^#.()\s,]+)\.([^#()\s,]+)$/;

/** The pin `text` declares, or undefined when it is no pin (`text`, `bind(db)`). */
export function parsePin(text: string): Pin | undefined {
  const match = PIN.exec(text.trim());
  if (!match) return undefined;
  const [, kind, inside] = match;
  const body = inside.trim();
  if (kind === "bind") {
    const targets: PinTarget[] = [];
    for (const part of splitTopLevel(body, ",")) {
      const t = TARGET.exec(part.trim());
      if (!t) return undefined;
      targets.push({ component: t[1], interface: t[2], pin: t[3] });
    }
    return targets.length > 0 ? { kind, text, targets } : undefined;
  }
  if (kind === "send-command" || kind === "receive-command")
    return { kind, text, arguments: commandArguments(body) };
  return body === "" ? { kind, text } : { kind, text, type: body };
}

/** `string id, int count => object result` → { id: "string", count: "int" }: what a command run takes. */
function commandArguments(signature: string): Record<string, string> {
  const args: Record<string, string> = {};
  const [given] = signature.split("=>");
  for (const declaration of splitTopLevel(given, ",")) {
    const words = /^(.*\S)\s+([\w.-]+)$/.exec(declaration.trim());
    if (words) args[words[2]] = words[1];
  }
  return args;
}

/** Splits on `separator` outside `<...>` (a type such as `map<string, object>` holds commas). */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "<") depth++;
    else if (text[i] === ">" && text[i - 1] !== "=") depth = Math.max(0, depth - 1);
    else if (text[i] === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.filter((p) => p.trim() !== "");
}
