// The usual set-up of a test file that runs terraform against the simulator, as jest hooks:
//
//   const ctx = useTerraformAgainstSimulator();   // at the top of a describe block
//   test("...", async () => { ctx.tf.writeMain(...); await ctx.tf.apply(); ctx.svc.client.getInstance(id) });
//
// beforeAll starts the simulator (demo seed, short timings), installs the provider (once per file) and
// creates one workspace `tf` (the test writes main.tf and runs init); `workspace()` makes more.
// afterAll removes them all and stops the simulator.
import { installTestProvider, TestProvider } from "./provider";
import { startTestSimulator, TestSimulator, type TestSimulatorOptions } from "./simulator";
import { TerraformWorkspace } from "./terraform";

export interface AcceptanceContext {
  svc: TestSimulator;
  provider: TestProvider;
  tf: TerraformWorkspace;
  /** Another workspace against the same simulator, removed in afterAll. */
  workspace(): TerraformWorkspace;
}

export function useTerraformAgainstSimulator(opts: TestSimulatorOptions = {}): AcceptanceContext {
  const workspaces: TerraformWorkspace[] = [];
  const ctx = {
    workspace() {
      const ws = TerraformWorkspace.create({ provider: ctx.provider, env: ctx.svc.env });
      workspaces.push(ws);
      return ws;
    },
  } as AcceptanceContext;

  beforeAll(async () => {
    [ctx.svc, ctx.provider] = await Promise.all([startTestSimulator(opts), installTestProvider()]);
    ctx.tf = ctx.workspace();
  });

  afterAll(async () => {
    for (const ws of workspaces) ws.remove();
    ctx.provider?.remove();
    await ctx.svc?.close();
  });

  return ctx;
}
