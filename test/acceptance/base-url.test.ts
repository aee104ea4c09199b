// What terraform shows for provider settings that cannot work: a base_url ending in the API prefix the provider
// adds itself is refused at configure, on the attribute, naming the suffix to remove; a service that cannot be
// reached is reported with the whole URL the provider tried; a refresh token the service refuses fails the plan
// at configure, even a plan that only creates.
import * as net from "node:net";
import { requiredProvidersSnippet } from "../../src/cli/install-provider";
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { describeRun, TerraformWorkspace } from "../helpers/terraform";

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

  test("a wrong refresh token fails `terraform plan` of a new instance at configure, saying what to do", async () => {
    const wrong = "not-the-demo-refresh-token";
    const ws = TerraformWorkspace.create({
      provider: ctx.provider,
      env: { ...ctx.svc.env, APPMGMT_REFRESH_TOKEN: wrong },
    });
    try {
      ws.writeMain(`${requiredProvidersSnippet()}

provider "appmgmt" {}

resource "appmgmt_instance" "web" {
  application_id = "${DEMO.webshopApplicationId}"
  instance_name  = "web"
}
`);
      await ws.init();
      const before = ctx.svc.sim.stats.requestCount;
      const run = await ws.run(["plan", "-no-color", "-input=false"]);
      expect({ code: run.code, run: describeRun(run) }).toMatchObject({ code: 1 });
      const out = run.stderr.replace(/[│\s]+/g, " ");
      expect(out).toContain("The appmgmt provider's credentials were refused");
      expect(out).toContain("authentication failed: the service refused the refresh token");
      expect(out).toContain("refresh token not recognised");
      expect(out).toContain(
        'set it as refresh_token in the provider "appmgmt" block or as APPMGMT_REFRESH_TOKEN',
      );
      expect(describeRun(run)).not.toContain(wrong);
      // The one token call, and nothing else reached the service.
      expect(ctx.svc.sim.stats.requestsSince(before).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(
        ["POST /refreshToken/jwtBearer 401"],
      );
    } finally {
      ws.remove();
    }
  });
});
