// The generic planner as terraform-plugin-framework plans: on an in-place update that changes something, a
// computed attribute the configuration leaves null is unknown unless declared stable (UseStateForUnknown);
// the resource's in-place hook gets the prior private state and plans the next one. And every computed
// attribute of every resource schema declares what an update does to it.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import {
  isUnknown,
  UNKNOWN,
  type PlanResourceChangeRequest,
  type ValueObject,
} from "../../../src/terraform-model";
import { planDeclared, type DeclaredAttribute, type InPlacePlan } from "../../../src/provider/planner";

const ATTRS: DeclaredAttribute[] = [
  { name: "id", type: "string", computed: true, onUpdate: "stable" },
  { name: "name", type: "string", required: true, plan: "replace" },
  { name: "note", type: "string", optional: true },
  { name: "status", type: "string", computed: true, onUpdate: "unknown" },
  // undeclared: the framework's default applies (the schema test below refuses it in real schemas)
  { name: "undeclared", type: "string", computed: true },
  { name: "label", type: "string", optional: true, computed: true, onUpdate: "stable" },
];

const PRIOR: ValueObject = {
  id: "i-1",
  name: "a",
  note: "x",
  status: "Running",
  undeclared: "u",
  label: "l",
};

function request(change: ValueObject, priorPrivate = Buffer.from("prior")): PlanResourceChangeRequest {
  const proposed = { ...PRIOR, ...change };
  const config = { ...proposed, id: null, status: null, undeclared: null, label: null };
  return { typeName: "t", priorState: PRIOR, proposedNewState: proposed, config, priorPrivate };
}

const plan = (req: PlanResourceChangeRequest, inPlace?: Parameters<typeof planDeclared>[3]) =>
  planDeclared(req, ATTRS, () => [], inPlace);

test("an in-place change plans computed attributes unknown unless declared stable", () => {
  const { plannedState, requiresReplace } = plan(request({ note: "y" }));
  const planned = plannedState as ValueObject;
  expect(requiresReplace).toEqual([]);
  expect(isUnknown(planned.status)).toBe(true);
  expect(isUnknown(planned.undeclared)).toBe(true);
  expect(planned).toMatchObject({ id: "i-1", note: "y", label: "l" });
});

test("no change plans the prior state as it is, without asking the hook", () => {
  const inPlace = jest.fn((): InPlacePlan => ({}));
  const res = plan(request({}), inPlace);
  expect(res.plannedState).toEqual(PRIOR);
  expect(inPlace).not.toHaveBeenCalled();
  expect(res.plannedPrivate).toEqual(Buffer.from("prior"));
});

test("the hook gets the prior private state and the plan with the unknowns; its values and private state are planned", () => {
  const seen: unknown[] = [];
  const res = plan(request({ note: "y" }), (prior, planned, priorPrivate) => {
    seen.push(prior.status, isUnknown(planned.status), priorPrivate.toString());
    return {
      planned: { status: "Reconfiguring" },
      plannedPrivate: Buffer.from("next"),
      diagnostics: [{ severity: "warning", summary: "w" }],
    };
  });
  expect(seen).toEqual(["Running", true, "prior"]);
  expect((res.plannedState as ValueObject).status).toBe("Reconfiguring");
  expect(res.plannedPrivate).toEqual(Buffer.from("next"));
  expect(res.diagnostics.map((d) => d.summary)).toEqual(["w"]);
});

test("a change the hook calls local-only keeps every computed attribute's prior value", () => {
  const res = plan(request({ note: "y" }), () => ({ localOnly: true }));
  expect(res.plannedState).toEqual({ ...PRIOR, note: "y" });
  expect(res.plannedPrivate).toEqual(Buffer.from("prior"));
});

test("a replacing change leaves the computed attributes to the create plan and skips the hook", () => {
  const inPlace = jest.fn((): InPlacePlan => ({}));
  const res = plan(request({ name: "b" }), inPlace);
  expect(res.requiresReplace).toEqual([[{ attr: "name" }]]);
  expect(inPlace).not.toHaveBeenCalled();
});

test("a create plans every computed attribute the configuration leaves null unknown", () => {
  const config = { id: null, name: "a", note: null, status: null, undeclared: null, label: null };
  const create = {
    typeName: "t",
    priorState: null,
    proposedNewState: config,
    config,
    priorPrivate: Buffer.alloc(0),
  };
  const res = planDeclared(create, ATTRS, () => []);
  expect(res.plannedState).toEqual({
    ...config,
    id: UNKNOWN,
    status: UNKNOWN,
    undeclared: UNKNOWN,
    label: UNKNOWN,
  });
});

/** Every array of declared attributes exported by a resource's schema.ts (src/provider/<resource>/schema.ts). */
function declaredSchemas(): Array<[string, DeclaredAttribute[]]> {
  const root = join(__dirname, "../../../src/provider");
  const out: Array<[string, DeclaredAttribute[]]> = [];
  for (const dir of readdirSync(root, { withFileTypes: true })) {
    if (!dir.isDirectory() || !readdirSync(join(root, dir.name)).includes("schema.ts")) continue;
    const mod = require(join(root, dir.name, "schema.ts")) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (Array.isArray(value) && value.every((a) => typeof a?.name === "string" && "description" in a))
        out.push([`${dir.name}/schema.ts ${name}`, value as DeclaredAttribute[]]);
    }
  }
  return out;
}

/** Computed attributes without `onUpdate`; below a configurable attribute too (a computed one is planned whole). */
function undeclaredComputed(attrs: DeclaredAttribute[], at = ""): string[] {
  return attrs.flatMap((a) => [
    ...(a.computed && a.onUpdate === undefined ? [`${at}${a.name}`] : []),
    ...(a.nestedType && !a.computed ? undeclaredComputed(a.nestedType.attributes, `${at}${a.name}.`) : []),
  ]);
}

test("every computed attribute of every resource declares what an update plans for it", () => {
  const schemas = declaredSchemas();
  expect(schemas.map(([where]) => where)).toEqual(
    expect.arrayContaining([
      "instance/schema.ts INSTANCE_ATTRIBUTES",
      "application/schema.ts APPLICATION_ATTRIBUTES",
      "instance-workflow/schema.ts WORKFLOW_ATTRIBUTES",
    ]),
  );
  const missing = schemas.flatMap(([where, attrs]) => undeclaredComputed(attrs).map((a) => `${where}: ${a}`));
  expect(missing).toEqual([]);
});

test("the schema check finds an undeclared computed attribute, below a configurable one too", () => {
  expect(undeclaredComputed(ATTRS)).toEqual(["undeclared"]);
  const nested: DeclaredAttribute = {
    name: "subs",
    optional: true,
    nestedType: { nesting: "map", attributes: [{ name: "v", type: "string", computed: true }] },
  };
  expect(undeclaredComputed([nested])).toEqual(["subs.v"]);
});
