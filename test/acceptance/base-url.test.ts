// What terraform shows for a base_url that cannot work: one ending in the API prefix the provider adds
// itself is refused at configure, on the attribute, naming the suffix to remove; a service that cannot be
// reached is reported with the whole URL the provider tried.
import * as net from "node:net";
import { requiredProvidersSnippet } from "../../src/cli/install-provider";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { describeRun } from "../helpers/terraform";

function config(baseUrl: string): string {
  return `${requiredProvidersSnippet()}

provider "appmgmt" {
  base_url    = ${JSON.stringify(baseUrl)}
  max_retries = 0
}

data "appmgmt_organizations" "all" {}
`;
}

/** A loopback port where nothing listens any more. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

describe("base_url mistakes under terraform", () => {
  const ctx = useTerraformAgainstSimulator();

  test("a base_url ending in /api/1/ is refused on the attribute, naming the suffix to remove", async () => {
    ctx.tf.writeMain(config(`${ctx.svc.url}/api/1/`));
    await ctx.tf.init();
    const run = await ctx.tf.run(["plan", "-no-color", "-input=false"]);
    expect(run.code).toBe(1);
    const out = run.stderr.replace(/[│\s]+/g, " ");
    expect(out).toContain("Invalid base_url (from provider attribute base_url)");
    expect(out).toContain(`base_url ends in "/api/1", which the provider adds itself`);
    expect(out).toContain(`remove "/api/1" and write "${ctx.svc.url}"`);
    // terraform points at the attribute in the provider block.
    expect(out).toMatch(/on main\.tf line \d+, in provider "appmgmt":/);
    expect(ctx.svc.sim.stats.tokenCalls).toBe(0);

    ctx.tf.writeMain(config(ctx.svc.url));
    const fixed = await ctx.tf.run(["plan", "-no-color", "-input=false"]);
    expect(fixed.code).toBe(0);
  });

  test("a service that cannot be reached is reported with the URL the provider tried", async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const ws = ctx.workspace();
    ws.writeMain(config(url));
    await ws.init();
    const run = await ws.run(["plan", "-no-color", "-input=false"]);
    expect(run.code).toBe(1);
    const out = run.stderr.replace(/[│\s]+/g, " ");
    expect(out).toMatch(new RegExp(`could not reach ${url.replace(/\./g, "\\.")}/\\S+; check base_url`));
    expect(describeRun(run)).not.toContain(ctx.svc.env.APPMGMT_REFRESH_TOKEN);
  });
});
