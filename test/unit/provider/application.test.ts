// appmgmt_application against the fake client: the manifest checked at plan with the parser's messages,
// replacement by organization_id and name, manifest_version unknown when the manifest is uploaded again;
// create = create + upload, update = upload, delete forgets with a warning, import by id.
import { isUnknown, UNKNOWN, type ValueObject } from "../../../src/terraform-model";
import { BadRequestError } from "../../../src/client/errors";
import { providerSchemas } from "../../../src/provider/catalog";
import { APP, ORG, WEBSHOP_MANIFEST, configuredProvider, obj, status } from "./fakes";

const APP_ID = "6b0000000000000000000001";
type Harness = Awaited<ReturnType<typeof configuredProvider>>;

function application(values: ValueObject = {}): ValueObject {
  const nulls = providerSchemas.resources.appmgmt_application.block.attributes.map((a) => [a.name, null]);
  return { ...Object.fromEntries(nulls), ...values };
}

const CONFIG = application({ organization_id: ORG, name: "shop", manifest: WEBSHOP_MANIFEST });
const STATE = { ...CONFIG, id: APP_ID, manifest_version: 1 };

const plan = (h: Harness, prior: ValueObject | null, config: ValueObject) =>
  h.provider.planResourceChange({
    typeName: "appmgmt_application",
    priorState: prior,
    proposedNewState: prior ? { ...config, id: prior.id, manifest_version: prior.manifest_version } : config,
    config,
    priorPrivate: Buffer.alloc(0),
  });
const apply = (h: Harness, prior: ValueObject | null, planned: ValueObject | null) =>
  h.provider.applyResourceChange({
    typeName: "appmgmt_application",
    priorState: prior,
    plannedState: planned,
    config: planned,
    plannedPrivate: Buffer.alloc(0),
  });

describe("appmgmt_application plan", () => {
  it("plans id and manifest_version unknown on create", async () => {
    const h = await configuredProvider({});
    const res = await plan(h, null, CONFIG);
    expect(res.diagnostics).toEqual([]);
    expect(obj(res.plannedState)).toMatchObject({ id: UNKNOWN, manifest_version: UNKNOWN, name: "shop" });
  });

  it("fails the plan on manifest with the parser's message (line numbers included)", async () => {
    const h = await configuredProvider({});
    const res = await plan(h, null, { ...CONFIG, manifest: "application:\n  interfaces: [1\n" });
    expect(res.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        summary: "Invalid application manifest",
        detail: expect.stringMatching(/line \d/),
        attribute: [{ attr: "manifest" }],
      }),
    ]);
  });

  it("replaces on organization_id or name; a new manifest plans manifest_version unknown in place", async () => {
    const h = await configuredProvider({});
    const renamed = await plan(h, STATE, { ...CONFIG, name: "shop-2" });
    expect(renamed.requiresReplace).toEqual([[{ attr: "name" }]]);
    const newManifest = await plan(h, STATE, { ...CONFIG, manifest: `${WEBSHOP_MANIFEST}\n# v2\n` });
    expect(newManifest.requiresReplace).toEqual([]);
    expect(isUnknown(obj(newManifest.plannedState).manifest_version)).toBe(true);
    const same = await plan(h, STATE, CONFIG);
    expect(obj(same.plannedState).manifest_version).toBe(1);
  });

  it("warns that a create adopts an application of its name running no instance, and fails on one in use", async () => {
    const idle = await configuredProvider({});
    const adopted = await plan(idle, null, { ...CONFIG, name: "webshop" });
    expect(adopted.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        summary: `This create adopts the existing application ${APP} ("webshop")`,
      }),
    ]);
    const busy = await configuredProvider({ instances: [status({ application: APP, status: "Running" })] });
    const refused = await plan(busy, null, { ...CONFIG, name: "webshop" });
    expect(refused.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        summary: 'An application named "webshop" exists and is in use',
        detail: expect.stringContaining(`\`terraform import appmgmt_application.<name> ${APP}\``),
      }),
    ]);
    // an update asks nothing
    const before = busy.client.calls.length;
    expect((await plan(busy, STATE, CONFIG)).diagnostics).toEqual([]);
    expect(busy.client.calls.length).toBe(before);
  });

  it("refuses a malformed organization_id and an empty name at their paths", async () => {
    const h = await configuredProvider({});
    const res = await h.provider.validateResourceConfig({
      typeName: "appmgmt_application",
      config: { ...CONFIG, organization_id: "demo", name: " " },
    });
    expect(res.diagnostics.map((d) => d.attribute)).toEqual([
      [{ attr: "organization_id" }],
      [{ attr: "name" }],
    ]);
  });
});

