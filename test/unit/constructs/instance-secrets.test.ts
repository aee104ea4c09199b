// ApplicationInstance's secretParameters and secretParametersVersion (issue 29 item 6), for cdktf and
// cdktn apps: passed to the write-only attributes as references, a warning for each literal (which
// cdktf.out would hold), and the binding rules judging secret names at synth as the provider does at plan.
import * as path from "node:path";
import * as cdktf from "cdktf";
import * as cdktn from "cdktn";
import * as forCdktn from "../../../src/cdktn";
import * as forCdktf from "../../../src/constructs";

const ROOT = path.join(__dirname, "../../..");
const APP = "5f0000000000000000000a11";
const MANIFEST_FILE = path.join(ROOT, "examples/quickstart/webshop.manifest.yaml");
const LITERAL = "hunter2-literal";
/** cdktn refuses write-only attributes and ephemeral resources unless the project targets terraform 1.11. */
const TARGETS = { targetVersions: { terraform: ">=1.11.0" } };

type Props = Record<string, unknown>;
interface Library {
  Testing: {
    app(options?: { context?: object }): unknown;
    synth(stack: unknown, runValidations?: boolean): string;
  };
  TerraformStack: new (scope: never, id: string) => unknown;
  TerraformVariable: new (
    scope: never,
    id: string,
    config: { type: string; sensitive: boolean },
  ) => { stringValue: string };
}
interface Flavour {
  name: string;
  lib: Library;
  constructs: {
    AppMgmtProvider: new (scope: never, id: string, props?: { baseUrl?: string }) => unknown;
    ApplicationInstance: new (scope: never, id: string, props: Props) => { node: cdktf.App["node"] };
    ApplicationManifest: typeof forCdktf.ApplicationManifest;
  };
}

const FLAVOURS: Flavour[] = [
  {
    name: "cdktf",
    lib: cdktf as unknown as Library,
    constructs: forCdktf as unknown as Flavour["constructs"],
  },
  {
    name: "cdktn",
    lib: cdktn as unknown as Library,
    constructs: forCdktn as unknown as Flavour["constructs"],
  },
];

/** A stack with one instance; `props` may read the stack's sensitive variable `secret`. */
function stackWith({ lib, constructs }: Flavour, props: (secret: string) => Props) {
  const stack = new lib.TerraformStack(lib.Testing.app({ context: TARGETS }) as never, "shop") as never;
  new constructs.AppMgmtProvider(stack, "appmgmt", { baseUrl: "http://127.0.0.1:1" });
  const secret = new lib.TerraformVariable(stack, "db_password", { type: "string", sensitive: true });
  const instance = new constructs.ApplicationInstance(stack, "webshop", {
    application: APP,
    manifest: constructs.ApplicationManifest.fromFile(MANIFEST_FILE),
    ...props(secret.stringValue),
  });
  const synth = () => lib.Testing.synth(stack, true);
  const warnings = () =>
    instance.node.metadata.filter((m) => m.type === "@cdktf/warn").map((m) => String(m.data));
  return { synth, warnings };
}

/** The synth error's text, or "" when synth passes. */
function synthError(synth: () => string): string {
  try {
    synth();
    return "";
  } catch (e) {
    return (e as Error).message;
  }
}

