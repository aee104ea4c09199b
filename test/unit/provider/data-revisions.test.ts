// appmgmt_revisions: the application's named revisions, one by name, and a name that does not exist failing
// the read (terraform reads data sources at plan) with the names that do, on the `name` attribute.
import { APP, REV, configuredProvider, dataConfig, obj } from "./fakes";

const REVISIONS = [
  { id: REV, name: "stable" },
  { id: "5f0000000000000000000c02", name: "canary" },
];

describe("appmgmt_revisions", () => {
  it("lists every revision of the application, and only the named one with name", async () => {
    const h = await configuredProvider({ revisions: REVISIONS });
    const all = await h.provider.readDataSource({
      typeName: "appmgmt_revisions",
      config: dataConfig("appmgmt_revisions", { application_id: APP }),
    });
    expect(all.diagnostics).toEqual([]);
    expect(obj(all.state).revisions).toEqual(REVISIONS);
    const one = await h.provider.readDataSource({
      typeName: "appmgmt_revisions",
      config: dataConfig("appmgmt_revisions", { application_id: APP, name: "canary" }),
    });
    expect(obj(one.state).revisions).toEqual([REVISIONS[1]]);
    expect(h.client.callsOf("listRevisions").map((c) => c.args)).toEqual([[APP], [APP]]);
  });

  it("fails on name when no revision has it, naming those that exist", async () => {
    const h = await configuredProvider({ revisions: REVISIONS });
    const res = await h.provider.readDataSource({
      typeName: "appmgmt_revisions",
      config: dataConfig("appmgmt_revisions", { application_id: APP, name: "Stable" }),
    });
    expect(res.diagnostics).toEqual([
      {
        severity: "error",
        summary: 'No revision named "Stable"',
        detail: expect.stringContaining('Its revisions are "stable", "canary"; set name to one of them.'),
        attribute: [{ attr: "name" }],
      },
    ]);
  });

  it("says so when the application has no named revisions at all", async () => {
    const h = await configuredProvider({ revisions: [] });
    const res = await h.provider.readDataSource({
      typeName: "appmgmt_revisions",
      config: dataConfig("appmgmt_revisions", { application_id: APP, name: "stable" }),
    });
    expect(res.diagnostics[0].detail).toContain("It has no named revisions; remove name");
  });

  it("refuses an application_id that is not an id before any call", async () => {
    const h = await configuredProvider({});
    const res = await h.provider.validateDataResourceConfig({
      typeName: "appmgmt_revisions",
      config: dataConfig("appmgmt_revisions", { application_id: "webshop" }),
    });
    expect(res.diagnostics.map((d) => [d.summary, d.attribute])).toEqual([
      ["Invalid application_id", [{ attr: "application_id" }]],
    ]);
    expect(h.client.callsOf("listRevisions")).toEqual([]);
  });
});
