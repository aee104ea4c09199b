// A second organization beside the demo one, with a user of its own: for the access rules (another
// organization's objects answer 404 or 403, the seed's `foreignObjects`) at every tier.
import { demoSeed, type SeedData } from "../../src/simulator";

export const OTHER = {
  organizationId: "5f0000000000000000000a02",
  environmentId: "5f0000000000000000000e03",
  applicationId: "5f0000000000000000000a12",
  email: "other@example.com",
  password: "other-password",
  refreshToken: "other-refresh-token",
  basic: `Basic ${Buffer.from("other@example.com:other-password").toString("base64")}`,
};

/** The demo data plus a second organization that the demo user does not belong to. */
export function twoOrgSeed(): SeedData {
  const seed = demoSeed();
  seed.organizations.push({
    id: OTHER.organizationId,
    name: "Other Org",
    environments: [{ id: OTHER.environmentId, name: "prod", default: true }],
    applications: [
      {
        id: OTHER.applicationId,
        name: "blog",
        manifests: { "1": "application:\n  interfaces:\n    input:\n      theme: configuration(string)\n" },
      },
    ],
  });
  seed.users.push({
    email: OTHER.email,
    password: OTHER.password,
    refreshTokens: [OTHER.refreshToken],
    organizations: [OTHER.organizationId],
  });
  return seed;
}
