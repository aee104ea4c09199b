// examples/hcl applies and destroys against the simulator exactly as its README describes, its files taken from
// the package `npm pack` makes (what a user copying the example has).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseManifest } from "../../src/manifest";
import { DEMO, DEMO_MANIFESTS } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { packedExamples, packPackage } from "../helpers/packed-package";

describe("examples/hcl", () => {
  const ctx = useTerraformAgainstSimulator();
  let tmp: string;
  let exampleDir: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-example-hcl-"));
    exampleDir = path.join(packedExamples(packPackage(tmp), tmp), "hcl");
  });
  afterAll(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  test("its webshop.yaml is the demo webshop's manifest", () => {
    const example = fs.readFileSync(path.join(exampleDir, "webshop.yaml"), "utf8");
    expect(parseManifest(example)).toEqual(parseManifest(DEMO_MANIFESTS.webshop[2]));
  });

  test("applies and destroys", async () => {
    for (const file of ["main.tf", "webshop.yaml", "webshop-own.yaml"]) {
      ctx.tf.writeFile(file, fs.readFileSync(path.join(exampleDir, file), "utf8"));
    }
    await ctx.tf.init();
    await ctx.tf.apply();

    const id = (await ctx.tf.resource("appmgmt_instance.webshop"))?.values.id as string;
    const onService = await ctx.svc.client.getInstance(id);
    expect(onService).toMatchObject({
      status: "Running",
      name: "webshop-staging",
      application: DEMO.webshopApplicationId,
      environment: DEMO.stagingEnvironmentId,
      parameters: { "input.app-fork": "release-1", "input.db-size": "medium", "input.replicas": "2" },
    });
    expect(onService.submodules.db.parameters).toEqual({
      "input.size": "medium",
      "input.engine": "postgres-16",
    });

    // The application made from webshop-own.yaml, an instance of it, and the backup workflow run on it.
    const own = (await ctx.tf.resource("appmgmt_application.own"))!.values;
    expect(await ctx.svc.client.listApplications(DEMO.organizationId)).toContainEqual({
      id: own.id,
      name: "webshop-staging-own",
    });
    const ownId = (await ctx.tf.resource("appmgmt_instance.own"))?.values.id as string;
    const ownOnService = await ctx.svc.client.getInstance(ownId);
    expect(ownOnService).toMatchObject({
      application: own.id,
      version: own.manifest_version,
      status: "Running",
    });
    expect(ownOnService.workflowHistory.map((r) => `${r.name}:${r.status}`)).toEqual([
      "launch:Succeeded",
      "backup:Succeeded",
    ]);
    expect(ownOnService.returnValues["backup.target"]).toBe("s3://backups/webshop-staging");
    // The revision looked up by name.
    expect((await ctx.tf.resource("data.appmgmt_revisions.stable"))?.values.revisions).toEqual([
      { id: DEMO.stableRevisionId, name: "stable" },
    ]);

    // The sandbox cloned from staging, with its own properties and markers; destroy only forgets it.
    const sandbox = (await ctx.tf.resource("appmgmt_environment.sandbox"))!.values;
    expect(await ctx.svc.client.environments.getProperties(sandbox.id as string)).toEqual([
      { name: "db-host", type: "string", value: "db.staging.internal" },
      { name: "replicas", type: "int", value: "2" },
    ]);
    expect((await ctx.tf.resource("data.appmgmt_environment.sandbox"))?.values.markers).toEqual(["sandbox"]);

    await ctx.tf.destroy();
    expect((await ctx.svc.client.getInstance(id)).status).toBe("Destroyed");
    expect((await ctx.svc.client.getInstance(ownId)).status).toBe("Destroyed");
  });
});
