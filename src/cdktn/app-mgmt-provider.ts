// The `appmgmt` provider as a cdktn construct; see src/constructs/app-mgmt-provider.ts for cdktf.

import type { Construct } from "constructs";
import { AppmgmtProvider, type AppmgmtProviderConfig } from "../gen-cdktn/providers/appmgmt/provider";

export type AppMgmtProviderProps = AppmgmtProviderConfig;

export class AppMgmtProvider extends AppmgmtProvider {
  constructor(scope: Construct, id: string, props: AppMgmtProviderProps = {}) {
    super(scope, id, props);
  }
}
