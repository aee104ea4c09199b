// The package root (src/index.ts, lib/index.js once built) gives library users every public piece.
import * as root from "../../../src";

describe("package root exports", () => {
  it("has the constructs, the generated bindings, the rules, the manifest parser, the client and the simulator", () => {
    expect(typeof root.ApplicationInstance).toBe("function");
    expect(typeof root.ApplicationManifest.fromYaml).toBe("function");
    expect(typeof root.AppMgmtProvider).toBe("function");
    expect(root.bindings.instance.Instance.tfResourceType).toBe("appmgmt_instance");
    expect(root.bindings.provider.AppmgmtProvider.tfResourceType).toBe("appmgmt");
    expect(typeof root.bindings.dataAppmgmtInstances.DataAppmgmtInstances).toBe("function");
    expect(root.checkInstanceConfig(root.parseManifest("application: {}\n"), {})).toEqual([]);
    expect(root.formatFinding({ path: ["parameters", "input.x"], message: "m", fix: "f" })).toBe(
      "parameters['input.x']: m. Fix: f",
    );
    expect(typeof root.AppMgmtClient).toBe("function");
    expect(typeof root.startSimulator).toBe("function");
    expect(root.DEMO.webshopApplicationId).toBe("5f0000000000000000000a11");
  });
});
