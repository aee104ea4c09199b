// ApplicationInstance for cdktf apps: the construct of application-instance-base.ts on cdktf's Token
// and the cdktf bindings.

import type { Construct } from "constructs";
import { Annotations, Token } from "cdktf";
import { Instance } from "../gen/cdktf/providers/appmgmt/instance";
import { ApplicationInstanceBase, type ApplicationInstancePropsOf } from "./application-instance-base";

export type ApplicationInstanceProps = ApplicationInstancePropsOf<typeof Instance>;

export class ApplicationInstance extends ApplicationInstanceBase<typeof Instance> {
  constructor(scope: Construct, id: string, props: ApplicationInstanceProps) {
    super(scope, id, props, { Token, Annotations, Instance });
  }
}
