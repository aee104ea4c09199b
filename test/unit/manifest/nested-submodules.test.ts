// Nested submodules in the manifest (issue 19, item 4): a component declares components of its own, and its
// pins bind their parameters.
import { ManifestError, parseManifest } from "../../../src/manifest";
import { stackManifest } from "../../helpers/nested-apps";

const CLUSTER = "5f00000000000000000000c1";
const REPLICA = "5f00000000000000000000c2";
const STACK = stackManifest(CLUSTER, REPLICA);

function problemsOf(yaml: string): string[] {
  try {
    parseManifest(yaml);
  } catch (e) {
    expect(e).toBeInstanceOf(ManifestError);
    return (e as ManifestError).problems.map((p) => `${p.line}: ${p.message}`);
  }
  throw new Error("expected parseManifest to throw");
}

describe("nested components", () => {
  it("lists every submodule by path key, parents first, with the bindings at every level", () => {
    const m = parseManifest(STACK);
    expect(Object.keys(m.submodules)).toEqual(["db", "db/replica"]);
    expect(m.submodules["db/replica"]).toEqual({
      name: "db/replica",
      parent: "db",
      applicationId: REPLICA,
      parameters: {
        "input.size": { name: "input.size", boundBy: "input.replica-size", boundIn: "db" },
        "input.lag": { name: "input.lag" },
      },
    });
    // a pin that binds a child's parameter is a parameter of the submodule itself
    expect(m.submodules.db.parameters).toEqual({
      "input.engine": { name: "input.engine", boundBy: "input.db-engine" },
      "input.replica-size": { name: "input.replica-size" },
    });
    expect(m.bindings).toEqual([
      {
        mainParameter: "input.replica-size",
        from: "db",
        submodule: "db/replica",
        submoduleParameter: "input.size",
      },
      { mainParameter: "input.db-engine", submodule: "db", submoduleParameter: "input.engine" },
    ]);
  });

  it("refuses a submodule pin binding a component it does not declare, naming the ones it does", () => {
    expect(problemsOf(STACK.replace("bind(replica#input.size)", "bind(replca#input.size)"))).toEqual([
      "17: component `db` pin `replica-size` binds unknown component `replca`; use one of: replica",
    ]);
  });

  it("refuses a binding of a pin the nested component does not declare", () => {
    expect(problemsOf(STACK.replace("bind(replica#input.size)", "bind(replica#input.sise)"))).toEqual([
      "17: component `db` pin `replica-size` binds `replica#input.sise`, which component `db/replica` does not declare; add `sise: configuration(string)` to its interfaces.input",
    ]);
  });

  it("refuses a main pin binding a grandchild directly: main pins bind top-level components", () => {
    expect(problemsOf(STACK.replace("bind(db#input.engine)", "bind(db/replica#input.lag)"))).toEqual([
      "8: pin `db-engine` binds unknown component `db/replica`; use one of: db",
    ]);
  });

  it("refuses a component name with a slash, which separates nested submodules", () => {
    expect(problemsOf(STACK.replace("        replica:\n", "        re/plica:\n"))).toEqual([
      "19: component `db/re/plica`: a component name is not empty and has no `/` (it separates nested submodules); rename it",
      "17: component `db` pin `replica-size` binds unknown component `replica`; declare it under component `db` components",
    ]);
  });
});
