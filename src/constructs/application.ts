// Application for cdktf apps: the construct of application-base.ts on the cdktf bindings.

import type { Construct } from "constructs";
import { Token } from "cdktf";
import { Application as GeneratedApplication } from "../gen/cdktf/providers/appmgmt/application";
import { ApplicationBase, type ApplicationPropsOf } from "./application-base";

export type ApplicationProps = ApplicationPropsOf<typeof GeneratedApplication>;

export class Application extends ApplicationBase<typeof GeneratedApplication> {
  constructor(scope: Construct, id: string, props: ApplicationProps) {
    super(scope, id, props, { Token, Resource: GeneratedApplication });
  }
}
