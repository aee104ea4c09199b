// What the plan says about an `appmgmt_instance` configuration its manifest cannot fully judge (docs/manifest.md):
// a nested submodule key below a submodule whose components only its application's own manifest declares is sent
// unchecked, and a typed default (a number, a list, ...) is sent as a string. Warnings, on the attribute each concerns.

import { type Diagnostic, Diagnostics, isUnknown } from "../../terraform-model";
import { rulesConfig, uncheckedSubmodules, type DesiredInstance } from "../../rules";
import { attrPath } from "../values";
import { manifestModule } from "../../rules";

/** The plan's warnings for `desired` (`launching`: whether the plan launches, when defaults are first sent). */
export function manifestNotices(desired: DesiredInstance, launching: boolean): Diagnostic[] {
  const parse = desired.manifest;
  if (parse === undefined || isUnknown(parse) || !("manifest" in parse)) return [];
  const { manifest } = parse;
  const out = new Diagnostics();
  const rules = rulesConfig(desired);
  const unchecked = isUnknown(desired.submodules) ? [] : uncheckedSubmodules(manifest, rules);
  for (const { key, under, applicationId } of unchecked) {
    const app = applicationId ? `application ${applicationId}` : "its application";
    out.addWarning(
      attrPath("submodules", { key }),
      "Nested submodule not checked at plan",
      `submodules["${key}"] is sent as written: the manifest does not declare the components of submodule ` +
        `${under} (${app} declares them in its own manifest), so this key, its parameters and the binding rule ` +
        `for them could not be checked; the service checks them at apply. To check them at plan, restate ` +
        `${under}'s components under its entry in application.components.`,
    );
  }
  if (!launching || isUnknown(desired.parameters)) return out.list;
  const { describeEncoding } = manifestModule();
  const encoded = Object.values(manifest.parameters)
    .filter(
      (p) =>
        p.defaultEncoding !== undefined &&
        p.default !== undefined &&
        rules.parameters?.[p.name] === undefined,
    )
    .map((p) => `- ${describeEncoding(p.name, p.type, { text: p.default!, encoding: p.defaultEncoding })}`);
  if (encoded.length > 0)
    out.addWarning(
      attrPath("effective_parameters"),
      "Typed defaults sent as strings",
      `${encoded.join("\n")}\nSet parameters["<name>"] to send another text.`,
    );
  return out.list;
}
