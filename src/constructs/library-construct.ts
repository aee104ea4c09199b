// What the constructs written once for both libraries share (Application, Environment): one generated
// resource of cdktf or cdktn under the logical id "Default", its settings checked at synth, its id. Each
// construct names the library's types through the generated class it is given, so neither library's
// construct lists them; src/constructs/ (cdktf) and src/cdktn/ each add a thin subclass.

import { Construct } from "constructs";
import { formatFinding, type Finding } from "../rules";
import { validateWhenSynthesized, type SynthesizedElement } from "./synth-check";

/** A generated resource class of cdktf or cdktn, as far as a construct needs it. */
export type GeneratedClass<R> = new (scope: Construct, id: string, config: never) => R;

/** The generated class's config: it names the library's own meta-argument types. */
export type ConfigOf<C extends GeneratedClass<unknown>> = ConstructorParameters<C>[2];

/** The meta-arguments a construct passes to the generated resource as they are. */
export interface MetaArguments<C extends GeneratedClass<unknown>> {
  readonly provider?: ConfigOf<C>["provider"];
  readonly dependsOn?: ConfigOf<C>["dependsOn"];
  readonly lifecycle?: ConfigOf<C>["lifecycle"];
}

/** Whether a value is known only at synth (a token): the library's Token.isUnresolved. */
export type IsUnresolved = (value: unknown) => boolean;

/** The library a construct is built on: its Token check and the generated class of its resource. */
export interface ConstructLibrary<C, R> {
  readonly Token: { isUnresolved: IsUnresolved };
  readonly Resource: new (scope: Construct, id: string, config: C) => R;
}

/** A construct of one generated resource `R`, made from the config `C`. */
export abstract class LibraryConstruct<
  R extends SynthesizedElement & { readonly id: string },
  C,
> extends Construct {
  /** The underlying generated resource (escape hatch for overrides). */
  readonly resource: R;

  /** `findings`: the settings' problems, checked at synth as far as their values are known then. */
  protected constructor(
    scope: Construct,
    id: string,
    { Token, Resource }: ConstructLibrary<C, R>,
    config: C,
    findings: (isUnresolved: IsUnresolved) => Finding[],
  ) {
    super(scope, id);
    // "Default" keeps the resource's logical id that of this construct.
    this.resource = new Resource(this, "Default", config);
    const isUnresolved: IsUnresolved = (value) => Token.isUnresolved(value);
    this.node.addValidation({ validate: () => findings(isUnresolved).map(formatFinding) });
    validateWhenSynthesized(this, this.resource);
  }

  /** The resource's id (known after apply). */
  get id(): string {
    return this.resource.id;
  }
}
