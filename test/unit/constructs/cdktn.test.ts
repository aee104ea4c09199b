// The constructs for cdktn apps (src/cdktn, the package's `cdktf-provider-appmgmt/cdktn`): the same
// construct code as for cdktf, on cdktn and the cdktn bindings.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as cdktf from "cdktf";
import * as cdktn from "cdktn";
import * as forCdktn from "../../../src/cdktn";
import * as forCdktf from "../../../src/constructs";
import { parseMarkdown } from "../../helpers/markdown";

const ROOT = path.join(__dirname, "../../..");
const APP = "5f0000000000000000000a11";
const MANIFEST_FILE = path.join(ROOT, "examples/quickstart/webshop.manifest.yaml");

/** What the test uses of either library and either set of constructs. */
interface Flavour {
  lib: {
    Testing: { app(): unknown; synth(stack: unknown, runValidations?: boolean): string };
    TerraformStack: new (scope: never, id: string) => unknown;
    TerraformOutput: new (scope: never, id: string, config: { value: unknown }) => unknown;
  };
  constructs: {
    AppMgmtProvider: new (scope: never, id: string, props?: { baseUrl?: string }) => unknown;
    ApplicationInstance: new (
      scope: never,
      id: string,
      props: Record<string, unknown>,
    ) => {
      id: string;
      status: string;
      returnValues: unknown;
      effectiveParameter(name: string): string;
      importFrom(id: string): unknown;
    };
  };
}

const CDKTF = { lib: cdktf, constructs: forCdktf } as unknown as Flavour;
const CDKTN = { lib: cdktn, constructs: forCdktn } as unknown as Flavour;

/** A stack with the provider, two instances (one fed by the other's outputs) and outputs, synthesized. */
function synthWebshop({ lib, constructs }: Flavour, extra: Record<string, unknown> = {}) {
  const stack = new lib.TerraformStack(lib.Testing.app() as never, "shop") as never;
  new constructs.AppMgmtProvider(stack, "appmgmt", { baseUrl: "http://127.0.0.1:1" });
  const manifest = forCdktn.ApplicationManifest.fromFile(MANIFEST_FILE);
  const upstream = new constructs.ApplicationInstance(stack, "upstream", { application: APP, manifest });
  const webshop = new constructs.ApplicationInstance(stack, "webshop", {
    application: APP,
    manifest,
    manifestVersion: 1,
    // Given out of order: the synthesized maps are sorted.
    parameters: { "input.db-size": "large", "input.app-fork": upstream.effectiveParameter("input.app-fork") },
    submodules: { db: { parameters: { "input.engine": "postgres-16" } } },
    timeouts: { create: "10m" },
    ...extra,
  });
  new lib.TerraformOutput(stack, "webshop_id", { value: webshop.id });
  new lib.TerraformOutput(stack, "webshop_status", { value: webshop.status });
  new lib.TerraformOutput(stack, "webshop_returns", { value: webshop.returnValues });
  return JSON.parse(lib.Testing.synth(stack, true));
}

