// A planned appmgmt_instance change as the rules' one model (src/rules/desired.ts), read from the plan
// JSON as the provider reads terraform's values: what the configuration asks (after, with after_unknown as
// KNOWN_AFTER_APPLY), what the state says (before: effective_parameters, effective_submodules). The review
// then asks the rules the provider's own questions: does the change reach the service, what does it
// reset, which binding rules does it break.

import { tryParseManifest } from "../manifest";
import { setOwn } from "../own";
import {
  KNOWN_AFTER_APPLY,
  checkInstanceConfig,
  formatFinding,
  isKnownAfterApply,
  manifestOf,
  rulesConfig,
  type DesiredInstance,
  type DesiredSubmodule,
  type DesiredValues,
  type InstanceNow,
  type ServiceChange,
  type Unsure,
} from "../rules";
import { asObj, attributeName, flagged, type Obj } from "./plan-values";
import type { ResourceChange } from "./plan-json";
import type { PossibleResetReview, ResetReview, Shown } from "./types";

/** What planned values ask of the service; `mask` is the change's after_unknown (none for before). */
export function desiredFromPlan(values: Obj, mask?: unknown): DesiredInstance {
  const at = (...path: string[]) => flagged(mask, path);
  const field = <T>(path: string[], v: unknown, is: (v: unknown) => v is T): Unsure<T> | undefined =>
    at(...path) ? KNOWN_AFTER_APPLY : is(v) ? v : undefined;
  const map = (path: string[], v: unknown): Unsure<DesiredValues> | undefined => {
    if (at(...path)) return KNOWN_AFTER_APPLY;
    const o = asObj(v);
    if (!o) return undefined;
    const out: DesiredValues = {};
    for (const [k, x] of Object.entries(o)) {
      const value = field([...path, k], x, isString);
      if (value !== undefined) setOwn(out, k, value);
    }
    return out;
  };
  const subs = asObj(values.submodules);
  let submodules: DesiredInstance["submodules"];
  if (at("submodules")) submodules = KNOWN_AFTER_APPLY;
  else if (subs) {
    const entries: Record<string, Unsure<DesiredSubmodule>> = {};
    for (const [key, s] of Object.entries(subs)) {
      const p = ["submodules", key];
      const entry: Unsure<DesiredSubmodule> = at(...p)
        ? KNOWN_AFTER_APPLY
        : {
            revisionId: field([...p, "revision_id"], asObj(s)?.revision_id, isString),
            manifestVersion: field([...p, "manifest_version"], asObj(s)?.manifest_version, isNumber),
            parameters: map([...p, "parameters"], asObj(s)?.parameters),
            manifest: parsed(field([...p, "manifest"], asObj(s)?.manifest, isString)),
          };
      setOwn(entries, key, entry);
    }
    submodules = entries;
  }
  return {
    parameters: map(["parameters"], values.parameters),
    submodules,
    manifestVersion: field(["manifest_version"], values.manifest_version, isNumber),
    revisionId: field(["revision_id"], values.revision_id, isString),
    manifest: parsed(field(["manifest"], values.manifest, isString)),
  };
}

const parsed = (text: Unsure<string> | undefined) =>
  text === undefined || isKnownAfterApply(text) ? text : tryParseManifest(text);

/** What the prior state says, as the provider reads it (src/provider/instance/desired.ts instanceNow). */
export function nowFromPlan(before: Obj): InstanceNow {
  const submodules: Record<string, Record<string, string>> = {};
  const effective = asObj(before.effective_submodules);
  if (effective) {
    for (const [key, v] of Object.entries(effective)) setOwn(submodules, key, strings(asObj(v)?.parameters));
  } else {
    // a state written before effective_submodules: the values the configuration managed
    for (const [key, s] of Object.entries(asObj(before.submodules) ?? {})) {
      const v = asObj(asObj(s)?.parameters);
      if (v) setOwn(submodules, key, strings(v));
    }
  }
  return {
    asked: desiredFromPlan(before),
    parameters: strings(before.effective_parameters),
    submodules,
  };
}

/** The values the reconfigure resets, and those it may reset, as the plan's warnings name them. */
export function resetsOf(
  rc: ResourceChange,
  change: ServiceChange,
): { resets: ResetReview[]; possibleResets: PossibleResetReview[] } {
  if (!change.reachesService) return { resets: [], possibleResets: [] };
  const sensitive = rc.change.before_sensitive;
  const currentOf = (path: string[], value: string): Shown =>
    flagged(sensitive, path) ||
    (path[0] === "parameters" && flagged(sensitive, ["effective_parameters", path[1]])) ||
    (path[0] === "submodules" && flagged(sensitive, ["effective_submodules", path[1], ...path.slice(2)]))
      ? { kind: "sensitive" }
      : { kind: "value", value };
  return {
    resets: change.resets.resets.map((r) => ({
      attribute: attributeName(r.path),
      current: currentOf(r.path.map(String), r.current),
      ...(r.default !== undefined ? { default: r.default } : {}),
    })),
    possibleResets: change.resets.possible.map((p) => ({
      attribute: attributeName(p.path),
      current: currentOf(p.path.map(String), p.current),
      because: p.because,
      ...(p.mayFollow ? { mayFollow: p.mayFollow } : {}),
    })),
  };
}

/** Binding-rule findings of the planned values (unknown values are not judged). */
export function findingsOf(desired: DesiredInstance, operation: "launch" | "reconfigure"): string[] {
  const m = desired.manifest;
  if (m === undefined || isKnownAfterApply(m)) return [];
  if ("error" in m) return [`manifest: ${m.error}`];
  return checkInstanceConfig(manifestOf(desired)!, rulesConfig(desired), {
    operation,
    isUnknown: isKnownAfterApply,
  }).map(formatFinding);
}

/** The string entries of a map value (others left out). */
export function strings(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(asObj(v) ?? {})) if (typeof x === "string") setOwn(out, k, x);
  return out;
}

const isString = (v: unknown): v is string => typeof v === "string";
const isNumber = (v: unknown): v is number => typeof v === "number";
