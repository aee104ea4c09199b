// The demo "webshop" manifest v1 as a typed Manifest (built directly so the rules tests need no parser).
import type { Manifest } from "../../../src/manifest/types";

export function webshopManifest(): Manifest {
  return {
    parameters: {
      "input.app-fork": { name: "input.app-fork", default: "master" },
      "input.db-size": {
        name: "input.db-size",
        default: "small",
        binds: { submodule: "db", parameter: "input.size" },
      },
    },
    submodules: {
      db: {
        name: "db",
        applicationId: "5f0000000000000000000b01",
        parameters: {
          "input.size": { name: "input.size", boundBy: "input.db-size" },
          "input.engine": { name: "input.engine" },
        },
      },
    },
    bindings: [{ mainParameter: "input.db-size", submodule: "db", submoduleParameter: "input.size" }],
    components: {},
    pins: {},
    componentBindings: [],
  };
}
