// Runs the real terraform binary against the simulator, in a temp working directory of its own.
//
//   const provider = await installTestProvider();               // ./provider.ts, once per test file
//   const tf = TerraformWorkspace.create({ provider, env: svc.env });   // svc: ./simulator.ts
//   tf.writeMain(`${PROVIDER_HCL} resource "appmgmt_instance" "web" { ... }`);
//   await tf.init(); await tf.apply();                           // throw with terraform's output on failure
//   const r = await tf.apply({ check: false });                  // or get { code, stdout, stderr } back
//   (await tf.resource("appmgmt_instance.web"))?.values.id       // from `terraform state pull`
//   afterAll: tf.remove(); provider.remove(); await svc.close();
//
// Each workspace has its own CLI config (filesystem mirror for registry.terraform.io/appmgmt/*, direct
// for the rest) through TF_CLI_CONFIG_FILE, its own session-token cache dir, CHECKPOINT_DISABLE=1 and
// TF_IN_AUTOMATION=1; the caller's TF_* and APPMGMT_* variables are dropped (TF_LOG/TF_LOG_PATH kept,
// for debugging). The binary is $TERRAFORM_BINARY_NAME or `terraform`; when it cannot be started the
// command rejects with an error saying so, so the test fails rather than skips.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { requiredProvidersSnippet } from "../../src/cli/install-provider";
import type { TestProvider } from "./provider";

/** required_providers + an empty provider block (the provider reads APPMGMT_* from the environment). */
export const PROVIDER_HCL = `${requiredProvidersSnippet()}\n\nprovider "appmgmt" {}\n`;

export interface TerraformRun {
  args: string[];
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A terraform command still running, for tests that interrupt it. */
export interface RunningTerraform {
  /** Resolves when terraform has exited. */
  done: Promise<TerraformRun>;
  /** Ctrl-C: SIGINT to terraform's whole process group (terraform and its provider processes). */
  interrupt(): void;
}

export interface StateResource {
  address: string;
  values: Record<string, unknown>;
  tainted: boolean;
}

export interface PlannedChange {
  address: string;
  /** "create" | "update" | "delete" | "replace" | "read" | "noop" | "import" ... as terraform names it. */
  action: string;
}

export interface CheckOption {
  /** Throw when terraform fails (default true). */
  check?: boolean;
}

/** A resource as terraform's state file (format version 4) holds it. */
interface StateFileResource {
  module?: string;
  mode: "managed" | "data";
  type: string;
  name: string;
  instances: Array<{ index_key?: string | number; status?: string; attributes: Record<string, unknown> }>;
}

/** The address `terraform show -json` gives an instance: `type.name`, `data.` before a data source, `[key]` after. */
function instanceAddress(r: StateFileResource, key: string | number | undefined): string {
  const base = `${r.mode === "data" ? "data." : ""}${r.type}.${r.name}`;
  return key === undefined ? base : `${base}[${JSON.stringify(key)}]`;
}

export function terraformBinary(): string {
  return process.env.TERRAFORM_BINARY_NAME || "terraform";
}

export function describeRun(run: TerraformRun): string {
  const status = run.signal ? `signal ${run.signal}` : `exit code ${run.code}`;
  return `terraform ${run.args.join(" ")} -> ${status}\n--- stdout ---\n${run.stdout}\n--- stderr ---\n${run.stderr}`;
}

function assertSucceeded(run: TerraformRun, okCodes: number[] = [0]): TerraformRun {
  if (run.code === null || !okCodes.includes(run.code)) throw new Error(describeRun(run));
  return run;
}

export class TerraformWorkspace {
  private constructor(
    /** The working directory (main.tf, state, .terraform). */
    readonly dir: string,
    private readonly root: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /**
   * Without `provider`, no CLI config is written: terraform then searches its default places (the
   * implied local mirror under $HOME), which is what `appmgmt install-provider` without --dir relies on.
   */
  static create(opts: { provider?: TestProvider; env: Record<string, string> }): TerraformWorkspace {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-tf-"));
    const dir = path.join(root, "work");
    const tokenCache = path.join(root, "token-cache");
    fs.mkdirSync(dir);
    fs.mkdirSync(tokenCache, { mode: 0o700 });

    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) {
      const keep =
        (!k.startsWith("TF_") && !k.startsWith("APPMGMT_")) || k === "TF_LOG" || k === "TF_LOG_PATH";
      if (keep) env[k] = v;
    }
    if (opts.provider) {
      env.TF_CLI_CONFIG_FILE = path.join(root, "terraformrc");
      fs.writeFileSync(env.TF_CLI_CONFIG_FILE, `${opts.provider.cliConfig}\n`);
    }
    Object.assign(env, {
      CHECKPOINT_DISABLE: "1",
      TF_IN_AUTOMATION: "1",
      TF_INPUT: "0",
      APPMGMT_TOKEN_CACHE_DIR: tokenCache,
      ...opts.env,
    });
    return new TerraformWorkspace(dir, root, env);
  }

