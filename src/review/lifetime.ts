// A change of auto_destroy_after, named as what it does on the service (issue 39 item 7): the provider moves the
// instance's scheduled destroy in place (src/provider/instance/lifetime.ts), counting a new lifetime from the
// apply, or cancels it; no workflow runs and nothing is relaunched.

import { shown, type Obj } from "./plan-values";
import type { ValueChange } from "./types";

export const LIFETIME_ATTRIBUTE = "auto_destroy_after";

/** The row and the words for a changed auto_destroy_after; undefined when it stays. */
export function lifetimeChange(
  before: Obj,
  after: Obj,
  afterUnknown: unknown,
): { row: ValueChange; words: string } | undefined {
  const was = before[LIFETIME_ATTRIBUTE] ?? null;
  const will = after[LIFETIME_ATTRIBUTE] ?? null;
  const unknown = (afterUnknown as Obj | undefined)?.[LIFETIME_ATTRIBUTE] === true;
  if (!unknown && was === will) return undefined;
  const row: ValueChange = {
    attribute: LIFETIME_ATTRIBUTE,
    before: shown(before, [LIFETIME_ATTRIBUTE], undefined, undefined),
    after: shown(after, [LIFETIME_ATTRIBUTE], afterUnknown, undefined),
  };
  const words =
    typeof will === "string"
      ? `move the service's scheduled destroy to ${will} after this apply (auto_destroy_after)`
      : unknown
        ? "move the service's scheduled destroy (auto_destroy_after, known after apply)"
        : "cancel the service's scheduled destroy (auto_destroy_after removed: never destroyed on its own)";
  return { row, words };
}
