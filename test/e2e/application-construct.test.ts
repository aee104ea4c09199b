// The Application construct through the real cdktf CLI and terraform, against the simulator: deploy creates
// the application and launches an instance of it, a changed manifest file uploads the next version and the
// instance follows it, destroy destroys the instance and forgets the application. Each step is checked on the
// service side.
import { DEMO } from "../../src/simulator";
import { CdkCliSession } from "../helpers/cdk-cli";

describe("Application construct with the cdktf CLI (steps run in order)", () => {
  let session: CdkCliSession;
  let dir: string;
  let appId: string;
  let shopId: string;
  const cdktf = (args: string[], manifest: string) => session.runOk(dir, args, { APP_MANIFEST: manifest });

  beforeAll(async () => {
    session = await CdkCliSession.start();
    dir = session.newProject("own-application", "test/e2e/fixtures/application-app.ts");
  });

  afterAll(async () => {
    await session?.close();
  });

  test("deploy creates the application with its manifest and launches an instance of it", async () => {
    const output = await cdktf(["deploy", "--auto-approve"], "webshop.yaml");
    const apps = await session.svc.client.listApplications(DEMO.organizationId);
    appId = apps.find((a) => a.name === "cdktf-shop")!.id;
    expect(output).toContain(`application_id = ${appId}`);
    const shop = await session.instanceNamed(DEMO.defaultEnvironmentId, "cdktf-own-shop");
    shopId = shop.id;
    expect(shop).toMatchObject({ application: appId, version: 1, status: "Running" });
    expect(shop.parameters["input.db-size"]).toBe("large");
  });

  test("a changed manifest is uploaded as version 2, and the instance is reconfigured to it", async () => {
    await cdktf(["deploy", "--auto-approve"], "webshop-own.yaml");
    expect(await session.svc.client.getInstance(shopId)).toMatchObject({
      application: appId,
      version: 2,
      status: "Running",
    });
  });

  test("destroy destroys the instance and only forgets the application", async () => {
    await cdktf(["destroy", "--auto-approve"], "webshop-own.yaml");
    expect((await session.svc.client.getInstance(shopId)).status).toBe("Destroyed");
    expect(await session.svc.client.listApplications(DEMO.organizationId)).toContainEqual({
      id: appId,
      name: "cdktf-shop",
    });
  });
});