describe("appmgmt_application submodule references (issue 36)", () => {
  const naming = (reference: string) =>
    WEBSHOP_MANIFEST.replace('"5f0000000000000000000b01"', JSON.stringify(reference));

  it("the plan resolves a reference by name, warns on a name none has yet, fails on an unknown id", async () => {
    const h = await configuredProvider({});
    expect((await plan(h, null, { ...CONFIG, manifest: naming("postgres") })).diagnostics).toEqual([]);
    const later = await plan(h, null, { ...CONFIG, manifest: naming("postgres-later") });
    expect(later.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        summary: "Submodule reference not resolved at plan",
        detail: expect.stringContaining(
          'component db: __locator.application-id "postgres-later" names no application of organization',
        ),
      }),
    ]);
    const unknown = await plan(h, null, { ...CONFIG, manifest: naming("5f00000000000000000000ff") });
    expect(unknown.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        summary: "Submodule reference does not resolve",
        attribute: [{ attr: "manifest" }],
      }),
    ]);
  });

  it("the create refuses a reference that does not resolve before creating anything", async () => {
    const h = await configuredProvider({
      createApplication: [{ id: APP_ID }],
      uploadManifest: [{ version: 1 }],
    });
    const manifest = naming("postgres-later");
    const res = await apply(h, null, { ...CONFIG, manifest, id: UNKNOWN, manifest_version: UNKNOWN });
    expect(res.newState).toBeNull();
    expect(res.diagnostics.map((d) => `${d.severity}: ${d.summary}`)).toEqual([
      "error: Submodule reference does not resolve",
    ]);
    expect(h.client.callsOf("createApplication")).toEqual([]);
  });
});

