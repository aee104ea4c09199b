// ApplicationInstance for cdktn (CDK Terrain) apps: the construct of application-instance-base.ts on
// cdktn's Token and the cdktn bindings (src/gen/cdktn/).

import type { Construct } from "constructs";
import { Annotations, Token } from "cdktn";
import { Instance } from "../gen/cdktn/providers/appmgmt/instance";
import {
  ApplicationInstanceBase,
  type ApplicationInstancePropsOf,
} from "../constructs/application-instance-base";

export type ApplicationInstanceProps = ApplicationInstancePropsOf<typeof Instance>;

export class ApplicationInstance extends ApplicationInstanceBase<typeof Instance> {
  constructor(scope: Construct, id: string, props: ApplicationInstanceProps) {
    super(scope, id, props, { Token, Annotations, Instance });
  }
}
