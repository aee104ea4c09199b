import { encodeDynamic, wireDiagnostics, type RpcMethod } from "./context";
import { errorDiagnostic } from "../diagnostics";
import { ValueError } from "../values/errors";
import { decodeJson } from "../values/json";

interface WireRawState {
  json: Uint8Array;
  flatmap: Uint8Array[];
}

export const upgradeResourceState: RpcMethod = {
  name: "UpgradeResourceState",
  requestType: "UpgradeResourceState.Request",
  responseType: "UpgradeResourceState.Response",
  async handle(ctx, req) {
    const typeName = req.typeName as string;
    const type = ctx.resourceType(typeName);
    const raw = req.rawState as WireRawState | undefined;
    if (raw && !raw.json.length && raw.flatmap.length) {
      return {
        diagnostics: wireDiagnostics([
          errorDiagnostic(
            "Unsupported legacy state",
            `The state of this ${typeName} is in the pre-0.12 flatmap format, which this provider cannot read. Remove it from the state (terraform state rm) and import it again.`,
          ),
        ]),
      };
    }
    let rawState = null;
    if (raw?.json.length) {
      try {
        rawState = decodeJson(Buffer.from(raw.json).toString("utf8"), type.type);
      } catch (e) {
        if (e instanceof ValueError) throw new ValueError(`raw_state: ${e.message}`);
        throw e;
      }
    }
    const res = await ctx.handler.upgradeResourceState({
      typeName,
      version: req.version as number,
      rawState,
    });
    return {
      upgradedState: encodeDynamic(res.upgradedState, type),
      diagnostics: wireDiagnostics(res.diagnostics),
    };
  },
};
