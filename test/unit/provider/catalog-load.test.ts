// Provider start-up is a product metric: the catalog, which the provider loads for its first schema call, must
// not load the YAML library (17-28 ms here). Only a configuration with a manifest or policies needs it, and
// those load it on first use (src/rules/manifest-module.ts, environment-limits.ts).

test("loading the provider's catalog does not load the YAML library", () => {
  let yamlLoaded = false;
  jest.isolateModules(() => {
    jest.doMock("yaml", () => {
      yamlLoaded = true;
      return jest.requireActual("yaml");
    });
    const { providerSchemas } = require("../../../src/provider/catalog");
    expect(Object.keys(providerSchemas.resources)).toContain("appmgmt_instance");
  });
  expect(yamlLoaded).toBe(false);
});

test("parsing a manifest does load it (the check above can see a load)", () => {
  let yamlLoaded = false;
  jest.isolateModules(() => {
    jest.doMock("yaml", () => {
      yamlLoaded = true;
      return jest.requireActual("yaml");
    });
    require("../../../src/manifest").parseManifest("application:\n  interfaces: {}\n");
  });
  expect(yamlLoaded).toBe(true);
});
