// Application for cdktn (CDK Terrain) apps: the construct of application-base.ts on the cdktn bindings.

import type { Construct } from "constructs";
import { Token } from "cdktn";
import { Application as GeneratedApplication } from "../gen/cdktn/providers/appmgmt/application";
import { ApplicationBase, type ApplicationPropsOf } from "../constructs/application-base";

export type ApplicationProps = ApplicationPropsOf<typeof GeneratedApplication>;

export class Application extends ApplicationBase<typeof GeneratedApplication> {
  constructor(scope: Construct, id: string, props: ApplicationProps) {
    super(scope, id, props, { Token, Resource: GeneratedApplication });
  }
}
