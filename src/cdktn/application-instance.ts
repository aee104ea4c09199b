// ApplicationInstance for cdktn (CDK Terrain) apps: the construct of application-instance-base.ts on
// cdktn's Token and the cdktn bindings (src/gen/cdktn/).

import type { Construct } from "constructs";
import {
  Token,
  type ITerraformDependable,
  type TerraformProvider,
  type TerraformResourceLifecycle,
} from "cdktn";
import { Instance, type InstanceTimeouts } from "../gen/cdktn/providers/appmgmt/instance";
import {
  ApplicationInstanceBase,
  type ApplicationInstancePropsOf,
} from "../constructs/application-instance-base";

/** The cdktn types of the construct's resource and meta-arguments. */
export interface CdktnTypes {
  readonly resource: Instance;
  readonly timeouts: InstanceTimeouts;
  readonly provider: TerraformProvider;
  readonly dependable: ITerraformDependable;
  readonly lifecycle: TerraformResourceLifecycle;
}

export type ApplicationInstanceProps = ApplicationInstancePropsOf<CdktnTypes>;

export class ApplicationInstance extends ApplicationInstanceBase<CdktnTypes> {
  constructor(scope: Construct, id: string, props: ApplicationInstanceProps) {
    super(scope, id, props, { Token, Instance });
  }
}
