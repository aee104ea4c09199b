import { encodeDynamic, typedRpc } from "../typed-rpc";

export const importResourceState = typedRpc("resource", "ImportResourceState", {
  values: {},
  call: (ctx, { typeName }, req) => ctx.handler.importResourceState({ typeName, id: req.id as string }),
  respond: (res, _type, ctx) => ({
    importedResources: (res.importedResources ?? []).map((r) => ({
      typeName: r.typeName,
      state: encodeDynamic(r.state, ctx.typeOf("resource", r.typeName)),
      private: r.private,
    })),
  }),
});
