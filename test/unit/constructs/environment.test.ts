// The Environment construct (cdktf and cdktn): a clone with properties, markers and policies from a file, an
// ApplicationInstance launched into it (`environment: env`), and what synth refuses from literal values.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as cdktf from "cdktf";
import * as cdktn from "cdktn";
import * as forCdktn from "../../../src/cdktn";
import * as forCdktf from "../../../src/constructs";
import { DEMO } from "../../../src/simulator";

type Constructs = typeof forCdktf;
const FLAVOURS: [string, typeof cdktf, Constructs][] = [
  ["cdktf", cdktf, forCdktf],
  ["cdktn", cdktn as unknown as typeof cdktf, forCdktn as unknown as Constructs],
];

const POLICIES = "policies:\n  - name: max-instances\n    value: 5\n";
let tmp: string;
let policiesFile: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-env-construct-"));
  policiesFile = path.join(tmp, "policies.yaml");
  fs.writeFileSync(policiesFile, POLICIES);
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe.each(FLAVOURS)("Environment (%s)", (_name, lib, constructs) => {
  /** A stack with a sandbox environment (`env` overrides its props) and an instance given `instance`. */
  function synth(
    env: Partial<forCdktf.EnvironmentProps> = {},
    instance: (sandbox: forCdktf.Environment) => Partial<forCdktf.ApplicationInstanceProps> = (sandbox) => ({
      environment: sandbox,
    }),
  ) {
    const stack = new lib.TerraformStack(lib.Testing.app(), "sandboxes");
    new constructs.AppMgmtProvider(stack, "appmgmt", { baseUrl: "http://127.0.0.1:1" });
    const sandbox = new constructs.Environment(stack, "sandbox", {
      organizationId: DEMO.organizationId,
      name: "sandbox-main",
      cloneFrom: DEMO.stagingEnvironmentId,
      properties: { "db-host": "db.main.internal", replicas: "2" },
      propertyTypes: { replicas: "int" },
      markers: ["sandbox"],
      policies: constructs.EnvironmentPolicies.fromFile(policiesFile),
      ...env,
    });
    new constructs.ApplicationInstance(stack, "shop", {
      application: DEMO.webshopApplicationId,
      ...instance(sandbox),
    });
    new lib.TerraformOutput(stack, "sandbox_env", { value: { id: sandbox.id, name: sandbox.name } });
    return JSON.parse(lib.Testing.synth(stack, true));
  }

  it("synthesizes the clone with its settings and the policies file's text, and launches the instance into it", () => {
    const out = synth();
    expect(out.resource.appmgmt_environment.sandbox).toEqual({
      organization_id: DEMO.organizationId,
      name: "sandbox-main",
      clone_from: DEMO.stagingEnvironmentId,
      properties: { "db-host": "db.main.internal", replicas: "2" },
      property_types: { replicas: "int" },
      markers: ["sandbox"],
      policies: POLICIES,
    });
    expect(out.resource.appmgmt_instance.shop.environment_id).toBe("${appmgmt_environment.sandbox.id}");
    expect(out.output.sandbox_env.value).toEqual({
      id: "${appmgmt_environment.sandbox.id}",
      name: "${appmgmt_environment.sandbox.name}",
    });
  });

  it("takes policies as a string, and leaves out what is not given (the clone keeps its own)", () => {
    const out = synth({
      policies: constructs.EnvironmentPolicies.fromString("policies: []\n"),
      properties: undefined,
      propertyTypes: undefined,
      markers: undefined,
    });
    expect(out.resource.appmgmt_environment.sandbox).toEqual({
      organization_id: DEMO.organizationId,
      name: "sandbox-main",
      clone_from: DEMO.stagingEnvironmentId,
      policies: "policies: []\n",
    });
  });

  it("refuses environment and environmentId together", () => {
    expect(() =>
      synth({}, (sandbox) => ({ environment: sandbox, environmentId: DEMO.stagingEnvironmentId })),
    ).toThrow(
      "[sandboxes/shop] environment: both environment and environmentId are set, and each names the " +
        "environment to launch into. Fix: keep environment (an Environment of this stack) or environmentId " +
        "(an existing environment's id), not both",
    );
  });

  it("names each invalid marker, property name, type of an unlisted property and malformed id", () => {
    const synthOf = () =>
      synth({
        organizationId: "Demo Org",
        cloneFrom: "staging",
        properties: { "db host": "x", replicas: "2" },
        propertyTypes: { replicas: "int", size: "int" },
        markers: ["sandbox", "-draft"],
      });
    const errors = (() => {
      try {
        synthOf();
      } catch (e) {
        return (e as Error).message;
      }
      throw new Error("synth passed");
    })();
    expect(errors).toContain(
      "[sandboxes/sandbox] organizationId: organizationId must be a 24-character lowercase hexadecimal id",
    );
    expect(errors).toMatch(
      /\[sandboxes\/sandbox\] cloneFrom: cloneFrom must be .*Fix: set it to the id of the environment to clone/,
    );
    expect(errors).toContain(
      `[sandboxes/sandbox] properties['db host']: property name "db host" is not valid: use 1 to 64 letters, ` +
        'digits, ".", "_" or "-", starting with a letter or digit. Fix: rename the property',
    );
    expect(errors).toContain(`[sandboxes/sandbox] markers[1]: marker name "-draft" is not valid`);
    expect(errors).toContain(
      `[sandboxes/sandbox] propertyTypes.size: "size" is the type of no property of properties. ` +
        "Fix: add the property to properties, or remove its type here",
    );
    expect(errors).not.toMatch(/replicas|markers\[0\]/);
  });

  it('names a property type that is "string" or empty, as the provider\'s plan refuses it', () => {
    const synthOf = () => synth({ propertyTypes: { replicas: "string", "db-host": " " } });
    expect(synthOf).toThrow(
      `[sandboxes/sandbox] propertyTypes.replicas: the type "string" is the default, which is never listed. ` +
        `Fix: list only the types other than "string" (for example "int" or "bool"), and remove the entry of ` +
        `a string property`,
    );
    expect(synthOf).toThrow(`[sandboxes/sandbox] propertyTypes['db-host']: the type " " is empty. Fix: `);
  });

  it("names the policies file whose YAML does not parse", () => {
    const broken = path.join(tmp, "broken.yaml");
    fs.writeFileSync(broken, "policies: [\n");
    expect(() => synth({ policies: constructs.EnvironmentPolicies.fromFile(broken) })).toThrow(
      new RegExp(
        `\\[sandboxes/sandbox\\] policies: ${broken.replace(/[.\\/]/g, "\\$&")}: the YAML does not parse: .*Fix: correct the YAML`,
      ),
    );
    expect(() => constructs.EnvironmentPolicies.fromFile(path.join(tmp, "missing.yaml"))).toThrow(
      `cannot read environment policies ${path.join(tmp, "missing.yaml")}: ENOENT`,
    );
  });

  it("adopts an existing environment with importFrom: synth writes the import block, and needs no cloneFrom", () => {
    const stack = new lib.TerraformStack(lib.Testing.app(), "sandboxes");
    new constructs.AppMgmtProvider(stack, "appmgmt", { baseUrl: "http://127.0.0.1:1" });
    const staging = new constructs.Environment(stack, "staging", {
      organizationId: DEMO.organizationId,
      name: "staging",
      markers: ["staging"],
    });
    expect(staging.importFrom(DEMO.stagingEnvironmentId)).toBe(staging);
    const out = JSON.parse(lib.Testing.synth(stack, true));
    expect(out.import).toEqual([{ to: "appmgmt_environment.staging", id: DEMO.stagingEnvironmentId }]);
    expect(out.resource.appmgmt_environment.staging).toEqual({
      organization_id: DEMO.organizationId,
      name: "staging",
      markers: ["staging"],
    });
  });

  it("leaves values known only at apply to the plan", () => {
    const stack = new lib.TerraformStack(lib.Testing.app(), "sandboxes");
    new constructs.AppMgmtProvider(stack, "appmgmt", { baseUrl: "http://127.0.0.1:1" });
    const variable = new lib.TerraformVariable(stack, "branch", { type: "string" });
    const source = new constructs.Environment(stack, "base", {
      organizationId: DEMO.organizationId,
      name: "base",
      cloneFrom: DEMO.stagingEnvironmentId,
    });
    new constructs.Environment(stack, "sandbox", {
      organizationId: DEMO.organizationId,
      name: `sandbox-${variable.stringValue}`,
      cloneFrom: source.id,
      markers: [variable.stringValue],
      properties: { branch: variable.stringValue },
    });
    const out = JSON.parse(lib.Testing.synth(stack, true));
    expect(out.resource.appmgmt_environment.sandbox.clone_from).toBe("${appmgmt_environment.base.id}");
  });
});
