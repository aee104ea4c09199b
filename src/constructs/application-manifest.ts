// An application manifest loaded for synth-time validation: the YAML text (passed on to the provider,
// which checks it again at plan time) and its typed view.

import { readFileSync } from "node:fs";
import {
  ManifestError,
  manifestDefaults,
  parseManifest,
  withRestatedDefaults,
  withSubmoduleHierarchies,
} from "../manifest";
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
   * is this manifest's text with the top-level submodules' defaults restated in their components'
   * `configuration`, so the plan and the review know what a reconfigure that leaves such a value out sets it to;
   * without the deeper manifests the plan warns about nested keys instead.
   */
  withSubmoduleManifests(manifests: { [path: string]: ApplicationManifest }): ApplicationManifest {
    const own = (s: ManifestSubmodule) => (Object.hasOwn(manifests, s.name) ? manifests[s.name] : undefined);
    const defaults: Record<string, Record<string, string>> = {};
    for (const s of Object.values(this.model.submodules)) {
      const child = s.parent === undefined ? own(s) : undefined;
      if (!child) continue;
      const free = Object.values(s.parameters).filter((p) => p.boundBy === undefined);
      defaults[s.name] = Object.fromEntries(
        free
          .filter((p) => Object.hasOwn(child.defaults, p.name))
          .map((p) => [p.name, child.defaults[p.name]]),
      );
    }
    const yaml = withRestatedDefaults(this.yaml, defaults);
    const base = yaml === this.yaml ? this.model : parseManifest(yaml);
    return new ApplicationManifest(
      yaml,
      withSubmoduleHierarchies(base, (s) => own(s)?.model),
    );
  }
}
