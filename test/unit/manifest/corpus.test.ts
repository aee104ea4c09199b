// The corpus of manifests in the service's own form (test/fixtures/manifests, issue 31 item 5): each one parses,
// and the parser reads from it what the rules need while keeping the rest.
import { manifestDefaults, parseManifest } from "../../../src/manifest";
import { corpusManifest, manifestProblems } from "../../helpers/manifest-corpus";

describe("manifest corpus in the service's form", () => {
  it("workflow-commands: inputs bound into a workflow component are ordinary main parameters; commands are workflows", () => {
    const m = parseManifest(corpusManifest("workflow-commands"));
    expect(m.parameters).toEqual({
      "input.app-fork": { name: "input.app-fork", default: "master", type: "string" },
      "input.app-branch": { name: "input.app-branch", default: "HEAD", type: "string" },
    });
    expect(m.submodules).toEqual({});
    expect(m.bindings).toEqual([]);
    expect(m.workflows).toEqual({
      "manage.scale-up": {
        name: "manage.scale-up",
        parameters: { count: { name: "count" } },
        command: { component: "workflow", interface: "actions", pin: "scale-up" },
      },
      "manage.deploy": {
        name: "manage.deploy",
        parameters: { revision: { name: "revision" }, options: { name: "options" } },
        command: { component: "workflow", interface: "actions", pin: "deploy" },
      },
    });
    const workflow = m.components.workflow;
    expect(workflow.type).toBe("workflow.Instance");
    expect(workflow.pins["result.url"]).toEqual({
      kind: "publish-signal",
      text: "publish-signal(string)",
      type: "string",
    });
    // the configuration is kept whole: triggers, propagateStatus, the workflows and what launch returns
    expect(workflow.configuration["configuration.triggers"]).toEqual({ "input.app-branch": "deploy" });
    expect(workflow.configuration["configuration.propagateStatus"]).toEqual(["scale-up", "deploy"]);
    expect(m.pins["endpoints.url"].targets).toEqual([
      { component: "workflow", interface: "result", pin: "url" },
    ]);
  });

  it("hierarchy-platform: db binds its restated pin; its replica is left to db's own manifest", () => {
    const m = parseManifest(corpusManifest("hierarchy-platform"));
    expect(Object.keys(m.submodules)).toEqual(["db"]);
    expect(m.submodules.db).toEqual({
      name: "db",
      applicationId: "5f00000000000000000031c1",
      parameters: {
        "input.engine": { name: "input.engine", boundBy: "input.db-engine" },
        "input.replica-size": { name: "input.replica-size" },
      },
    });
    expect(m.parameters["input.app-fork"].binds).toBeUndefined();
    expect(m.parameters["input.db-engine"].binds).toEqual({ submodule: "db", parameter: "input.engine" });
    expect(m.componentBindings).toEqual([["app", "db"]]);
  });

  it("db-cluster and db-replica: each application's own manifest declares its own submodules", () => {
    const cluster = parseManifest(corpusManifest("db-cluster"));
    expect(cluster.bindings).toEqual([
      { mainParameter: "input.replica-size", submodule: "replica", submoduleParameter: "input.size" },
    ]);
    expect(cluster.submodules.replica.applicationId).toBe("5f00000000000000000031c2");
    const replica = parseManifest(corpusManifest("db-replica"));
    expect(manifestDefaults(replica)).toEqual({ "input.size": "small", "input.lag": "5s" });
    expect(replica.submodules).toEqual({});
  });

  it("dotted-bindings: components inside a component by dotted path, in bindings and in pins", () => {
    const m = parseManifest(corpusManifest("dotted-bindings"));
    expect(Object.keys(m.components)).toEqual(["cache", "web", "web.workflow", "web.balancer"]);
    expect(m.componentBindings).toEqual([
      ["web.workflow", "web.balancer"],
      ["web.workflow", "cache"],
      ["web.balancer", "web.workflow"],
    ]);
    expect(Object.keys(m.workflows!)).toEqual(["manage.update", "manage.scale-down"]);
    expect(m.workflows!["manage.scale-down"].command?.component).toBe("web.workflow");
    expect(m.parameters["input.web-fork"]).toEqual({
      name: "input.web-fork",
      default: "master",
      type: "string",
    });
    expect(m.parameters["input.cache-size"].binds).toEqual({ submodule: "cache", parameter: "input.size" });
  });

  it("typed-configuration: typed defaults become the strings sent, with their encoding", () => {
    const m = parseManifest(corpusManifest("typed-configuration"));
    expect(m.parameters["input.replicas"]).toEqual({
      name: "input.replicas",
      type: "int",
      default: "3",
      defaultEncoding: "number",
    });
    expect(m.parameters["input.zones"]).toMatchObject({
      type: "list<string>",
      default: '["eu-west-1a","eu-west-1b"]',
      defaultEncoding: "list",
    });
    expect(m.parameters["input.limits"]).toMatchObject({
      default: '{"cpu":2,"memory":"4g"}',
      defaultEncoding: "map",
    });
    expect(m.parameters["input.debug"]).toMatchObject({
      type: "bool",
      default: "false",
      defaultEncoding: "boolean",
    });
    expect(m.parameters["input.label"]).toEqual({ name: "input.label", type: "string", default: "nightly" });
  });

  it("service-consumer: services and the commands and signals between them are kept, the workflow's command read", () => {
    const m = parseManifest(corpusManifest("service-consumer"));
    expect(m.components.keystore.type).toBe("reference.Service");
    expect(m.components.consumer.pins["keypair-store.get-public-key"]).toMatchObject({
      kind: "send-command",
      arguments: { id: "string" },
    });
    expect(m.componentBindings).toEqual([
      ["keystore", "consumer"],
      ["env-properties", "consumer"],
    ]);
    expect(Object.keys(m.workflows!)).toEqual(["manage.rotate"]);
    expect(Object.keys(m.parameters)).toEqual(["input.key-id"]);
  });
});

describe("what the parser refuses in the service's form: only contradictions and text that is no pin", () => {
  const problems = manifestProblems;

  it("refuses a bindings entry or a pin naming a component that does not exist", () => {
    const dotted = corpusManifest("dotted-bindings");
    expect(
      problems(dotted.replace("- [web.balancer, web.workflow]", "- [web.balancer, web.worker]")),
    ).toEqual([
      "9: `application.bindings`: `web.worker` names no component; use one of: cache, web, web.workflow, web.balancer",
    ]);
    expect(
      problems(dotted.replace("bind(web.workflow#actions.update)", "bind(web.wf#actions.update)")),
    ).toEqual([
      "15: pin `manage.update` binds unknown component `web.wf`; use one of: cache, web, web.workflow, web.balancer",
    ]);
  });

  it("keeps what it does not read: unknown pin kinds, keys and component types are never an error", () => {
    const m = parseManifest(
      corpusManifest("workflow-commands")
        .replace("build: publish-signal(string)", "build: future-signal(map<string, list<int>>)")
        .replace("type: workflow.Instance", "type: docker.Compose")
        .replace("application:\n", "application:\n  policies: { owner: ops }\n"),
    );
    expect(m.components.workflow.pins["result.build"]).toEqual({
      kind: "future-signal",
      text: "future-signal(map<string, list<int>>)",
      type: "map<string, list<int>>",
    });
    expect(m.components.workflow.type).toBe("docker.Compose");
  });
});