  /**
   * The same working directory and state run with other variables (another user's credentials, say): for
   * one terraform command; the workspace it came from removes the directory.
   */
  withEnv(env: Record<string, string>): TerraformWorkspace {
    return new TerraformWorkspace(this.dir, this.root, { ...this.env, ...env });
  }

  writeMain(hcl: string): void {
    this.writeFile("main.tf", hcl);
  }

  /** Writes a file into the working directory (a manifest for `file(...)`, a .tf file). */
  writeFile(name: string, content: string): void {
    fs.writeFileSync(path.join(this.dir, name), content);
  }

  /** Starts `terraform <args>` in its own process group; never rejects for a failing command. */
  start(args: string[]): RunningTerraform {
    const binary = terraformBinary();
    const child = spawn(binary, args, { cwd: this.dir, env: this.env, detached: true });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const done = new Promise<TerraformRun>((resolve, reject) => {
      child.on("error", (err: NodeJS.ErrnoException) =>
        reject(
          err.code === "ENOENT"
            ? new Error(
                `terraform binary "${binary}" not found on PATH: acceptance tests need Terraform >= 1.11 ` +
                  `(or set TERRAFORM_BINARY_NAME, e.g. to tofu)`,
              )
            : err,
        ),
      );
      child.on("close", (code, signal) => resolve({ args, code, signal, stdout, stderr }));
    });
    return {
      done,
      interrupt: () => {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGINT");
      },
    };
  }

  run(args: string[]): Promise<TerraformRun> {
    return this.start(args).done;
  }

  async init(opts: CheckOption = {}): Promise<TerraformRun> {
    const run = await this.run(["init", "-no-color", "-input=false"]);
    return opts.check === false ? run : assertSucceeded(run);
  }

  /** `plan -detailed-exitcode`: code 0 = no changes, 2 = changes (both count as success). */
  async plan(opts: CheckOption = {}): Promise<TerraformRun> {
    const run = await this.run(["plan", "-no-color", "-input=false", "-detailed-exitcode"]);
    return opts.check === false ? run : assertSucceeded(run, [0, 2]);
  }

  /** The resource changes a plan proposes, from `terraform plan -json`. */
  async plannedChanges(): Promise<PlannedChange[]> {
    const run = assertSucceeded(await this.run(["plan", "-json", "-input=false"]));
    const changes: PlannedChange[] = [];
    for (const line of run.stdout.split("\n")) {
      if (!line.startsWith("{")) continue;
      const msg = JSON.parse(line) as {
        type: string;
        change?: { resource: { addr: string }; action: string };
      };
      if (msg.type === "planned_change" && msg.change) {
        changes.push({ address: msg.change.resource.addr, action: msg.change.action });
      }
    }
    return changes;
  }

  async apply(opts: CheckOption = {}): Promise<TerraformRun> {
    const run = await this.run(["apply", "-no-color", "-input=false", "-auto-approve"]);
    return opts.check === false ? run : assertSucceeded(run);
  }

  async destroy(opts: CheckOption = {}): Promise<TerraformRun> {
    const run = await this.run(["destroy", "-no-color", "-input=false", "-auto-approve"]);
    return opts.check === false ? run : assertSucceeded(run);
  }

  async import(address: string, id: string, opts: CheckOption = {}): Promise<TerraformRun> {
    const run = await this.run(["import", "-no-color", "-input=false", address, id]);
    return opts.check === false ? run : assertSucceeded(run);
  }

  /**
   * Every resource of the root module, from the state itself (`terraform state pull`, from whatever backend):
   * the values as the provider last wrote them, which `terraform show -json` prints too, but without starting
   * a provider process for the schema (about 0.3 s of CPU a call: the acceptance tier makes about a hundred).
   * The same values because appmgmt's schema has no dynamic attribute (the state file wraps those in
   * {type, value}); terraform-runner.test.ts compares the two.
   */
  async state(): Promise<StateResource[]> {
    const run = assertSucceeded(await this.run(["state", "pull"]));
    if (run.stdout.trim() === "") return []; // no state yet
    const doc = JSON.parse(run.stdout) as { resources?: StateFileResource[] };
    return (doc.resources ?? [])
      .filter((r) => r.module === undefined)
      .flatMap((r) =>
        r.instances.map((i) => ({
          address: instanceAddress(r, i.index_key),
          values: i.attributes,
          tainted: i.status === "tainted",
        })),
      );
  }

  async resource(address: string): Promise<StateResource | undefined> {
    return (await this.state()).find((r) => r.address === address);
  }

  remove(): void {
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}
