// A throw-away GnuPG home with one signing key (RSA 3072, no passphrase, made in batch mode) for the
// release-signing tests: nothing touches the user's keyring, and the gpg-agent the home starts is stopped.
//
//   const key = makeGpgKey();   // key.home (GNUPGHOME), key.keyId, key.secretKeyFile; afterAll: key.remove()
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { removeGnupgHome } from "../../src/cli/release-signing";

export interface GpgKey {
  home: string;
  /** The primary key's long id (16 hex digits, upper case). */
  keyId: string;
  /** The armoured secret key, for `--gpg-key FILE`. */
  secretKeyFile: string;
  remove(): void;
}

export function gpgIn(home: string, args: string[]): string {
  try {
    return execFileSync("gpg", ["--batch", "--no-tty", ...args], {
      env: { ...process.env, GNUPGHOME: home },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stderr?: string };
    if (err.code === "ENOENT")
      throw new Error("these tests need gpg (GnuPG 2) on PATH: apt-get install gnupg");
    throw new Error(`gpg ${args.join(" ")} failed: ${err.stderr ?? err.message}`);
  }
}

export function makeGpgKey(): GpgKey {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-gpg-"));
  fs.chmodSync(home, 0o700);
  gpgIn(home, [
    "--passphrase",
    "",
    "--quick-gen-key",
    "appmgmt release test <release@example.invalid>",
    "rsa3072",
    "sign",
    "never",
  ]);
  const pub = gpgIn(home, ["--with-colons", "--list-keys"])
    .split("\n")
    .find((l) => l.startsWith("pub:"));
  if (!pub) throw new Error("gpg made no key");
  const keyId = pub.split(":")[4].toUpperCase();
  const secretKeyFile = path.join(home, "secret-key.asc");
  fs.writeFileSync(secretKeyFile, gpgIn(home, ["--armor", "--export-secret-keys", keyId]));
  return { home, keyId, secretKeyFile, remove: () => removeGnupgHome(home) };
}
