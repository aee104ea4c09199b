// `appmgmt discover`: the instances a team already runs, as terraform import blocks or as TypeScript
// constructs with importFrom, so a whole estate comes under terraform in one step (issue 27).
import * as fs from "node:fs";
import { parseArgs } from "node:util";
import { ID_PATTERN } from "../service/limits";
import { resolveProviderConfig } from "../provider/config";
import { connectService } from "../provider/service";
import { createLogger } from "../terraform-model";
import { readCommandLine } from "./command-line";
import { discoverInstances, type DiscoverScope } from "./discover-estate";
import { renderHcl, renderTypescript } from "./discover-output";

export const DISCOVER_USAGE = `Usage: appmgmt discover (--environment ENV_ID | --organization ORG_ID) [options]

Lists the live top-level instances of an environment (or of every environment of an organization) and
writes what adopts them into terraform without touching them. Submodule instances come with their parent;
Destroyed and Destroying instances are left out. One progress line per environment read goes to stderr.

Formats:
  hcl (default)  one import block per instance. Then:
                   terraform plan -generate-config-out=generated.tf   (writes each instance's configuration:
                                                                       parameters, submodule settings,
                                                                       manifest version)
                   terraform apply                                     ("N imported, 0 added, 0 changed")
  typescript     a module exporting adoptedInstances(scope): one ApplicationInstance per instance with
                 the values it runs and .importFrom(id); call it in a cdktf (or cdktn) stack and deploy.

Resource names come from the instance names (lower case, other characters as _); instances that share
a name each take the last 6 characters of their id, so the same estate gives the same names every run.

Credentials and service as the provider reads them: APPMGMT_BASE_URL, and APPMGMT_REFRESH_TOKEN,
APPMGMT_EMAIL + APPMGMT_PASSWORD or APPMGMT_SESSION_TOKEN (also APPMGMT_API_VERSION, APPMGMT_CA_CERT_PEM,
APPMGMT_INSECURE, APPMGMT_REQUEST_TIMEOUT, APPMGMT_MAX_RETRIES, APPMGMT_TOKEN_CACHE_DIR).

Options:
  --environment ENV_ID     the environment to read
  --organization ORG_ID    every environment of the organization instead
  --application APP_ID     only instances of this application
  --name-prefix P          only instances whose name starts with P
  --format hcl|typescript  what to write (default hcl)
  --out FILE               write to FILE instead of stdout
  -h, --help               show this help`;

interface DiscoverOptions {
  scope: DiscoverScope;
  applicationId?: string;
  namePrefix?: string;
  format: "hcl" | "typescript";
  out?: string;
}

function parse(args: string[]): DiscoverOptions {
  const { values } = parseArgs({
    args,
    options: {
      environment: { type: "string" },
      organization: { type: "string" },
      application: { type: "string" },
      "name-prefix": { type: "string" },
      format: { type: "string", default: "hcl" },
      out: { type: "string" },
    },
  });
  const id = (flag: string, value: string | undefined) => {
    if (value !== undefined && !ID_PATTERN.test(value)) {
      throw new Error(
        `--${flag} ${JSON.stringify(value)} is no id: ids are 24 lowercase hexadecimal characters`,
      );
    }
    return value;
  };
  const environmentId = id("environment", values.environment);
  const organizationId = id("organization", values.organization);
  if ((environmentId === undefined) === (organizationId === undefined)) {
    throw new Error("give either --environment ENV_ID or --organization ORG_ID (see --help)");
  }
  const format = values.format;
  if (format !== "hcl" && format !== "typescript") {
    throw new Error(`--format ${JSON.stringify(format)}: use hcl or typescript`);
  }
  return {
    scope: environmentId !== undefined ? { environmentId } : { organizationId: organizationId! },
    applicationId: id("application", values.application),
    namePrefix: values["name-prefix"],
    format,
    out: values.out,
  };
}

/** Runs `appmgmt discover ARGS`; resolves to the exit code (0 done, 1 failed, 2 bad usage). */
export async function discoverCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const line = readCommandLine("discover", DISCOVER_USAGE, args, parse);
  if (!line.ok) return line.exitCode;
  const options = line.options;

  const { settings, diagnostics } = resolveProviderConfig({}, env, true);
  const problems = diagnostics.filter((d) => d.severity === "error");
  if (!settings || problems.length > 0) {
    for (const d of problems) console.error(`appmgmt discover: ${d.summary}: ${d.detail}`);
    return 1;
  }
  const service = await connectService(settings, createLogger({ module: "discover", level: "warn" }));
  try {
    const instances = await discoverInstances(
      service.client,
      options.scope,
      { applicationId: options.applicationId, namePrefix: options.namePrefix },
      { progress: (l) => console.error(l) },
    );
    const scope =
      "environmentId" in options.scope
        ? `environment ${options.scope.environmentId}`
        : `organization ${options.scope.organizationId}`;
    const text =
      options.format === "typescript" ? renderTypescript(instances, scope) : renderHcl(instances, scope);
    if (options.out === undefined) process.stdout.write(text);
    else {
      fs.writeFileSync(options.out, text);
      console.error(`wrote ${instances.length} instances to ${options.out}`);
    }
    return 0;
  } catch (e) {
    console.error(`appmgmt discover: ${(e as Error).message}`);
    return 1;
  } finally {
    await service.client.close();
  }
}
