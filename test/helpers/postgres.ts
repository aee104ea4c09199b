// A throw-away PostgreSQL cluster for tests of terraform's `pg` backend: initdb into a temp dir, postgres
// listening on a free loopback port (and a socket in the temp dir), stopped and removed by stop().
//
//   const pg = await startTestPostgres();   // afterAll(() => pg.stop())
//   pg.connStr  -> "postgres://postgres@127.0.0.1:PORT/postgres?sslmode=disable" (trust auth, no password)
//
// The binaries come from the PATH, else from Debian's /usr/lib/postgresql/<major>/bin; when neither has
// them the test fails saying what to install. PostgreSQL refuses to run as root: as root, the cluster
// belongs to and runs as the unprivileged user `nobody` (through runuser).
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";

export interface TestPostgres {
  connStr: string;
  port: number;
  stop(): Promise<void>;
}

const DEBIAN_DIR = "/usr/lib/postgresql";
const UNPRIVILEGED = "nobody";

/** The directory holding initdb, pg_ctl and postgres; throws naming the package when there is none. */
export function postgresBinDir(pathEnv = process.env.PATH ?? "", debianDir = DEBIAN_DIR): string {
  for (const dir of pathEnv.split(path.delimiter)) {
    if (dir && ["initdb", "pg_ctl", "postgres"].every((b) => fs.existsSync(path.join(dir, b)))) return dir;
  }
  const majors = fs.existsSync(debianDir)
    ? fs
        .readdirSync(debianDir)
        .filter((m) => fs.existsSync(path.join(debianDir, m, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors.length > 0) return path.join(debianDir, majors[0], "bin");
  throw new Error(
    "PostgreSQL not found: initdb, pg_ctl and postgres are neither on the PATH nor in /usr/lib/postgresql/*/bin. " +
      "These tests start a throw-away cluster; .ci/run installs Debian's `postgresql` package " +
      "(apt-get install postgresql) when initdb is missing.",
  );
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** argv run as the unprivileged user when we are root (PostgreSQL refuses root). */
function asOwner(argv: string[]): string[] {
  return process.getuid?.() === 0 ? ["runuser", "-u", UNPRIVILEGED, "--", ...argv] : argv;
}

function run(argv: string[]): void {
  const [cmd, ...args] = asOwner(argv);
  const r = spawnSync(cmd, args, { encoding: "utf8" });
  if (r.status !== 0) {
    throw new Error(
      `${argv.join(" ")} failed (${r.error?.message ?? `exit ${r.status}`}):\n${r.stdout}${r.stderr}`,
    );
  }
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-pg-"));
  const data = path.join(root, "data");
  const logFile = path.join(root, "postgres.log");
  if (process.getuid?.() === 0) {
    const { uid, gid } = userIds(UNPRIVILEGED);
    fs.chownSync(root, uid, gid);
  }
  run([path.join(bin, "initdb"), "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  const options = `-p ${port} -h 127.0.0.1 -k ${root} -c fsync=off`;
  // pg_ctl -w waits until the server accepts connections (or fails with the log's last lines)
  try {
    run([path.join(bin, "pg_ctl"), "-D", data, "-l", logFile, "-o", options, "-w", "-t", "120", "start"]);
  } catch (e) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "";
    fs.rmSync(root, { recursive: true, force: true });
    throw new Error(`${(e as Error).message}\n--- postgres.log ---\n${log}`);
  }
  return {
    port,
    connStr: `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    async stop() {
      await new Promise<void>((resolve) => {
        const [cmd, ...args] = asOwner([path.join(bin, "pg_ctl"), "-D", data, "-m", "fast", "-w", "stop"]);
        spawn(cmd, args, { stdio: "ignore" }).on("close", () => resolve());
      });
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

function userIds(name: string): { uid: number; gid: number } {
  const r = spawnSync("id", ["-u", name], { encoding: "utf8" });
  const g = spawnSync("id", ["-g", name], { encoding: "utf8" });
  if (r.status !== 0 || g.status !== 0) {
    throw new Error(
      `running as root, PostgreSQL needs the unprivileged user "${name}", which does not exist`,
    );
  }
  return { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
}

/** `psql -c sql` against the cluster, for checks of what the backend stored. */
export function psql(pg: TestPostgres, sql: string): string {
  const beside = path.join(postgresBinDir(), "psql");
  const r = spawnSync(fs.existsSync(beside) ? beside : "psql", [pg.connStr, "-Atc", sql], {
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`psql failed: ${r.error?.message ?? r.stderr}`);
  return r.stdout.trim();
}
