// Issue 28 item 4: a unit test written by the book (`Testing.synth(stack)`, no runValidations flag) fails on a
// binding-rule violation with literal values exactly as `cdktf synth` (app.synth()) does, with cdktf and cdktn.
import * as fs from "node:fs";
import * as cdktf from "cdktf";
import * as cdktn from "cdktn";
import * as forCdktn from "../../../src/cdktn";
import * as forCdktf from "../../../src";
import { DEMO_MANIFESTS } from "../../../src/simulator";

const APP = "5f0000000000000000000a11";

interface Library {
  App: new (opts: { outdir: string; skipValidation?: boolean }) => { synth(): void };
  Testing: { synth(stack: unknown, runValidations?: boolean): string };
  TerraformStack: new (scope: never, id: string) => unknown;
}
interface Constructs {
  AppMgmtProvider: new (scope: never, id: string, props: { baseUrl: string }) => unknown;
  ApplicationInstance: new (scope: never, id: string, props: Record<string, unknown>) => unknown;
  Application: new (scope: never, id: string, props: Record<string, unknown>) => unknown;
  ApplicationManifest: { fromYaml(yaml: string): unknown };
  bindings: { instance: { Instance: unknown } };
}

const FLAVOURS: [string, Library, Constructs][] = [
  ["cdktf", cdktf as unknown as Library, forCdktf as unknown as Constructs],
  ["cdktn", cdktn as unknown as Library, forCdktn as unknown as Constructs],
];

const outdirs: string[] = [];
afterAll(() => outdirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function stackIn(lib: Library, c: Constructs, props: Record<string, unknown>, skipValidation = false) {
  const outdir = fs.mkdtempSync("/tmp/appmgmt-testing-synth-");
  outdirs.push(outdir);
  const app = new lib.App({ outdir, skipValidation });
  const stack = new lib.TerraformStack(app as never, "shop") as never;
  new c.AppMgmtProvider(stack, "appmgmt", { baseUrl: "http://127.0.0.1:1" });
  const manifest = c.ApplicationManifest.fromYaml(DEMO_MANIFESTS.webshop[1]);
  new c.ApplicationInstance(stack, "webshop", { application: APP, manifest, ...props });
  return { app, stack };
}

function thrown(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error("expected it to throw");
}

const BOUND = { submodules: { db: { parameters: { "input.size": "large" } } } };

describe.each(FLAVOURS)("Testing.synth with %s", (_name, lib, c) => {
  it("fails on a bound submodule parameter set literally, with the message app.synth() gives", () => {
    const byTest = thrown(() => lib.Testing.synth(stackIn(lib, c, BOUND).stack));
    expect(byTest).toContain(
      "[shop/webshop] submodules.db.parameters['input.size']: input.size of submodule db is bound to",
    );
    expect(byTest).toContain("set parameters['input.db-size'] instead");
    const bySynth = thrown(() => stackIn(lib, c, BOUND).app.synth());
    expect(byTest.split("\n")[0]).toBe(bySynth.split("\n")[0]);
    expect(byTest).toContain(bySynth.split("\n")[1]);
  });

  it("fails on a malformed literal id of an Application, and passes a valid stack", () => {
    const { stack } = stackIn(lib, c, {});
    new c.Application(stack as never, "app", {
      organizationId: "demo-org",
      name: "webshop",
      manifest: c.ApplicationManifest.fromYaml(DEMO_MANIFESTS.webshop[1]),
    });
    expect(thrown(() => lib.Testing.synth(stack))).toContain("[shop/app] organizationId:");
    const fine = JSON.parse(
      lib.Testing.synth(stackIn(lib, c, { parameters: { "input.db-size": "large" } }).stack),
    );
    expect(Object.keys(fine.resource.appmgmt_instance)).toHaveLength(1);
  });

  it("the README's matcher finds the instance through bindings.instance.Instance", () => {
    const { stack } = stackIn(lib, c, { parameters: { "input.app-fork": "release-1" } });
    expect(lib.Testing.synth(stack)).toHaveResourceWithProperties(c.bindings.instance.Instance as never, {
      parameters: { "input.app-fork": "release-1" },
    });
  });

  it("leaves a stack of an app with skipValidation to synthesize", () => {
    expect(() => lib.Testing.synth(stackIn(lib, c, BOUND, true).stack)).not.toThrow();
  });
});
