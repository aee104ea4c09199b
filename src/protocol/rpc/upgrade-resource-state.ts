import { decodingField, encodeDynamic, typedRpc } from "./context";
import { type Diagnostic, errorDiagnostic, type ProviderHandler } from "../../terraform-model";
import { decodeJson } from "../values/json";

interface WireRawState {
  json: Uint8Array;
  flatmap: Uint8Array[];
}

/** The handler's answer, or only diagnostics when the raw state is in a format it cannot be given. */
type Upgraded = Awaited<ReturnType<ProviderHandler["upgradeResourceState"]>> | { diagnostics: Diagnostic[] };

export const upgradeResourceState = typedRpc("resource", "UpgradeResourceState", {
  values: {},
  async call(ctx, { typeName }, req): Promise<Upgraded> {
    const raw = req.rawState as WireRawState | undefined;
    if (raw && !raw.json.length && raw.flatmap.length) {
      return {
        diagnostics: [
          errorDiagnostic(
            "Unsupported legacy state",
            `The state of this ${typeName} is in the pre-0.12 flatmap format, which this provider cannot read. Remove it from the state (terraform state rm) and import it again.`,
          ),
        ],
      };
    }
    const { type } = ctx.typeOf("resource", typeName);
    const rawState = raw?.json.length
      ? decodingField("raw_state", () => decodeJson(Buffer.from(raw.json).toString("utf8"), type))
      : null;
    return ctx.handler.upgradeResourceState({ typeName, version: req.version as number, rawState });
  },
  respond: (res, type) =>
    "upgradedState" in res ? { upgradedState: encodeDynamic(res.upgradedState, type) } : {},
});
