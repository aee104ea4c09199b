import { typedRpc } from "../typed-rpc";
import { encodeDynamic } from "../values/dynamic-value";

export const readDataSource = typedRpc("data source", "ReadDataSource", {
  values: { config: "config" },
  call: (ctx, request) => ctx.handler.readDataSource(request),
  respond: (res, type) => ({ state: encodeDynamic(res.state, type) }),
});
