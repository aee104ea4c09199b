import type { Logger, ProviderHandler, ProviderSchemas } from "../terraform-model";
import type { BlockType } from "./values/dynamic-value";
import { impliedType } from "./values/types";

/** Whose schema a value is read against. */
export type TypeKind = "provider" | "resource" | "data source" | "ephemeral resource";

/**
 * A handler, or a function loading it: the provider's modules then load after the handshake line
 * (start-up time counts until the handshake; terraform's first call waits for the load).
 */
export type HandlerSource = ProviderHandler | (() => ProviderHandler | Promise<ProviderHandler>);

/** What every RPC implementation gets: the handler and the schema-derived types it needs. */
export class RpcContext {
  private loading?: Promise<void>;
  private loaded?: { handler: ProviderHandler; schemas: ProviderSchemas };
  private readonly types = new Map<string, BlockType>();

  constructor(
    private readonly source: HandlerSource,
    readonly log: Logger,
  ) {}

  /** Loads the handler and its schema once; every RPC awaits this first. */
  ready(): Promise<void> {
    this.loading ??= (async () => {
      const handler = typeof this.source === "function" ? await this.source() : this.source;
      this.loaded = { handler, schemas: handler.getSchema() };
    })();
    return this.loading;
  }

  private get current(): { handler: ProviderHandler; schemas: ProviderSchemas } {
    if (!this.loaded) throw new Error("the provider handler is used before it was loaded");
    return this.loaded;
  }

  get handler(): ProviderHandler {
    return this.current.handler;
  }

  getSchemas(): ProviderSchemas {
    return this.current.schemas;
  }

  /** The type of the provider's config ("" as the name), or of the named resource or data source. */
  typeOf(kind: TypeKind, typeName: string): BlockType {
    const cacheKey = `${kind}:${typeName}`;
    let type = this.types.get(cacheKey);
    if (!type) {
      const s = this.getSchemas();
      let schema = s.provider;
      if (kind !== "provider") {
        const table =
          kind === "resource"
            ? s.resources
            : kind === "data source"
              ? s.dataSources
              : (s.ephemeralResources ?? {});
        if (!Object.prototype.hasOwnProperty.call(table, typeName)) {
          throw new UnknownTypeError(kind, typeName, Object.keys(table));
        }
        schema = table[typeName];
      }
      type = { block: schema.block, type: impliedType(schema.block) };
      this.types.set(cacheKey, type);
    }
    return type;
  }
}

export class UnknownTypeError extends Error {
  constructor(
    readonly kind: string,
    readonly typeName: string,
    known: string[],
  ) {
    super(`this provider has no ${kind} type "${typeName}"; known types: ${known.join(", ") || "none"}`);
  }
}
