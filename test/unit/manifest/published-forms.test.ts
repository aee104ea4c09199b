// The forms the service's engineers publish manifests in (issue 36): parameters on any interface, bindings ends
// naming an interface, YAML anchors, aliases and merge keys, a YAML 1.1 flow-close leniency, wildcard pins and
// a three-level hierarchy bound across levels on interfaces other than `input`.
import { manifestDefaults, parseManifest, withSubmoduleHierarchies } from "../../../src/manifest";
import { checkInstanceConfig, formatFinding } from "../../../src/rules";
import { CORPUS_CHILD_APPS, corpusManifest, manifestProblems } from "../../helpers/manifest-corpus";

const problems = manifestProblems;

describe("parameters are <interface>.<pin> on every interface", () => {
  it("reads configuration pins of any interface, declared or bound to a component's, with their defaults", () => {
    const m = parseManifest(corpusManifest("interface-parameters"));
    expect(manifestDefaults(m)).toEqual({
      "configuration.scm-uri": "https://git.example.test/shop.git",
      "configuration.recipe-url": "https://recipes.example.test/shop.tar.gz",
      "in.app_input": "hello",
    });
    expect(m.parameters["in.app_input"]).toEqual({ name: "in.app_input", type: "string", default: "hello" });
    // a signal and a command are no parameters
    expect(Object.keys(m.workflows!)).toEqual(["actions.redeploy"]);
    expect(m.workflows!["actions.redeploy"].parameters).toEqual({ revision: { name: "revision" } });
  });

  it("the rules check those names: a name of the manifest passes, another gets a did you mean", () => {
    const m = parseManifest(corpusManifest("interface-parameters"));
    expect(
      checkInstanceConfig(m, { parameters: { "in.app_input": "x", "configuration.scm-uri": "y" } }),
    ).toEqual([]);
    expect(checkInstanceConfig(m, { parameters: { "in.app_inptu": "x" } }).map(formatFinding)).toEqual([
      "parameters['in.app_inptu']: parameter 'in.app_inptu' is not defined by the application manifest. " +
        "Fix: did you mean parameters['in.app_input']?",
    ]);
    expect(checkInstanceConfig(m, { parameters: { app_input: "x" } }).map(formatFinding)).toEqual([
      "parameters.app_input: parameter name 'app_input' is not of the form '<interface>.<pin>'. " +
        "Fix: write parameters['in.app_input']",
    ]);
  });

  it("a default under a declared interface that names no pin of `input` is still refused", () => {
    expect(
      problems(
        corpusManifest("interface-parameters").replace("in.app_input: hello", "input.app_input: hello"),
      ),
    ).toEqual([
      "9: configuration key `input.app_input` names no pin of application.interfaces.input; write `input.<pin>` for a declared pin or remove it",
    ]);
  });

  it("three levels bound across levels: the binding rule holds on every interface", () => {
    const top = parseManifest(corpusManifest("tier-top"));
    const middle = parseManifest(corpusManifest("tier-middle"));
    const bottom = parseManifest(corpusManifest("tier-bottom"));
    expect(top.parameters["top_parent_in.middle_child_input"].binds).toEqual({
      submodule: "middle",
      parameter: "parent_in.child_input",
    });
    const byApp: Record<string, typeof middle> = {
      [CORPUS_CHILD_APPS["tier-middle"]]: middle,
      [CORPUS_CHILD_APPS["tier-bottom"]]: bottom,
    };
    const whole = withSubmoduleHierarchies(top, (s) => byApp[s.applicationId!]);
    expect(Object.keys(whole.submodules)).toEqual(["middle", "middle/child"]);
    const findings = checkInstanceConfig(whole, {
      submodules: {
        middle: { parameters: { "parent_in.child_input": "x", "parent_in.middle_setting": "fast" } },
        "middle/child": { parameters: { "child_in.child_input": "y", "child_in.flavour": "large" } },
      },
    });
    expect(findings.map((f) => f.fix)).toEqual([
      "set parameters['top_parent_in.middle_child_input'] instead",
      "set submodules.middle.parameters['parent_in.child_input'] instead",
    ]);
  });
});

describe("bindings ends of the form component#interface", () => {
  it("are read as the component's, which must exist", () => {
    const text = corpusManifest("interface-bindings");
    expect(parseManifest(text).componentBindings).toEqual([
      ["workflow", "compute"],
      ["workflow", "compute"],
    ]);
    expect(problems(text.replace("- [workflow#compute, compute]", "- [worker#compute, compute]"))).toEqual([
      "12: `application.bindings`: `worker` names no component; use one of: compute, workflow",
    ]);
  });
});

describe("YAML as the service's clients read it", () => {
  it("resolves anchors, aliases and merge keys: green is blue with its own launch and one more workflow", () => {
    const m = parseManifest(corpusManifest("yaml-anchors"));
    expect(m.components.green.type).toBe("workflow.Instance");
    expect(Object.keys(m.components.green.pins)).toEqual(["input.fork", "result.url"]);
    expect(m.parameters["input.green-fork"]).toEqual({
      name: "input.green-fork",
      type: "string",
      default: "canary",
    });
    expect(m.components.green.configuration["configuration.workflows"]).toEqual({
      launch: { steps: [], return: { url: { value: "https://green.apps.example.test" } } },
      drain: { steps: [] },
      destroy: { steps: [] },
    });
    expect(m.components.blue.configuration["configuration.workflows"]).toMatchObject({
      launch: { return: { url: { value: "https://blue.apps.example.test" } } },
    });
  });

  it("accepts a flow mapping closed left of its key, naming each line", () => {
    const m = parseManifest(corpusManifest("flow-mapping-indent"));
    expect(m.leniencies?.map((l) => l.line)).toEqual([9, 25]);
    expect(m.leniencies?.[0].message).toContain("the closing `}` is indented less than its key");
    expect(manifestDefaults(m)).toEqual({ "input.greeting": "hello" });
    expect(Object.keys(m.pins)).toEqual(["input.greeting", "endpoints.said"]);
  });

  it("still refuses what is no YAML, and a billion laughs without expanding it", () => {
    expect(problems("application:\n  interfaces: [\n")[0]).toMatch(/^\d+: not valid YAML/);
    const laughs = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"];
    for (let i = 1; i < 10; i++)
      laughs.push(
        `a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(", ")}]`,
      );
    const text = `application:\n  configuration:\n${laughs.map((l) => `    ${l}`).join("\n")}\n`;
    expect(problems(text)).toEqual([
      expect.stringMatching(/^\d+: its aliases expand to more than 10000 nodes; a manifest is refused/),
    ]);
    expect(problems("application: &loop\n  interfaces: *loop\n")[0]).toContain(
      "its aliases expand to more than",
    );
  });
});

describe("wildcard pins", () => {
  it("expose every pin of the bound component's interface, defaults included", () => {
    const m = parseManifest(corpusManifest("wildcard-pins"));
    expect(manifestDefaults(m)).toEqual({ "input.fork": "main", "input.replicas": "2" });
    expect(m.pins["result.hosts"]).toEqual({
      kind: "bind",
      text: "bind(cluster#result.hosts)",
      targets: [{ component: "cluster", interface: "result", pin: "hosts" }],
    });
  });
});
