// ApplicationInstance for cdktf apps: the construct of application-instance-base.ts on cdktf's Token
// and the cdktf bindings.

import type { Construct } from "constructs";
import {
  Token,
  type ITerraformDependable,
  type TerraformProvider,
  type TerraformResourceLifecycle,
} from "cdktf";
import { Instance, type InstanceTimeouts } from "../gen/cdktf/providers/appmgmt/instance";
import { ApplicationInstanceBase, type ApplicationInstancePropsOf } from "./application-instance-base";

/** The cdktf types of the construct's resource and meta-arguments. */
export interface CdktfTypes {
  readonly resource: Instance;
  readonly timeouts: InstanceTimeouts;
  readonly provider: TerraformProvider;
  readonly dependable: ITerraformDependable;
  readonly lifecycle: TerraformResourceLifecycle;
}

export type ApplicationInstanceProps = ApplicationInstancePropsOf<CdktfTypes>;

export class ApplicationInstance extends ApplicationInstanceBase<CdktfTypes> {
  constructor(scope: Construct, id: string, props: ApplicationInstanceProps) {
    super(scope, id, props, { Token, Instance });
  }
}
