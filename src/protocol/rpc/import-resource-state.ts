import { typedRpc } from "../typed-rpc";
import { encodeDynamic } from "../values/dynamic-value";

export const importResourceState = typedRpc("resource", "ImportResourceState", {
  values: {},
  call: (ctx, { typeName }, req) => ctx.handler.importResourceState({ typeName, id: req.id }),
  respond: (res, _type, ctx) => ({
    importedResources: (res.importedResources ?? []).map((r) => ({
      typeName: r.typeName,
      state: encodeDynamic(r.state, ctx.typeOf("resource", r.typeName)),
      private: r.private,
    })),
  }),
});
