// The five data sources, read by terraform and compared with what the service answers directly.
import { waitForInstance } from "../../src/client";
import { DEMO } from "../../src/simulator";
import { useTerraformAgainstSimulator } from "../helpers/acceptance";
import { PROVIDER_HCL } from "../helpers/terraform";

describe("data sources", () => {
  const ctx = useTerraformAgainstSimulator();

  test("organizations, applications, environments, instances and instance match the service", async () => {
    const { id } = await ctx.svc.client.launch(DEMO.webshopApplicationId, {
      instanceName: "listed",
      environmentId: DEMO.stagingEnvironmentId,
      parameters: { "input.app-fork": "release-9" },
    });
    const onService = await waitForInstance(ctx.svc.client, id, {
      until: (s) => s.status === "Running",
      timeoutMs: 10_000,
    });
    ctx.tf.writeMain(`${PROVIDER_HCL}
data "appmgmt_organizations" "all" {}

data "appmgmt_applications" "demo" {
  organization_id = data.appmgmt_organizations.all.organizations[0].id
}

data "appmgmt_environments" "demo" {
  organization_id = data.appmgmt_organizations.all.organizations[0].id
}

locals {
  webshop = one([for a in data.appmgmt_applications.demo.applications : a.id if a.name == "webshop"])
  staging = one([for e in data.appmgmt_environments.demo.environments : e.id if e.name == "staging"])
}

data "appmgmt_instances" "staging_webshops" {
  environment_id = local.staging
  application_id = local.webshop
}

data "appmgmt_instances" "webshops_everywhere" {
  application_id = local.webshop
}

data "appmgmt_instances" "running_in_default" {
  environment_id = "${DEMO.defaultEnvironmentId}"
  status         = "Running"
}

data "appmgmt_instance" "listed" {
  id = data.appmgmt_instances.staging_webshops.instances[0].id
}
`);
    await ctx.tf.init();
    await ctx.tf.apply();

    const state = Object.fromEntries((await ctx.tf.state()).map((r) => [r.address, r.values]));
    expect(state["data.appmgmt_organizations.all"].organizations).toEqual(
      await ctx.svc.client.listOrganizations(),
    );
    expect(state["data.appmgmt_applications.demo"].applications).toEqual(
      await ctx.svc.client.listApplications(DEMO.organizationId),
    );
    expect(state["data.appmgmt_environments.demo"].environments).toEqual(
      await ctx.svc.client.listEnvironments(DEMO.organizationId),
    );
    expect(state["data.appmgmt_instances.staging_webshops"].instances).toEqual([
      {
        id,
        name: "listed",
        application_id: DEMO.webshopApplicationId,
        environment_id: DEMO.stagingEnvironmentId,
        revision_id: null,
        status: "Running",
      },
    ]);
    expect(state["data.appmgmt_instances.running_in_default"].instances).toEqual([]);
    // application_id alone: the application's instances in every environment
    expect(state["data.appmgmt_instances.webshops_everywhere"].instances).toEqual(
      (await ctx.svc.client.listApplicationInstances(DEMO.webshopApplicationId)).map((i) => ({
        id: i.id,
        name: i.name,
        application_id: i.application,
        environment_id: i.environment,
        revision_id: i.revision,
        status: i.status,
      })),
    );
    expect(state["data.appmgmt_instances.webshops_everywhere"].instances).toContainEqual(
      expect.objectContaining({ id, environment_id: DEMO.stagingEnvironmentId }),
    );
    expect(state["data.appmgmt_instance.listed"]).toMatchObject({
      id,
      name: "listed",
      application_id: DEMO.webshopApplicationId,
      environment_id: DEMO.stagingEnvironmentId,
      status: "Running",
      manifest_version: onService.version,
      parameters: onService.parameters,
    });
  });
});
