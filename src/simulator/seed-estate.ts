// A seed's estate: its instances and its environments' properties, markers and policies, put in place when a
// simulator starts afresh (not from a saved state). They are made through the calls a client makes, by a user
// of the organization, so the service's own rules check them (a bound submodule parameter is refused as at a
// launch), and each refusal is a seed problem naming the seed's path.
import { SeedError, type SeedData, type SeedEnvironment, type SeedInstance } from "./seed";
import { ServiceError, type Caller } from "./service-error";
import type { Simulator } from "./service";

/** Makes the seed's estate at `now`; every instance's workflows have ended by then. */
export function applySeedEstate(sim: Simulator, seed: SeedData, now: number): void {
  const problems: string[] = [];
  seed.organizations.forEach((org, o) => {
    const members = seed.users.filter((u) => u.organizations.includes(org.id));
    const callerFor = (email: string | undefined, path: string): Caller | undefined => {
      const user = email === undefined ? members[0] : members.find((u) => u.email === email);
      if (user) return sim.accounts.authenticate([basic(user.email, user.password)], now);
      problems.push(
        email === undefined
          ? `organizations[${o}]: its instances and environment settings need a user of the organization; add one`
          : `${path}.owner: ${email} is no user of this organization; name one of its users`,
      );
      return undefined;
    };
    org.environments.forEach((env, e) => {
      const path = `organizations[${o}].environments[${e}]`;
      if (!hasSettings(env)) return;
      const caller = callerFor(undefined, path);
      if (caller) collect(problems, path, () => applyEnvironmentSettings(sim, caller, env));
    });
    (org.instances ?? []).forEach((instance, i) => {
      const path = `organizations[${o}].instances[${i}]`;
      const caller = callerFor(instance.owner, path);
      if (caller) collect(problems, path, () => launchSeedInstance(sim, caller, instance, now));
    });
  });
  if (problems.length > 0) throw new SeedError("(its instances and environment settings)", problems);
}

function hasSettings(env: SeedEnvironment): boolean {
  return env.properties !== undefined || env.markers !== undefined || env.policies !== undefined;
}

function applyEnvironmentSettings(sim: Simulator, caller: Caller, env: SeedEnvironment): void {
  if (env.properties !== undefined)
    // the bodies the service's own calls take (docs/service-api.md: wrapped lists)
    sim.environments.putProperties(caller, env.id, {
      properties: Object.entries(env.properties).map(([name, value]) => ({
        name,
        type: env.propertyTypes?.[name] ?? "string",
        value,
      })),
    });
  if (env.markers !== undefined)
    sim.environments.putMarkers(caller, env.id, { markers: env.markers.map((name) => ({ name })) });
  if (env.policies !== undefined) sim.environments.putPolicies(caller, env.id, env.policies);
}

/**
 * Launches the instance far enough in the past that its launch (and, for a Destroyed one, its destroy) has
 * ended by `now`; a Failed, Canceled or Suspended one's launch ends so.
 */
function launchSeedInstance(sim: Simulator, caller: Caller, instance: SeedInstance, now: number): void {
  const { launchMs, destroyMs } = sim.timing;
  const launchedAt = now - launchMs - destroyMs - 2;
  const status = instance.status ?? "Running";
  const ending = status === "Running" || status === "Destroyed" ? undefined : status;
  if (ending)
    sim.failApplication(instance.application, instance.errorMessage ?? `seeded as ${ending}`, ending);
  try {
    const { id } = sim.launch(
      caller,
      instance.application,
      {
        instanceName: instance.name,
        environmentId: instance.environment,
        version: instance.manifestVersion,
        parameters: instance.parameters,
        submodules: instance.submodules,
        destroyInterval: -1,
      },
      launchedAt,
    );
    const launched = launchedAt + launchMs + 1;
    sim.getInstance(caller, id, launched);
    if (status === "Destroyed") sim.destroy(caller, id, {}, launched);
    sim.getInstance(caller, id, now);
  } finally {
    if (ending) sim.failApplication(instance.application, null);
  }
}

/** Runs `step`; a refusal by the service becomes the seed's problem at `path`. */
function collect(problems: string[], path: string, step: () => void): void {
  try {
    step();
  } catch (e) {
    if (!(e instanceof ServiceError)) throw e;
    problems.push(...e.errors.map((message) => `${path}: ${message}`));
  }
}

function basic(email: string, password: string): string {
  return `Basic ${Buffer.from(`${email}:${password}`).toString("base64")}`;
}
