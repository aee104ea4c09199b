// A construct's validations also run when its resource is synthesized. cdktf and cdktn run validations only
// in `app.synth()`; `Testing.synth(stack)` (without its `runValidations` flag) goes straight to
// `toTerraform()`, so a unit test written by the book passed a stack that `cdktf synth` refuses.

import type { Construct } from "constructs";

/** The synthesizing methods of a cdktf/cdktn element (toHclTerraform: `synth --hcl`, absent in old releases). */
export interface SynthesizedElement {
  toTerraform(): unknown;
  toHclTerraform?(): unknown;
}

/**
 * Makes `element`'s synthesis throw the errors of `owner.node.validate()`, worded as the library words a
 * failed validation, unless the app was created with `skipValidation: true`. In `app.synth()` the
 * validations have run (and passed) before this, so it adds no second message there.
 */
export function validateWhenSynthesized(owner: Construct, element: SynthesizedElement): void {
  const check = () => {
    if ((owner.node.root as { skipValidation?: boolean }).skipValidation === true) return;
    const errors = owner.node.validate();
    if (errors.length > 0) {
      throw new Error(
        `Validation failed with the following errors:\n  ${errors.map((e) => `[${owner.node.path}] ${e}`).join("\n  ")}`,
      );
    }
  };
  for (const method of ["toTerraform", "toHclTerraform"] as const) {
    const synthesize = element[method]?.bind(element);
    if (synthesize) {
      element[method] = () => {
        check();
        return synthesize();
      };
    }
  }
}
