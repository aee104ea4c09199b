// docs/manifest.md and docs/simulator.md checked against the code they describe: every manifest shown
// parses (or fails) with the project's parser exactly as printed, the binding rule's message is the one
// synth and plan give, and the simulator's ids, names and credentials are the demo seed's.
import * as fs from "node:fs";
import * as path from "node:path";
import { describeEncoding, encodeValue, ManifestError, parseManifest } from "../../../src/manifest";
import { checkInstanceConfig, formatFinding } from "../../../src/rules";
import { DEMO, demoSeed } from "../../../src/simulator/demo-seed";
import { parseMarkdown, type MarkdownSection } from "../../helpers/markdown";
import { stackManifest } from "../../helpers/nested-apps";

const ROOT = path.join(__dirname, "..", "..", "..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const flat = (s: string) => s.replace(/\s+/g, " ");

function sections(file: string): MarkdownSection[] {
  return parseMarkdown(read(file));
}

describe("docs/manifest.md", () => {
  const doc = sections("docs/manifest.md");
  const code = doc.flatMap((s) => s.code);
  const yaml = code.filter((c) => c.lang === "yaml");

  test("the example in the service's form reads as its comments say", () => {
    expect(yaml).toHaveLength(6);
    const manifest = parseManifest(yaml[0].content);
    expect(Object.keys(manifest.parameters)).toEqual(["input.app-fork", "input.db-size"]);
    expect(manifest.parameters["input.app-fork"].binds).toBeUndefined();
    expect(manifest.bindings).toEqual([
      { mainParameter: "input.db-size", submodule: "db", submoduleParameter: "input.size" },
    ]);
    expect(manifest.submodules.db.applicationId).toBe(DEMO.postgresApplicationId);
    expect(Object.keys(manifest.workflows!)).toEqual(["manage.scale-up", "manage.backup"]);
    expect(manifest.workflows!["manage.backup"].parameters).toEqual({ target: { name: "target" } });
    expect(manifest.components.workflow.configuration["configuration.workflows"]).toBeDefined();
  });

  test("the dotted-path example reads as its comments say", () => {
    const section = doc.find((s) => s.heading === "What passes through untouched")!;
    const manifest = parseManifest(section.code[0].content);
    expect(manifest.componentBindings).toEqual([["web.workflow", "cache"]]);
    expect(manifest.parameters["input.web-fork"]).toEqual({ name: "input.web-fork", type: "string" });
    expect(Object.keys(manifest.workflows!)).toEqual(["manage.update"]);
  });

  test("the parameter names example declares what its comments say", () => {
    const section = doc.find((s) => s.heading === "Parameter names")!;
    const manifest = parseManifest(section.code[0].content);
    expect(Object.keys(manifest.parameters)).toEqual([
      "configuration.scm-uri",
      "configuration.recipe-url",
      "in.app_input",
    ]);
    expect(manifest.parameters["in.app_input"].default).toBe("hello");
  });

  test("the YAML example resolves its merge key, and the leniency warning is the plan's", () => {
    const section = doc.find((s) => s.heading === "YAML as the service reads it")!;
    const manifest = parseManifest(section.code[0].content);
    expect(manifest.components.green.pins).toEqual(manifest.components.blue.pins);
    expect(manifest.components.green.type).toBe("workflow.Instance");
    const lenient = parseManifest(
      "application:\n  configuration:\n    input.a: x\n  interfaces:\n    input: {\n      a: configuration(string)\n  }\n",
    );
    expect(lenient.leniencies!.map((l) => l.line)).toEqual([7]);
    expect(section.code[1].content).toContain(`: ${lenient.leniencies![0].message}`);
  });

  test("the typed default's encoding is the one the plan gives", () => {
    const section = doc.find((s) => s.heading === "Typed configuration")!;
    const line = describeEncoding("input.zones", "list<string>", encodeValue(["eu-west-1a", "eu-west-1b"])!);
    expect(section.code[0].content.trim()).toBe(`- ${line}`);
  });

  test("the shorthand workflows example declares what its comments say", () => {
    const section = doc.find((s) => s.heading === "Workflows")!;
    const [example] = section.code.filter((c) => c.lang === "yaml");
    expect(parseManifest(example.content).workflows).toEqual({
      backup: { name: "backup", parameters: { target: { name: "target" } } },
      restart: { name: "restart", parameters: {} },
    });
  });

  test("the refused manifest's message is the parser's", () => {
    const shown = code.find((c) => c.content.startsWith("invalid application manifest:"));
    const broken = yaml[0].content.replace("bind(db#input.size)", "bind(cache#input.size)");
    expect(() => parseManifest(broken)).toThrow(ManifestError);
    try {
      parseManifest(broken);
    } catch (e) {
      expect(shown?.content.trim()).toBe((e as Error).message);
    }
  });

  test("the binding rule: the right configuration passes, the wrong one fails with the message shown", () => {
    const manifest = parseManifest(yaml[0].content);
    const right = {
      parameters: { "input.db-size": "large" },
      submodules: { db: { parameters: { "input.engine": "postgres-16" } } },
    };
    expect(checkInstanceConfig(manifest, right)).toEqual([]);
    const wrong = { submodules: { db: { parameters: { "input.size": "large" } } } };
    const [message] = checkInstanceConfig(manifest, wrong).map(formatFinding);
    expect(code.map((c) => c.content.trim())).toContain(message);
    // The TypeScript example sets what the check above accepts.
    const ts = code.find((c) => c.lang === "ts")!.content;
    expect(ts).toContain('parameters: { "input.db-size": "large" }');
    expect(ts).toContain('submodules: { db: { parameters: { "input.engine": "postgres-16" } } }');
  });
});

describe("docs/manifest.md, nested submodules", () => {
  const section = sections("docs/manifest.md").find((s) => s.heading === "Nested submodules")!;
  const [example] = section.code.filter((c) => c.lang === "yaml");

  test("the example is the nested test hierarchy, and its rule message is the one shown", () => {
    const manifest = parseManifest(example.content);
    expect(manifest).toEqual(
      parseManifest(stackManifest("5f00000000000000000000c1", "5f00000000000000000000c2")),
    );
    const right = {
      submodules: {
        db: { parameters: { "input.replica-size": "large" } },
        "db/replica": { parameters: { "input.lag": "1s" } },
      },
    };
    expect(checkInstanceConfig(manifest, right)).toEqual([]);
    const wrong = { submodules: { "db/replica": { parameters: { "input.size": "large" } } } };
    const [message] = checkInstanceConfig(manifest, wrong).map(formatFinding);
    expect(section.code.map((c) => c.content.trim())).toContain(message);
    const ts = section.code.find((c) => c.lang === "ts")!.content;
    expect(ts).toContain('db: { parameters: { "input.replica-size": "large" } }');
    expect(ts).toContain('"db/replica": { parameters: { "input.lag": "1s" } }');
  });
});

describe("docs/simulator.md", () => {
  const doc = sections("docs/simulator.md");
  const seed = demoSeed();
  const [org] = seed.organizations;
  const table = (heading: string, n = 0) => doc.find((s) => s.heading === heading)!.tables[n].slice(1);

  test("the credentials are the demo user's", () => {
    expect(table("Credentials").map((row) => row.slice(0, 2))).toEqual([
      ["user (email)", DEMO.email],
      ["password", DEMO.password],
      ["refresh token", DEMO.refreshToken],
    ]);
    expect(seed.users).toHaveLength(1);
    expect(seed.users[0].refreshTokens).toEqual([DEMO.refreshToken]);
  });

  test("the organization and environments are the demo seed's", () => {
    expect(seed.organizations).toHaveLength(1);
    expect(table("Organizations and environments", 0)).toEqual([[org.name, org.id]]);
    expect(table("Organizations and environments", 1)).toEqual(
      org.environments.map((e) => [e.name, e.id, e.default ? "yes" : "no"]),
    );
  });

  test("the applications, their manifest versions and the revision are the demo seed's", () => {
    expect(table("Applications")).toEqual(
      org.applications.map((a) => [a.name, a.id, Object.keys(a.manifests).join(", ")]),
    );
    const text = flat(doc.find((s) => s.heading === "Applications")!.paragraphs.join(" "));
    const [revision] = org.applications.find((a) => a.id === DEMO.webshopApplicationId)!.revisions!;
    expect(text).toContain(`${revision.name} (${revision.id})`);
    expect(text).toContain(`input.app-fork = ${revision.parameters!["input.app-fork"]}`);
  });

  test("the workflow durations are the demo seed's", () => {
    const { launchMs, reconfigureMs, destroyMs } = seed.timing!;
    const s = (ms?: number) => `${(ms ?? 0) / 1000} s`;
    const text = flat(doc.find((x) => x.heading === "Workflows")!.paragraphs.join(" "));
    expect(text).toContain(`ends after ${s(launchMs)}, ${s(reconfigureMs)} and ${s(destroyMs)}`);
  });
});

describe("README", () => {
  test("links both documents", () => {
    const readme = read("README.md");
    expect(readme).toContain("](docs/manifest.md)");
    expect(readme).toContain("](docs/simulator.md)");
  });
});
