// The instance's decoded terraform value as the rules' one model (src/rules/desired.ts): what the
// configuration asks of the service, and what the state says the service holds. Built once per plan
// or apply; terraform's unknown becomes the model's KNOWN_AFTER_APPLY, its null "not configured".

import { isUnknown } from "../../terraform-model";
import {
  KNOWN_AFTER_APPLY,
  type DesiredInstance,
  type DesiredSubmodule,
  type DesiredValues,
  type InstanceNow,
  type Unsure,
} from "../../rules";
import { setOwn } from "../../own";
import { knownEntries, knownMap, type InstanceModel, type Maybe, type StringMapModel } from "./model";
import { manifestParse } from "../manifest-attribute";

export function desiredInstance(m: InstanceModel): DesiredInstance {
  return {
    parameters: values(m.parameters),
    submodules: nested(m.submodules, (subs) => {
      const out: Record<string, Unsure<DesiredSubmodule>> = {};
      for (const [key, s] of Object.entries(subs)) {
        setOwn(
          out,
          key,
          isUnknown(s)
            ? KNOWN_AFTER_APPLY
            : {
                revisionId: field(s.revisionId),
                manifestVersion: field(s.manifestVersion),
                parameters: values(s.parameters),
                manifest: nested(s.manifest, manifestParse),
              },
        );
      }
      return out;
    }),
    manifestVersion: field(m.manifestVersion),
    revisionId: field(m.revisionId),
    manifest: nested(m.manifest, manifestParse),
  };
}

/** What the prior state says: the configuration it was written for, and the values the service reported. */
export function instanceNow(prior: InstanceModel, defaults?: InstanceNow["submoduleDefaults"]): InstanceNow {
  const submodules: Record<string, Record<string, string>> = {};
  const effective = knownEntries(prior.effectiveSubmodules);
  if (prior.effectiveSubmodules !== null) {
    for (const [key, v] of effective) if (v) setOwn(submodules, key, knownMap(v) ?? {});
  } else {
    // a state written before effective_submodules: the values the configuration managed
    for (const [key, s] of knownEntries(prior.submodules)) {
      const v = s && knownMap(s.parameters);
      if (v) setOwn(submodules, key, v);
    }
  }
  return {
    asked: desiredInstance(prior),
    parameters: knownMap(prior.effectiveParameters) ?? {},
    submodules,
    ...(defaults && { submoduleDefaults: defaults }),
  };
}

function field<T>(v: Maybe<T> | null): Unsure<T> | undefined {
  return v === null ? undefined : isUnknown(v) ? KNOWN_AFTER_APPLY : v;
}

function values(m: Maybe<StringMapModel> | null): Unsure<DesiredValues> | undefined {
  return nested(m, (map) => {
    const out: DesiredValues = {};
    for (const [k, v] of Object.entries(map)) if (v !== null) setOwn(out, k, field(v)!);
    return out;
  });
}

function nested<T, U>(v: Maybe<T> | null, convert: (t: T) => U): Unsure<U> | undefined {
  return v === null ? undefined : isUnknown(v) ? KNOWN_AFTER_APPLY : convert(v);
}
