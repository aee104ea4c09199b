// Ephemeral `appmgmt_instance_return_values`: one instance's return values for this run only, to feed a
// write-only argument (another instance's `secret_parameters`) or a provider configuration without the
// value ever reaching a plan or a state.

import { checkIdAttributes } from "../id-attributes";
import { ID_FORMAT, str } from "../schema";
import { returnValueMap } from "../values";
import type { EphemeralResource } from "./ephemeral-resource";

export const instanceReturnValuesEphemeral: EphemeralResource = {
  typeName: "appmgmt_instance_return_values",
  schema: {
    version: 0,
    block: {
      description:
        "The return values of one instance, read at each run and never stored in the plan or the state: " +
        "for write-only arguments such as `secret_parameters` of another `appmgmt_instance`, and for provider " +
        "configurations. Needs terraform 1.10 or later.",
      attributes: [
        str("instance_id", `Identifier of the instance, ${ID_FORMAT}.`, { required: true }),
        {
          name: "values",
          type: ["map", "string"],
          description: "Values returned by the instance's workflows (non-string values JSON-encoded).",
          computed: true,
          sensitive: true,
        },
      ],
    },
  },
  validate: (config) => checkIdAttributes(config, ["instance_id"]),
  async open(ctx, config) {
    const id = String(config.instance_id);
    const s = await ctx.service().client.getInstanceStatus(id, { signal: ctx.signal });
    const values = returnValueMap(s.returnValues);
    return { result: { ...config, values }, secrets: Object.values(values).map(String) };
  },
};
