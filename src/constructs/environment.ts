// Environment for cdktf apps: the construct of environment-base.ts on the cdktf bindings.

import type { Construct } from "constructs";
import { Token } from "cdktf";
import { Environment as GeneratedEnvironment } from "../gen/cdktf/providers/appmgmt/environment";
import { EnvironmentBase, type EnvironmentPropsOf } from "./environment-base";

export type EnvironmentProps = EnvironmentPropsOf<typeof GeneratedEnvironment>;

export class Environment extends EnvironmentBase<typeof GeneratedEnvironment> {
  constructor(scope: Construct, id: string, props: EnvironmentProps) {
    super(scope, id, props, { Token, Resource: GeneratedEnvironment });
  }
}
