// Environment for cdktn (CDK Terrain) apps: the construct of environment-base.ts on the cdktn bindings.

import type { Construct } from "constructs";
import { Token } from "cdktn";
import { Environment as GeneratedEnvironment } from "../gen/cdktn/providers/appmgmt/environment";
import { EnvironmentBase, type EnvironmentPropsOf } from "../constructs/environment-base";

export type EnvironmentProps = EnvironmentPropsOf<typeof GeneratedEnvironment>;

export class Environment extends EnvironmentBase<typeof GeneratedEnvironment> {
  constructor(scope: Construct, id: string, props: EnvironmentProps) {
    super(scope, id, props, { Token, Resource: GeneratedEnvironment });
  }
}
