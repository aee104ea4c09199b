// An application manifest loaded for synth-time validation: the YAML text (passed on to the provider,
// which checks it again at plan time) and its typed view.

import { readFileSync } from "node:fs";
import { ManifestError, manifestDefaults, parseManifest, withSubmoduleHierarchies } from "../manifest";
import type { Binding, Manifest, ManifestParameter, ManifestSubmodule } from "../manifest";

export class ApplicationManifest {
  /** Reads and parses a manifest file; a problem names the file and the line. */
  static fromFile(file: string): ApplicationManifest {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (err) {
      throw new Error(`cannot read application manifest ${file}: ${(err as Error).message}`, { cause: err });
    }
    return ApplicationManifest.parse(text, file);
  }

  /** Parses manifest YAML text; throws a ManifestError listing each problem with its line. */
  static fromYaml(yamlText: string): ApplicationManifest {
    return ApplicationManifest.parse(yamlText);
  }

  private static parse(text: string, file?: string): ApplicationManifest {
    try {
      return new ApplicationManifest(text, parseManifest(text));
    } catch (err) {
      if (file !== undefined && err instanceof ManifestError) err.message = `${file}: ${err.message}`;
      throw err;
    }
  }

  /** Default of every main parameter, keyed `<interface>.<pin>` (e.g. `input.<name>`) ("" where the manifest gives none). */
  readonly defaults: Readonly<Record<string, string>>;

  private constructor(
    /** The YAML text, as given. */
    readonly yaml: string,
    /** The parsed manifest the binding rules run against. */
    readonly model: Manifest,
  ) {
    this.defaults = manifestDefaults(model);
  }

  /** Main parameters by name (`<interface>.<pin>`, e.g. `input.<name>`), with defaults and what they bind. */
  get parameters(): Readonly<Record<string, ManifestParameter>> {
    return this.model.parameters;
  }

  /** Submodules by name, with their parameters and which main parameter binds each. */
  get submodules(): Readonly<Record<string, ManifestSubmodule>> {
    return this.model.submodules;
  }

  get bindings(): readonly Binding[] {
    return this.model.bindings;
  }

  /**
   * This manifest with the hierarchy below its submodules taken from their applications' own manifests, keyed by
   * submodule path ("db", or "db/replica" for a level further down), so that synth checks nested keys
   * (`submodules["db/replica"]`) that this manifest leaves to its submodules' applications. The YAML passed on
   * stays this manifest's text: the plan, without those manifests, warns about such keys instead.
   */
  withSubmoduleManifests(manifests: { [path: string]: ApplicationManifest }): ApplicationManifest {
    const model = withSubmoduleHierarchies(this.model, (s) =>
      Object.hasOwn(manifests, s.name) ? manifests[s.name].model : undefined,
    );
    return new ApplicationManifest(this.yaml, model);
  }
}
