// Test controls over the words an instance's status is answered in: the older vocabulary some of the service's
// clients wait for (`Active`, `Launching`, `Error`: docs/service-api.md, "Status words"), and `Unknown` for the
// instances a test names (the word a status read gives while the service cannot tell).
import { OLDER_STATUS_WORDS, type InstanceStatusWord, type WireInstanceStatus } from "../service/wire";

export type StatusVocabulary = "current" | "older";

export class StatusWords {
  private vocabulary: StatusVocabulary = "current";
  private readonly unknown = new Set<string>();

  /** Answer statuses in `vocabulary` from now on. */
  use(vocabulary: StatusVocabulary): void {
    if (vocabulary !== "current" && vocabulary !== "older")
      throw new Error(`status vocabulary ${JSON.stringify(vocabulary)} is neither "current" nor "older"`);
    this.vocabulary = vocabulary;
  }

  get current(): StatusVocabulary {
    return this.vocabulary;
  }

  /** Whether status reads of instance `id` (and its list entries) answer `Unknown`, whatever it does. */
  reportUnknown(id: string, on = true): void {
    if (on) this.unknown.add(id);
    else this.unknown.delete(id);
  }

  /** The word a status read shows for `status` of instance `id` (`launching`: its launch is under way). */
  word(id: string, status: InstanceStatusWord, launching: boolean): InstanceStatusWord {
    if (this.unknown.has(id)) return "Unknown";
    if (this.vocabulary === "current") return status;
    if (launching && status === "Executing") return "Launching";
    return (OLDER_STATUS_WORDS as Partial<Record<string, InstanceStatusWord>>)[status] ?? status;
  }

  /** `status` as answered: its own word and those of its components. */
  answer(status: WireInstanceStatus, launching: boolean): WireInstanceStatus {
    if (this.vocabulary === "current" && this.unknown.size === 0) return status;
    return {
      ...status,
      status: this.word(status.id, status.status, launching),
      components: status.components.map((c) => ({ ...c, status: this.word(c.id, c.status, launching) })),
    };
  }
}
