// Plan-time checks of appmgmt_instance settings (issue 7): instance_name limits on instance_name (item 4),
// and keys named like built-in object members treated as ordinary keys (item 5).
import { UNKNOWN, type ValueObject } from "../../../src/terraform-model";
import { createProvider } from "../../../src/provider";
import { INSTANCE_NAME_LIMITS } from "../../../src/rules";
import { APP, ID, WEBSHOP_MANIFEST, configuredProvider, instance, status } from "./fakes";

const provider = createProvider({ env: {} });
const validate = (config: ValueObject) =>
  provider.validateResourceConfig({ typeName: "appmgmt_instance", config });
const planCreate = (config: ValueObject) =>
  provider.planResourceChange({
    typeName: "appmgmt_instance",
    priorState: null,
    proposedNewState: config,
    config,
    priorPrivate: Buffer.alloc(0),
  });

/** A map value holding `key` as an own entry, even "__proto__". */
function withKey<T>(key: string, value: T): Record<string, T> {
  return Object.defineProperty({}, key, { value, enumerable: true, writable: true, configurable: true });
}

describe("instance_name", () => {
  const longest = "a".repeat(INSTANCE_NAME_LIMITS.maxLength);

  it.each(["shop", "Shop-1", "shop.v2_blue", "9lives", longest])("accepts %j", async (name) => {
    const config = instance({ application_id: APP, instance_name: name });
    expect((await validate(config)).diagnostics).toEqual([]);
    expect((await planCreate(config)).diagnostics).toEqual([]);
  });

  it.each([
    ["", "is empty"],
    [`${longest}a`, `has ${INSTANCE_NAME_LIMITS.maxLength + 1} characters`],
    ["-shop", `has "-" at position 1`],
    ["my shop", `has " " at position 3`],
    ["shop/1", `has "/" at position 5`],
    ["bücher", `has "ü" at position 2`],
  ])("rejects %j on instance_name at plan: %s", async (name, why) => {
    const config = instance({ application_id: APP, instance_name: name });
    for (const res of [await validate(config), await planCreate(config)]) {
      expect(res.diagnostics).toEqual([
        expect.objectContaining({
          severity: "error",
          summary: "Invalid instance_name",
          attribute: [{ attr: "instance_name" }],
        }),
      ]);
      expect(res.diagnostics[0].detail).toContain(why);
      expect(res.diagnostics[0].detail).toContain("1 to 63 characters");
    }
  });

  it("skips a name not known yet", async () => {
    expect((await validate(instance({ application_id: APP, instance_name: UNKNOWN }))).diagnostics).toEqual(
      [],
    );
  });
});

describe.each(["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"])("the key %s", (key) => {
  const sub = { revision_id: null, manifest_version: null, parameters: withKey(`input.${key}`, "x") };
  const config = instance({
    application_id: APP,
    parameters: withKey(`input.${key}`, "v"),
    submodules: withKey(key, sub),
  });

  it("is an ordinary name without a manifest: no finding, and it reaches the launch request", async () => {
    expect((await validate(config)).diagnostics).toEqual([]);
    const h = await configuredProvider({ launch: [{ id: ID }], statuses: [status()] });
    const planned = (await planCreate(config)).plannedState;
    const res = await h.provider.applyResourceChange({
      typeName: "appmgmt_instance",
      priorState: null,
      plannedState: planned,
      config,
      plannedPrivate: Buffer.alloc(0),
    });
    expect(res.diagnostics).toEqual([]);
    const [, request] = h.client.callsOf("launch")[0].args as [string, Record<string, unknown>];
    expect(JSON.parse(JSON.stringify(request))).toEqual({
      parameters: { [`input.${key}`]: "v" },
      submodules: { [key]: { parameters: { [`input.${key}`]: "x" } } },
      destroyInterval: -1,
    });
  });

  it("is reported as unknown by the manifest checks, at its path, instead of failing validation", async () => {
    const res = await validate({ ...config, manifest: WEBSHOP_MANIFEST });
    expect(res.diagnostics.map((d) => [d.severity, d.attribute])).toEqual([
      ["error", [{ attr: "parameters" }, { key: `input.${key}` }]],
      ["error", [{ attr: "submodules" }, { key }]],
    ]);
    expect(res.diagnostics[1].detail).toContain(
      `submodule '${key}' is not defined by the application manifest`,
    );
  });
});
