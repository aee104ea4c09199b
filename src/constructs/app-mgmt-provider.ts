// The `appmgmt` provider as a construct. Every setting also has an environment fallback
// (APPMGMT_BASE_URL, ...) applied by the provider itself, so a stack may leave them all unset.
// `source` takes the provider from a private registry; otherwise, at synth, it writes the provider's
// lock entry into the stack's directory (see provider-lock.ts).

import { TerraformStack } from "cdktf";
import { addCustomSynthesis } from "cdktf/lib/synthesize/synthesizer";
import type { Construct } from "constructs";
import { AppmgmtProvider, type AppmgmtProviderConfig } from "../gen/cdktf/providers/appmgmt/provider";
import { setProviderSource, type ProviderSourceProps } from "./provider-lock";

export type AppMgmtProviderProps = AppmgmtProviderConfig & ProviderSourceProps;

export class AppMgmtProvider extends AppmgmtProvider {
  constructor(scope: Construct, id: string, props: AppMgmtProviderProps = {}) {
    const { source, ...config } = props;
    super(scope, id, config);
    setProviderSource(this, source, { stackOf: (c) => TerraformStack.of(c), addCustomSynthesis });
  }
}
