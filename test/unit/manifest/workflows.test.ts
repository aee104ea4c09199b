// application.workflows in the manifest: the parser's model of declared workflows and their parameters, its
// problems (with lines), and the rules of a run (src/rules/workflows.ts) shared by the provider and simulator.
import { ManifestError, parseManifest } from "../../../src/manifest";
import { checkWorkflowRun, reservedWorkflowFinding } from "../../../src/rules";
import { DEMO_MANIFESTS } from "../../../src/simulator";
import { corpusManifest } from "../../helpers/manifest-corpus";

const WITH_WORKFLOWS = `${DEMO_MANIFESTS.webshop[1]}
  workflows:
    backup:
      parameters:
        target: configuration(string)
        retention: configuration(string)
    restart:
`;

describe("application.workflows", () => {
  it("declares workflows with their parameters; a workflow may have none", () => {
    const m = parseManifest(WITH_WORKFLOWS);
    expect(m.workflows).toEqual({
      backup: {
        name: "backup",
        parameters: { target: { name: "target" }, retention: { name: "retention" } },
      },
      restart: { name: "restart", parameters: {} },
    });
    expect(parseManifest(DEMO_MANIFESTS.webshop[1]).workflows).toBeUndefined();
  });

  it("refuses reserved names, bad parameter pins and unknown keys, each with its line", () => {
    const text = `application:
  workflows:
    destroy: {}
    backup:
      parameters:
        target: bind(db#input.size)
      steps: []
`;
    const err = (() => {
      try {
        parseManifest(text);
      } catch (e) {
        return e as ManifestError;
      }
      throw new Error("parsed");
    })();
    expect(err.problems).toEqual([
      expect.objectContaining({
        line: 3,
        message: expect.stringContaining("workflow `destroy` is run by the service"),
      }),
      expect.objectContaining({ line: 7, message: expect.stringContaining("unknown key `steps`") }),
      expect.objectContaining({ line: 6, message: expect.stringContaining("write `configuration(string)`") }),
    ]);
  });

  it("checks a run: the workflow declared, its parameters known and strings, with a fix each", () => {
    const m = parseManifest(WITH_WORKFLOWS);
    expect(checkWorkflowRun(m, { workflow: "backup", parameters: { target: "s3://b" } })).toEqual([]);
    expect(checkWorkflowRun(m, { workflow: "bakup" })).toEqual([
      {
        path: ["workflow"],
        message: "the application manifest declares no workflow 'bakup'",
        fix: "did you mean 'backup'?",
      },
    ]);
    expect(checkWorkflowRun(m, { workflow: "backup", parameters: { retension: "7d", target: 1 } })).toEqual([
      {
        path: ["parameters", "retension"],
        message: "workflow 'backup' has no parameter 'retension'",
        fix: "did you mean parameters.retention?",
      },
      {
        path: ["parameters", "target"],
        message: "parameter 'target' must be a string",
        fix: 'write it as a string, e.g. "1"',
      },
    ]);
    expect(checkWorkflowRun(parseManifest(DEMO_MANIFESTS.webshop[1]), { workflow: "backup" })[0].fix).toBe(
      "bind an interface pin to a component's receive-command in the manifest (it declares no workflows)",
    );
  });

  it("refuses launch, reconfigure and destroy as runs by name, naming who runs them", () => {
    expect(reservedWorkflowFinding("destroy", "the appmgmt_instance resource")).toEqual({
      path: ["workflow"],
      message: "workflow 'destroy' is not run by name: the service runs it through its own call",
      fix: "the appmgmt_instance resource runs destroy; name a command of the manifest's interfaces (<interface>.<command>)",
    });
    expect(reservedWorkflowFinding("backup", "x")).toBeUndefined();
  });

  it("checks a run of a command against the interfaces' commands: a bare command name gets its interface", () => {
    const manifest = parseManifest(corpusManifest("workflow-commands"));
    expect(checkWorkflowRun(manifest, { workflow: "scale-up" })).toEqual([
      {
        path: ["workflow"],
        message: "the application manifest declares no workflow 'scale-up'",
        fix: "did you mean 'manage.scale-up'?",
      },
    ]);
    expect(checkWorkflowRun(manifest, { workflow: "manage.scale-up", parameters: { count: "2" } })).toEqual(
      [],
    );
    expect(
      checkWorkflowRun(manifest, { workflow: "manage.deploy", parameters: { revison: "r1" } })[0].fix,
    ).toBe("did you mean parameters.revision?");
  });
});
