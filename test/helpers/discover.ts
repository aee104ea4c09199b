// `appmgmt discover` as a user runs it: the package's bin in a child process, with the demo user's
// credentials in APPMGMT_* variables (Basic, so it makes no token call of its own).
import { execFile } from "node:child_process";
import { DEMO } from "../../src/simulator";
import { APPMGMT_CLI } from "./review";

export interface DiscoverRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runDiscover(baseUrl: string, args: string[]): Promise<DiscoverRun> {
  const env = {
    PATH: process.env.PATH,
    APPMGMT_BASE_URL: baseUrl,
    APPMGMT_EMAIL: DEMO.email,
    APPMGMT_PASSWORD: DEMO.password,
  };
  return new Promise((resolve) => {
    execFile(process.execPath, [APPMGMT_CLI, "discover", ...args], { env }, (error, stdout, stderr) =>
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
    );
  });
}
