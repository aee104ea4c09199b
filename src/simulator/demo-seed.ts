// The built-in demo data (docs/dev/TEAM-CONTRACTS.md, "Demo seed ids"): what `appmgmt sim` serves without --seed.
import type { SeedData } from "./seed";

export const DEMO = {
  organizationId: "5f0000000000000000000a01",
  defaultEnvironmentId: "5f0000000000000000000e01",
  stagingEnvironmentId: "5f0000000000000000000e02",
  webshopApplicationId: "5f0000000000000000000a11",
  postgresApplicationId: "5f0000000000000000000b01",
  stableRevisionId: "5f0000000000000000000c01",
  email: "demo@example.com",
  password: "demo-password",
  refreshToken: "demo-refresh-token",
} as const;

const WEBSHOP_V1 = `application:
  configuration:
    input.app-fork: master
    input.db-size: small
  interfaces:
    input:
      app-fork: configuration(string)
      db-size: bind(db#input.size)
  components:
    db:
      type: reference.Submodule
      configuration:
        __locator.application-id: "${DEMO.postgresApplicationId}"
      interfaces:
        input:
          size: configuration(string)
          engine: configuration(string)
`;

const WEBSHOP_V2 = WEBSHOP_V1.replace(
  "    input.db-size: small\n",
  '    input.db-size: small\n    input.replicas: "1"\n',
).replace(
  "      db-size: bind(db#input.size)\n",
  "      db-size: bind(db#input.size)\n      replicas: configuration(string)\n",
);

const POSTGRES_V1 = `application:
  configuration:
    input.size: small
    input.engine: postgres-15
  interfaces:
    input:
      size: configuration(string)
      engine: configuration(string)
`;

/** The demo applications' manifest texts by version, for tests and examples that need the same YAML. */
export const DEMO_MANIFESTS = {
  webshop: { 1: WEBSHOP_V1, 2: WEBSHOP_V2 },
  postgres: { 1: POSTGRES_V1 },
} as const;

/** A fresh copy of the demo data (callers may change it, e.g. its timing). */
export function demoSeed(): SeedData {
  return {
    users: [
      {
        email: DEMO.email,
        password: DEMO.password,
        refreshTokens: [DEMO.refreshToken],
        organizations: [DEMO.organizationId],
      },
    ],
    organizations: [
      {
        id: DEMO.organizationId,
        name: "Demo Org",
        environments: [
          { id: DEMO.defaultEnvironmentId, name: "default", default: true },
          { id: DEMO.stagingEnvironmentId, name: "staging", default: false },
        ],
        applications: [
          {
            id: DEMO.webshopApplicationId,
            name: "webshop",
            manifests: { "1": WEBSHOP_V1, "2": WEBSHOP_V2 },
            revisions: [
              {
                id: DEMO.stableRevisionId,
                name: "stable",
                manifestVersion: 1,
                parameters: { "input.app-fork": "release-1" },
                submodules: { db: { parameters: { "input.engine": "postgres-16" } } },
              },
            ],
          },
          { id: DEMO.postgresApplicationId, name: "postgres", manifests: { "1": POSTGRES_V1 } },
        ],
      },
    ],
    timing: { launchMs: 1500, reconfigureMs: 1000, destroyMs: 1000 },
  };
}
