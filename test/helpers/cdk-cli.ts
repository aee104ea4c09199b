// The cdktf CLI or cdktn-cli in throw-away projects (scripts/cdktf-project.js) against a test
// simulator and a test provider from a temp filesystem mirror. Start one per e2e test file in
// beforeAll and close it in afterAll.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { InstanceStatus } from "../../src/client";
import { installTestProvider, type TestProvider } from "./provider";
import { startTestSimulator, type TestSimulator } from "./simulator";

export interface CliRun {
  code: number;
  output: string;
}

export const cdktfProject: {
  ROOT: string;
  CDKTF: string;
  CDKTN: string;
  createCdktfProject(dir: string, appFile: string, opts?: { node?: string }): void;
  cdktfEnv(opts: { cliConfigFile: string; extra?: Record<string, string> }): NodeJS.ProcessEnv;
  runCdktf(args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; cli?: string[] }): Promise<CliRun>;
} = require("../../scripts/cdktf-project.js");

export interface CliSessionOptions {
  /** Command line before the CLI's arguments; default the cdktf CLI. */
  cli?: string[];
  /** Node that runs the apps and comes first on PATH; default this one. */
  node?: string;
}

export class CdkCliSession {
  static async start(options: CliSessionOptions = {}): Promise<CdkCliSession> {
    const [svc, provider] = await Promise.all([startTestSimulator(), installTestProvider()]);
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-e2e-"));
    const cliConfigFile = path.join(tmp, "terraformrc");
    fs.writeFileSync(cliConfigFile, `${provider.cliConfig}\n`);
    return new CdkCliSession(svc, provider, tmp, cliConfigFile, options);
  }

  private constructor(
    readonly svc: TestSimulator,
    private readonly provider: TestProvider,
    /** The session's temp directory (projects, CLI config, token cache); removed by close(). */
    readonly tmp: string,
    private readonly cliConfigFile: string,
    private readonly options: CliSessionOptions,
  ) {}

  /**
   * The same simulator, provider, token cache and projects, run by another CLI on another Node (a project
   * moving from cdktf to cdktn). The session it came from closes them.
   */
  withCli(options: CliSessionOptions): CdkCliSession {
    return new CdkCliSession(this.svc, this.provider, this.tmp, this.cliConfigFile, options);
  }

  /** A throw-away project running `appFile` (relative to the repository root). */
  newProject(name: string, appFile: string): string {
    const dir = path.join(this.tmp, name);
    cdktfProject.createCdktfProject(dir, path.join(cdktfProject.ROOT, appFile), { node: this.options.node });
    return dir;
  }

  /** Runs the CLI with `args` in `dir`, the simulator's settings and `extra` in its environment. */
  run(dir: string, args: string[], extra: Record<string, string> = {}): Promise<CliRun> {
    const { node, cli } = this.options;
    const nodeFirst: Record<string, string> = node
      ? { PATH: [path.dirname(node), process.env.PATH].join(path.delimiter) }
      : {};
    const env = cdktfProject.cdktfEnv({
      cliConfigFile: this.cliConfigFile,
      extra: {
        ...this.svc.env,
        APPMGMT_TOKEN_CACHE_DIR: path.join(this.tmp, "tokens"),
        ...nodeFirst,
        ...extra,
      },
    });
    return cdktfProject.runCdktf(args, { cwd: dir, env, cli });
  }

  /** As run, throwing with the CLI's output unless it exits 0; resolves the output. */
  async runOk(dir: string, args: string[], extra: Record<string, string> = {}): Promise<string> {
    const run = await this.run(dir, args, extra);
    const name = path.basename((this.options.cli ?? [cdktfProject.CDKTF]).at(-1)!);
    if (run.code !== 0) throw new Error(`${name} ${args.join(" ")} exited ${run.code}:\n${run.output}`);
    return run.output;
  }

  /** The service's view of the one instance named `name` in `environmentId`. */
  async instanceNamed(environmentId: string, name: string): Promise<InstanceStatus> {
    const summary = (await this.svc.client.listInstances(environmentId)).find((i) => i.name === name);
    if (!summary) throw new Error(`no instance named ${name} in environment ${environmentId}`);
    return this.svc.client.getInstance(summary.id);
  }

  async close(): Promise<void> {
    this.provider.remove();
    await this.svc.close();
    fs.rmSync(this.tmp, { recursive: true, force: true });
  }
}
