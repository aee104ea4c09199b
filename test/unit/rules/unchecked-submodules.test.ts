// Nested keys the rules cannot judge (issue 27 item 6): below a submodule whose components only its application's
// own manifest declares, a key is passed on unchecked and named; with that manifest grafted in, it is judged.
import { parseManifest, withSubmoduleHierarchies } from "../../../src/manifest";
import { checkInstanceConfig, uncheckedSubmodules } from "../../../src/rules";
import { corpusManifest } from "../../helpers/manifest-corpus";

const platform = parseManifest(corpusManifest("hierarchy-platform"));
const cluster = parseManifest(corpusManifest("db-cluster"));
const config = { submodules: { "db/replica": { parameters: { "input.size": "large" } }, cache: {} } };

describe("uncheckedSubmodules", () => {
  it("names a key below a submodule whose hierarchy is unknown, and the rules skip it", () => {
    expect(uncheckedSubmodules(platform, config)).toEqual([
      { key: "db/replica", under: "db", applicationId: "5f00000000000000000031c1" },
    ]);
    // an unknown top-level key is still refused
    expect(checkInstanceConfig(platform, config).map((f) => f.path)).toEqual([["submodules", "cache"]]);
  });

  it("judges the key once db's own manifest is grafted in", () => {
    const whole = withSubmoduleHierarchies(platform, (s) => (s.name === "db" ? cluster : undefined));
    expect(uncheckedSubmodules(whole, config)).toEqual([]);
    expect(Object.keys(whole.submodules)).toEqual(["db", "db/replica"]);
    expect(checkInstanceConfig(whole, config).map((f) => f.fix)).toEqual([
      "use one of: db, db/replica",
      "set submodules.db.parameters['input.replica-size'] instead",
    ]);
  });
});
