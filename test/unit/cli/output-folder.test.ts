// A package that fails half-way leaves no partial release (issue 28 item 8): what it added goes again.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { writeAllOrNothing } from "../../../src/cli/output-folder";

let tmp: string;
beforeEach(() => (tmp = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-out-"))));
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const failing = (dir: string) => () => {
  fs.mkdirSync(path.join(dir, "v2", "download"), { recursive: true });
  fs.writeFileSync(path.join(dir, "v2", "download", "linux_amd64"), "{}");
  fs.writeFileSync(path.join(dir, "release.zip"), "zip");
  throw new Error("signing failed");
};

test("a new folder is removed when the write fails, and kept when it succeeds", async () => {
  const out = path.join(tmp, "release");
  await expect(writeAllOrNothing(out, failing(out))).rejects.toThrow("signing failed");
  expect(fs.existsSync(out)).toBe(false);
  await expect(
    writeAllOrNothing(out, () => {
      fs.mkdirSync(out);
      fs.writeFileSync(path.join(out, "SHA256SUMS"), "sums");
      return 0;
    }),
  ).resolves.toBe(0);
  expect(fs.readdirSync(out)).toEqual(["SHA256SUMS"]);
});

test("in a folder that existed (a registry with earlier releases), only what the failed write added goes", async () => {
  fs.mkdirSync(path.join(tmp, "v1", "download"), { recursive: true });
  fs.writeFileSync(path.join(tmp, "v1", "download", "linux_amd64"), "earlier");
  fs.writeFileSync(path.join(tmp, "versions"), "earlier");
  await expect(writeAllOrNothing(tmp, failing(tmp))).rejects.toThrow("signing failed");
  expect(fs.readdirSync(tmp, { recursive: true }).sort()).toEqual([
    "v1",
    path.join("v1", "download"),
    path.join("v1", "download", "linux_amd64"),
    "versions",
  ]);
});
