// Launch and reconfigure bodies for nested submodules (issue 19, item 4): path keys of the configuration
// become the nested objects the service reads; a flat configuration sends the same body as before.
import { decodeInstance } from "../../../src/provider/instance/model";
import { launchRequest, reconfigureRequest } from "../../../src/provider/instance/requests";
import { flattenSubmodules, nestSubmodules } from "../../../src/service/wire";
import type { ValueObject } from "../../../src/terraform-model";

const APP = "5f0000000000000000000a11";

function config(submodules: ValueObject | null): ReturnType<typeof decodeInstance> {
  return decodeInstance({ application_id: APP, parameters: { "input.app-fork": "main" }, submodules });
}

const sub = (parameters: Record<string, string> | null, extra: ValueObject = {}): ValueObject => ({
  revision_id: null,
  manifest_version: null,
  parameters,
  ...extra,
});

describe("nested submodule requests", () => {
  it("nests path keys under their parents' submodules, in launch and reconfigure", () => {
    const c = config({
      db: sub({ "input.replica-size": "large" }),
      "db/replica": sub({ "input.lag": "1s" }, { manifest_version: 2 }),
    });
    const expected = {
      db: {
        parameters: { "input.replica-size": "large" },
        submodules: { replica: { manifestVersion: 2, parameters: { "input.lag": "1s" } } },
      },
    };
    expect(launchRequest(c).submodules).toEqual(expected);
    expect(reconfigureRequest(c).submodules).toEqual(expected);
  });

  it("gives a nested key whose parent is not configured an empty parent entry", () => {
    const c = config({ "db/replica": sub({ "input.lag": "1s" }) });
    expect(reconfigureRequest(c).submodules).toEqual({
      db: { submodules: { replica: { parameters: { "input.lag": "1s" } } } },
    });
  });

  it("sends a flat configuration as before", () => {
    expect(launchRequest(config({ db: sub({ "input.engine": "pg" }) })).submodules).toEqual({
      db: { parameters: { "input.engine": "pg" } },
    });
  });

  it("flattenSubmodules undoes nestSubmodules", () => {
    const byPath = {
      db: { parameters: { a: "1" } },
      "db/replica": {},
      "db/replica/wal": { manifestVersion: 3 },
    };
    expect(flattenSubmodules(nestSubmodules(byPath))).toEqual(byPath);
  });
});
