// The `appmgmt` provider as a cdktn construct; see src/constructs/app-mgmt-provider.ts for cdktf.
// Without `source`, at synth it writes the provider's lock entry into the stack's directory, so `cdktn
// deploy` needs no --skip-provider-lock (src/constructs/provider-lock.ts says why).

import { TerraformStack } from "cdktn";
import { addCustomSynthesis } from "cdktn/lib/synthesize/synthesizer";
import type { Construct } from "constructs";
import { setProviderSource, type ProviderSourceProps } from "../constructs/provider-lock";
import { AppmgmtProvider, type AppmgmtProviderConfig } from "../gen/cdktn/providers/appmgmt/provider";

export type AppMgmtProviderProps = AppmgmtProviderConfig & ProviderSourceProps;

export class AppMgmtProvider extends AppmgmtProvider {
  constructor(scope: Construct, id: string, props: AppMgmtProviderProps = {}) {
    const { source, ...config } = props;
    super(scope, id, config);
    setProviderSource(this, source, { stackOf: (c) => TerraformStack.of(c), addCustomSynthesis });
  }
}
