// ApplicationInstance's props mirror the appmgmt_instance resource (issue 39 item 4): every attribute of the
// generated binding's config is a prop, for cdktf and for cdktn. Read from the types themselves with the
// TypeScript compiler, so that a new attribute in the schema fails here until the construct takes it.
import * as path from "node:path";
import * as cdktf from "cdktf";
import * as cdktn from "cdktn";
import ts from "typescript";
import * as forCdktn from "../../../src/cdktn";
import * as forCdktf from "../../../src/constructs";

const ROOT = path.join(__dirname, "..", "..", "..");

/** What the synth test uses of a library and its constructs (the two differ only in their classes). */
interface Flavour {
  lib: {
    Testing: { app(): unknown; synth(stack: unknown): string };
    TerraformStack: new (scope: never, id: string) => unknown;
  };
  constructs: {
    ApplicationInstance: new (scope: never, id: string, props: forCdktf.ApplicationInstanceProps) => unknown;
  };
}

/** The stack of one ApplicationInstance with `props`, synthesized. */
function synthWith({ lib, constructs }: Flavour) {
  return (props: forCdktf.ApplicationInstanceProps) => {
    const stack = new lib.TerraformStack(lib.Testing.app() as never, "props");
    new constructs.ApplicationInstance(stack as never, "shop", props);
    return JSON.parse(lib.Testing.synth(stack));
  };
}

const LIBRARIES = [
  {
    library: "cdktf",
    constructs: "src/constructs/index.ts",
    gen: "src/gen/cdktf/providers/appmgmt/instance/index.ts",
    synth: synthWith({ lib: cdktf, constructs: forCdktf } as unknown as Flavour),
  },
  {
    library: "cdktn",
    constructs: "src/cdktn/index.ts",
    gen: "src/gen/cdktn/providers/appmgmt/instance/index.ts",
    synth: synthWith({ lib: cdktn, constructs: forCdktn } as unknown as Flavour),
  },
];
/** Props named otherwise than the attribute they set. */
const RENAMED: Record<string, string> = { applicationId: "application" };
/** Props that are no attribute: another way to give one (`environment` for `environmentId`). */
const CONSTRUCT_ONLY = ["environment"];
/** Meta-arguments the construct passes on (count and forEach make no sense for one named instance). */
const META_PASSED_ON = ["dependsOn", "lifecycle", "provider"];

const program = ts.createProgram(
  LIBRARIES.flatMap((l) => [l.constructs, l.gen].map((f) => path.join(ROOT, f))),
  {
    strict: true,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    noEmit: true,
  },
);
const checker = program.getTypeChecker();

/** The property names of the exported type or interface `name` of `file`. */
function propertiesOf(file: string, name: string): string[] {
  const source = program.getSourceFile(path.join(ROOT, file));
  if (!source) throw new Error(`${file} is not in the program`);
  const symbol = checker
    .getExportsOfModule(checker.getSymbolAtLocation(source)!)
    .find((s) => s.name === name);
  if (!symbol) throw new Error(`${file} exports no ${name}`);
  return checker
    .getDeclaredTypeOfSymbol(symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol)
    .getProperties()
    .map((p) => p.name)
    .sort();
}

/** The property names of a property's type (the value type of a map-typed property for `submodules`). */
function nestedProperties(file: string, name: string, property: string): string[] {
  const source = program.getSourceFile(path.join(ROOT, file))!;
  const symbol = checker
    .getExportsOfModule(checker.getSymbolAtLocation(source)!)
    .find((s) => s.name === name)!;
  const type = checker.getDeclaredTypeOfSymbol(
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol,
  );
  const propertyType = checker.getNonNullableType(checker.getTypeOfSymbol(type.getProperty(property)!));
  const parts = propertyType.isUnion() ? propertyType.types : [propertyType];
  const map = parts.find((t) => checker.getIndexInfosOfType(t).length > 0)!;
  return checker
    .getIndexInfosOfType(map)[0]
    .type.getProperties()
    .map((p) => p.name)
    .sort();
}

describe.each(LIBRARIES)("ApplicationInstanceProps ($library)", ({ library, constructs, gen, synth }) => {
  const meta = propertiesOf(
    path.relative(ROOT, require.resolve(`${library}/lib/terraform-resource.d.ts`)),
    "TerraformMetaArguments",
  );
  const attributes = propertiesOf(gen, "InstanceConfig").filter((p) => !meta.includes(p));
  const props = propertiesOf(constructs, "ApplicationInstanceProps");

  test("every attribute of the generated InstanceConfig is a prop", () => {
    const missing = attributes.filter((a) => !props.includes(RENAMED[a] ?? a));
    expect(missing).toEqual([]);
  });

  test("every prop is an attribute, a meta-argument or one of the construct's own", () => {
    const known = [...attributes.map((a) => RENAMED[a] ?? a), ...CONSTRUCT_ONLY, ...META_PASSED_ON];
    expect(props.filter((p) => !known.includes(p))).toEqual([]);
    expect(META_PASSED_ON.filter((m) => !meta.includes(m))).toEqual([]);
  });

  test("a submodule's settings are the generated submodule attributes", () => {
    expect(nestedProperties(constructs, "ApplicationInstanceProps", "submodules")).toEqual(
      nestedProperties(gen, "InstanceConfig", "submodules"),
    );
  });

  test("the lifetime, user data and sensitive return values reach the synthesized resource", () => {
    const synthesized = synth({
      application: "5f0000000000000000000a11",
      autoDestroyAfter: "8h",
      userData: "owner: team-a",
      sensitiveReturnValues: ["db.password"],
    });
    expect(synthesized.resource.appmgmt_instance.shop).toMatchObject({
      auto_destroy_after: "8h",
      user_data: "owner: team-a",
      sensitive_return_values: ["db.password"],
    });
  });
});
