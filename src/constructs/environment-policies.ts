// An environment's policies as the service exports and imports them: YAML text, read from a file in the
// repository or given inline. The text is passed on as it is (the provider compares it by meaning); the
// Environment construct checks at synth that it parses, naming the file.

import { readFileSync } from "node:fs";

export class EnvironmentPolicies {
  /** Reads a policies file (e.g. one `appmgmt` or the service's console exported); a problem names the file. */
  static fromFile(file: string): EnvironmentPolicies {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (err) {
      throw new Error(`cannot read environment policies ${file}: ${(err as Error).message}`, { cause: err });
    }
    return new EnvironmentPolicies(text, file);
  }

  /** Policies given as YAML text (a mapping, e.g. `policies: [...]`). */
  static fromString(yamlText: string): EnvironmentPolicies {
    return new EnvironmentPolicies(yamlText);
  }

  private constructor(
    /** The YAML text, as given. */
    readonly yaml: string,
    /** The file it was read from, for the errors that name it. */
    readonly file?: string,
  ) {}
}