describe("constructs for cdktn apps", () => {
  it("synthesize the same provider, resources and outputs as the cdktf constructs", () => {
    const viaCdktn = synthWebshop(CDKTN);
    const viaCdktf = synthWebshop(CDKTF);
    expect(viaCdktn.provider).toEqual(viaCdktf.provider);
    expect(viaCdktn.resource).toEqual(viaCdktf.resource);
    expect(viaCdktn.output).toEqual(viaCdktf.output);
    expect(Object.keys(viaCdktn.resource.appmgmt_instance.webshop.parameters)).toEqual([
      "input.app-fork",
      "input.db-size",
    ]);
    expect(viaCdktn.resource.appmgmt_instance.webshop.parameters["input.app-fork"]).toBe(
      '${appmgmt_instance.upstream.effective_parameters["input.app-fork"]}',
    );
    expect(viaCdktn.output.webshop_returns.value).toBe("${appmgmt_instance.webshop.return_values}");
  });

  it("fail synth on a binding-rule violation naming the construct path, the key and the fix", () => {
    const violating = { submodules: { db: { parameters: { "input.size": "large" } } } };
    expect(() => synthWebshop(CDKTN, violating)).toThrow(
      "[shop/webshop] submodules.db.parameters['input.size']: input.size of submodule db is bound to " +
        "parameters['input.db-size'], so it cannot be set under submodules.db.parameters. " +
        "Fix: set parameters['input.db-size'] instead",
    );
  });

  it("adopt a running instance with importFrom: the same import block in both libraries", () => {
    const adopted = ({ lib, constructs }: Flavour) => {
      const stack = new lib.TerraformStack(lib.Testing.app() as never, "shop") as never;
      new constructs.AppMgmtProvider(stack, "appmgmt", { baseUrl: "http://127.0.0.1:1" });
      const instance = new constructs.ApplicationInstance(stack, "legacy", { application: APP });
      expect(instance.importFrom("5f00000000000000000001aa")).toBe(instance);
      return JSON.parse(lib.Testing.synth(stack));
    };
    const viaCdktn = adopted(CDKTN);
    expect(viaCdktn.import).toEqual([{ to: "appmgmt_instance.legacy", id: "5f00000000000000000001aa" }]);
    expect(viaCdktn.import).toEqual(adopted(CDKTF).import);
  });

  it("are built on cdktn's classes, and the cdktf ones on cdktf's", () => {
    const app = cdktn.Testing.app();
    const stack = new cdktn.TerraformStack(app, "shop");
    const provider = new forCdktn.AppMgmtProvider(stack, "appmgmt");
    const instance = new forCdktn.ApplicationInstance(stack, "webshop", { application: APP, provider });
    expect(provider).toBeInstanceOf(cdktn.TerraformProvider);
    expect(instance.resource).toBeInstanceOf(cdktn.TerraformResource);
    expect(instance.resource).toBeInstanceOf(forCdktn.bindings.instance.Instance);
    expect(instance.resource).not.toBeInstanceOf(cdktf.TerraformResource);
  });

  it("load without cdktf, so a cdktn app needs only cdktn and constructs installed", () => {
    const probe = [
      `require(${JSON.stringify(path.join(ROOT, "src/cdktn"))});`,
      "const loaded = Object.keys(require.cache).map((f) => f.split(require('path').sep).join('/'));",
      "console.log(JSON.stringify(loaded.filter((f) => /\\/node_modules\\/(cdktf|cdktn)\\//.test(f))));",
    ].join("\n");
    const register = path.join(ROOT, "scripts/register-ts.js");
    const run = spawnSync(process.execPath, ["-r", register, "-e", probe], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    const libraries = new Set(
      (JSON.parse(run.stdout) as string[]).map((f) => f.match(/\/node_modules\/(cdktf|cdktn)\//)![1]),
    );
    expect([...libraries]).toEqual(["cdktn"]);
  });

  it("are the package's `cdktf-provider-appmgmt/cdktn` entry; cdktn is no peer, cdktf an optional one", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect(pkg.exports["./cdktn"]).toEqual({
      types: "./lib/cdktn/index.d.ts",
      default: "./lib/cdktn/index.js",
    });
    // TypeScript's older "node" resolution ignores `exports`.
    expect(pkg.typesVersions["*"].cdktn).toEqual(["lib/cdktn/index.d.ts"]);
    const { outDir, rootDir } = JSON.parse(
      fs.readFileSync(path.join(ROOT, "tsconfig.json"), "utf8"),
    ).compilerOptions;
    expect(path.join(outDir, path.relative(rootDir, "src/cdktn/index.js"))).toBe(
      path.normalize(pkg.exports["./cdktn"].default),
    );
    // npm checks an optional peer's own peer ranges too: cdktn 0.24's constructs <10.8 made a cdktf user's
    // install fail with ERESOLVE. A cdktn user installs cdktn beside the package (the README's cdktn recipe).
    expect(Object.keys(pkg.peerDependencies).sort()).toEqual(["cdktf", "constructs"]);
    expect(pkg.peerDependenciesMeta).toEqual({ cdktf: { optional: true } });
    expect(pkg.dependencies).not.toHaveProperty("cdktf");
    expect(pkg.dependencies).not.toHaveProperty("constructs");
  });

  it("fully synthesize a stack with a secret in an app given README's targetVersions context (Testing.app reads no cdktf.json)", () => {
    const moving = parseMarkdown(fs.readFileSync(path.join(ROOT, "README.md"), "utf8")).find(
      (s) => s.heading === "Moving from cdktf to cdktn",
    )!;
    const [snippet] = moving.code.filter((c) => c.lang === "ts" && c.content.includes("Testing.app("));
    const readmeApp = new Function("Testing", `${snippet.content}\nreturn app;`) as (
      t: typeof cdktn.Testing,
    ) => cdktn.App;
    const fullSynth = (app: cdktn.App) => {
      const stack = new cdktn.TerraformStack(app, "shop");
      new forCdktn.AppMgmtProvider(stack, "appmgmt", {});
      const token = new cdktn.TerraformVariable(stack, "registry_token", { type: "string", sensitive: true });
      new forCdktn.ApplicationInstance(stack, "shop", {
        application: APP,
        secretParameters: { "input.registry-token": token.stringValue },
        secretParametersVersion: 1,
      });
      return () => cdktn.Testing.fullSynth(stack);
    };
    expect(fullSynth(cdktn.Testing.app())).toThrow(
      "write-only attributes requires terraform >=1.11.0, but the project targets terraform >=1.5.7",
    );
    expect(fullSynth(readmeApp(cdktn.Testing))).not.toThrow();
  });
});