describe.each(FLAVOURS)("ApplicationInstance secretParameters ($name)", (flavour) => {
  it("passes them and their version to the write-only attributes as references, without a warning", () => {
    const { synth, warnings } = stackWith(flavour, (secret) => ({
      parameters: { "input.app-fork": "main" },
      secretParameters: { "input.db-size": secret },
      secretParametersVersion: 3,
      submodules: { db: { secretParameters: { "input.engine": secret } } },
    }));
    const text = synth();
    const instance = JSON.parse(text).resource.appmgmt_instance.webshop;
    expect(instance.parameters).toEqual({ "input.app-fork": "main" });
    expect(instance.secret_parameters).toEqual({ "input.db-size": "${var.db_password}" });
    expect(instance.secret_parameters_version).toBe(3);
    expect(instance.submodules.db.secret_parameters).toEqual({ "input.engine": "${var.db_password}" });
    expect(JSON.parse(text).variable.db_password.sensitive).toBe(true);
    expect(warnings()).toEqual([]);
  });

  it("warns once per literal secret, naming the key and saying what to use instead", () => {
    const { synth, warnings } = stackWith(flavour, (secret) => ({
      secretParameters: { "input.db-size": LITERAL, "input.app-fork": secret },
      submodules: { db: { secretParameters: { "input.engine": `${LITERAL}-2` } } },
    }));
    synth();
    synth();
    const found = warnings();
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^secretParameters\['input\.db-size'\] is a literal string, .* cdktf\.out/);
    expect(found[1]).toMatch(/^submodules\.db\.secretParameters\['input\.engine'\] is a literal string/);
    for (const warning of found) {
      expect(warning).toContain("Fix: pass the value of a TerraformVariable with sensitive: true");
      expect(warning).toContain("ephemeral value");
      expect(warning).not.toContain(LITERAL);
    }
  });

  it("refuses a name in both parameters and secretParameters, the instance's or a submodule's", () => {
    const { synth } = stackWith(flavour, (secret) => ({
      parameters: { "input.app-fork": "main" },
      secretParameters: { "input.app-fork": secret },
      submodules: {
        db: { parameters: { "input.engine": "pg" }, secretParameters: { "input.engine": secret } },
      },
    }));
    const error = synthError(synth);
    expect(error).toContain(
      `[shop/webshop] secretParameters['input.app-fork']: "input.app-fork" is in both parameters and ` +
        "secretParameters. Fix: remove it from parameters to keep it secret",
    );
    expect(error).toContain(
      `[shop/webshop] submodules.db.secretParameters['input.engine']: "input.engine" is in both ` +
        "submodules.db.parameters and secretParameters.",
    );
  });

  it("holds secret names to the binding rules, pointing at secretParameters", () => {
    const bound = stackWith(flavour, (secret) => ({
      submodules: { db: { secretParameters: { "input.size": secret } } },
    }));
    expect(synthError(bound.synth)).toContain(
      "[shop/webshop] submodules.db.secretParameters['input.size']: input.size of submodule db is bound to " +
        "parameters['input.db-size'], so it cannot be set under submodules.db.secretParameters. Fix: set " +
        "secretParameters['input.db-size'] instead (or parameters['input.db-size'] if the value is not secret)",
    );
    const unknown = stackWith(flavour, (secret) => ({ secretParameters: { "input.db-pasword": secret } }));
    expect(synthError(unknown.synth)).toMatch(/\[shop\/webshop\] secretParameters\['input\.db-pasword'\]: /);
    // Set through the main parameter that binds it, the secret satisfies the rule; its value is not judged.
    const viaMain = stackWith(flavour, () => ({ secretParameters: { "input.db-size": LITERAL } }));
    expect(synthError(viaMain.synth)).toBe("");
  });

  it("leaves only the parameters a secret map joins unchecked when that map is a token as a whole", () => {
    const stack = stackWith(flavour, (secret) => ({
      parameters: { "input.app-frk": "main" },
      submodules: { db: { secretParameters: secret, parameters: { "input.sise": "large" } } },
    }));
    const error = synthError(stack.synth);
    expect(error).toContain("[shop/webshop] parameters['input.app-frk']: ");
    expect(error).not.toContain("input.sise");
  });
});

describe("ApplicationInstance secretParameters in cdktn apps", () => {
  it("need the project to target terraform 1.11 (cdktf.json targetVersions), as the README says", () => {
    const stack = new cdktn.TerraformStack(cdktn.Testing.app(), "shop");
    new forCdktn.AppMgmtProvider(stack, "appmgmt", { baseUrl: "http://127.0.0.1:1" });
    new forCdktn.ApplicationInstance(stack, "webshop", {
      application: APP,
      secretParameters: { "input.app-fork": new cdktn.TerraformVariable(stack, "token", {}).stringValue },
    });
    expect(() => cdktn.Testing.synth(stack, true)).toThrow(
      "write-only attributes requires terraform >=1.11.0, but the project targets terraform >=1.5.7",
    );
  });

  it("stay a reference to a cdktn ephemeral value, without a warning", () => {
    const stack = new cdktn.TerraformStack(cdktn.Testing.app({ context: TARGETS }), "shop");
    new forCdktn.AppMgmtProvider(stack, "appmgmt", { baseUrl: "http://127.0.0.1:1" });
    const vault =
      new forCdktn.bindings.ephemeralAppmgmtInstanceReturnValues.EphemeralAppmgmtInstanceReturnValues(
        stack,
        "vault",
        { instanceId: "5f00000000000000000001aa" },
      );
    const instance = new forCdktn.ApplicationInstance(stack, "webshop", {
      application: APP,
      secretParameters: { "input.app-fork": vault.values.lookup("token") },
      secretParametersVersion: 1,
    });
    const synthesized = JSON.parse(cdktn.Testing.synth(stack, true));
    expect(synthesized.ephemeral.appmgmt_instance_return_values.vault.instance_id).toBe(
      "5f00000000000000000001aa",
    );
    expect(synthesized.resource.appmgmt_instance.webshop.secret_parameters).toEqual({
      "input.app-fork": '${ephemeral.appmgmt_instance_return_values.vault.values["token"]}',
    });
    expect(instance.node.metadata.filter((m) => m.type === "@cdktf/warn")).toEqual([]);
  });
});