describe("appmgmt_application apply", () => {
  it("creates the application, then uploads its manifest", async () => {
    const h = await configuredProvider({
      createApplication: [{ id: APP_ID }],
      uploadManifest: [{ version: 1 }],
    });
    const res = await apply(h, null, { ...CONFIG, id: UNKNOWN, manifest_version: UNKNOWN });
    expect(res.diagnostics).toEqual([]);
    expect(obj(res.newState)).toMatchObject({ id: APP_ID, manifest_version: 1 });
    expect(h.client.callsOf("createApplication").map((c) => c.args)).toEqual([[ORG, { name: "shop" }]]);
    expect(h.client.callsOf("uploadManifest").map((c) => c.args)).toEqual([[APP_ID, WEBSHOP_MANIFEST]]);
  });

  it("keeps the created id with the error when the upload fails, and says how to keep it", async () => {
    const bad = new BadRequestError({
      status: 400,
      errors: ["incorrect manifest"],
      method: "PUT",
      path: "/x",
    });
    const h = await configuredProvider({ createApplication: [{ id: APP_ID }], uploadManifest: [bad] });
    const res = await apply(h, null, { ...CONFIG, id: UNKNOWN, manifest_version: UNKNOWN });
    expect(obj(res.newState)).toMatchObject({ id: APP_ID, manifest_version: null });
    expect(res.diagnostics[0].detail).toContain("terraform untaint");
  });

  it("adopts an application of its name that runs no instance (a destroy forgot it), uploading the manifest", async () => {
    const h = await configuredProvider({ uploadManifest: [{ version: 3 }] });
    const webshop = { ...CONFIG, name: "webshop", id: UNKNOWN, manifest_version: UNKNOWN };
    const res = await apply(h, null, webshop);
    expect(obj(res.newState)).toMatchObject({ id: APP, manifest_version: 3, name: "webshop" });
    expect(h.client.callsOf("createApplication")).toEqual([]);
    expect(h.client.callsOf("uploadManifest").map((c) => c.args)).toEqual([[APP, WEBSHOP_MANIFEST]]);
    expect(res.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        summary: `Adopted the existing application ${APP} ("webshop")`,
        attribute: [{ attr: "name" }],
      }),
    ]);
  });

  it("refuses to take over an application of its name that runs instances, naming it and the import", async () => {
    const h = await configuredProvider({ instances: [status({ application: APP, status: "Running" })] });
    const res = await apply(h, null, { ...CONFIG, name: "webshop", id: UNKNOWN, manifest_version: UNKNOWN });
    expect(res.newState).toBeNull();
    expect(res.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        summary: 'An application named "webshop" exists and is in use',
        attribute: [{ attr: "name" }],
      }),
    ]);
    expect(res.diagnostics[0].detail).toContain(`\`terraform import appmgmt_application.<name> ${APP}\``);
    expect(h.client.callsOf("createApplication")).toEqual([]);
    expect(h.client.callsOf("uploadManifest")).toEqual([]);
  });

  it("uploads a changed manifest as the next version", async () => {
    const h = await configuredProvider({ uploadManifest: [{ version: 2 }] });
    const changed = `${WEBSHOP_MANIFEST}\n# v2\n`;
    const res = await apply(h, STATE, { ...STATE, manifest: changed, manifest_version: UNKNOWN });
    expect(obj(res.newState)).toMatchObject({ id: APP_ID, manifest_version: 2, manifest: changed });
    expect(h.client.callsOf("uploadManifest").map((c) => c.args)).toEqual([[APP_ID, changed]]);
  });

  it("forgets on delete, warning that the API cannot delete an application and its instances stay", async () => {
    const h = await configuredProvider({});
    const res = await apply(h, STATE, null);
    expect(res.newState).toBeNull();
    expect(res.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        detail: expect.stringContaining("no call that deletes an application"),
      }),
    ]);
    expect(res.diagnostics[0].detail).toContain("its instances are unaffected");
    expect(h.client.calls.filter((c) => c.method !== "listOrganizations")).toEqual([]);
  });

  it("imports by id, finding the organization, and warns that the manifest is not read back", async () => {
    const h = await configuredProvider({});
    const res = await h.provider.importResourceState({ typeName: "appmgmt_application", id: APP });
    expect(res.importedResources[0].state).toMatchObject({
      id: APP,
      organization_id: ORG,
      name: "webshop",
      manifest: null,
    });
    expect(res.diagnostics[0]).toMatchObject({
      severity: "warning",
      summary: expect.stringContaining("without its manifest"),
    });
    const missing = await h.provider.importResourceState({ typeName: "appmgmt_application", id: APP_ID });
    expect(missing.diagnostics[0].detail).toContain(`lists application ${APP_ID}`);
  });

  it("removes from the state an application its organization no longer lists", async () => {
    const h = await configuredProvider({});
    const gone = await h.provider.readResource({
      typeName: "appmgmt_application",
      currentState: STATE,
      private: Buffer.alloc(0),
    });
    expect(gone.newState).toBeNull();
    const webshop = { ...STATE, id: "5f0000000000000000000a11", name: "old name" };
    const kept = await h.provider.readResource({
      typeName: "appmgmt_application",
      currentState: webshop,
      private: Buffer.alloc(0),
    });
    expect(obj(kept.newState)).toMatchObject({ name: "webshop", manifest_version: 1 });
  });
});
