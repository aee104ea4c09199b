// GPG signing of a release: terraform installs a provider from a registry only with a detached binary
// signature of the SHA256SUMS file (`..._SHA256SUMS.sig`) made by a key whose ASCII-armoured public part
// the registry serves in each download document; it then checks the zip against SHA256SUMS. The `gpg`
// program does the signing (the key stays in the user's keyring or agent); a key given as a file is
// imported into a throw-away GnuPG home first, so the user's keyring is never changed.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

export interface SigningKey {
  /** The long (16 hex digit) key id of the primary key, as terraform's registry documents name it. */
  keyId: string;
  /** The public key in ASCII armour. */
  asciiArmor: string;
}

export interface ReleaseSignature extends SigningKey {
  signatureFile: string;
  publicKeyFile: string;
}

/** What `appmgmt package` says when no key is given. */
export const UNSIGNED_NOTE =
  "the release is unsigned (no --gpg-key): terraform installs it from a filesystem or network mirror " +
  "(checked against the lock file's hashes), but not from a registry, which must serve a GPG signature of " +
  "the SHA256SUMS file; pass --gpg-key KEYID (a secret key in your GnuPG keyring) or --gpg-key FILE (an " +
  "armoured secret key without a passphrase) to sign it";

function gpg(args: string[], home: string | undefined, what: string): string {
  const env = home ? { ...process.env, GNUPGHOME: home } : process.env;
  try {
    return execFileSync("gpg", ["--batch", "--no-tty", ...args], {
      env,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stderr?: string };
    if (err.code === "ENOENT")
      throw new Error(
        "--gpg-key needs the gpg program (GnuPG 2) on PATH: install it (apt-get install gnupg)",
      );
    throw new Error(`--gpg-key: ${what} failed: ${err.stderr?.trim() || err.message}`, { cause: e });
  }
}

/** The primary key's long id and armoured public key for `key` in the keyring at `home`. */
function publicKey(key: string, home: string | undefined): SigningKey {
  const listing = gpg(["--with-colons", "--list-keys", key], home, `looking up the key ${key}`);
  const pub = listing.split("\n").find((l) => l.startsWith("pub:"));
  if (!pub) throw new Error(`--gpg-key ${key}: no public key of that name in the keyring`);
  const keyId = pub.split(":")[4].toUpperCase();
  const asciiArmor = gpg(["--armor", "--export", keyId], home, `exporting the public key ${keyId}`);
  return { keyId, asciiArmor };
}

/** Stops the gpg-agent that gpg started for a throw-away home, then removes the home. */
export function removeGnupgHome(home: string): void {
  try {
    execFileSync("gpgconf", ["--kill", "gpg-agent"], {
      env: { ...process.env, GNUPGHOME: home },
      stdio: "ignore",
    });
  } catch {
    // no agent (or no gpgconf): nothing runs there
  }
  fs.rmSync(home, { recursive: true, force: true });
}

/**
 * The signing key `key` names, in a throw-away home for a key file: its long id and public key. Throws,
 * naming the key and the fix, when there is no secret key to sign with.
 */
function signingKey(key: string, home: string | undefined): SigningKey {
  if (home) {
    fs.chmodSync(home, 0o700);
    gpg(["--import", path.resolve(key)], home, `importing the key file ${key}`);
  }
  let secret: string;
  try {
    secret = gpg(
      ["--with-colons", "--list-secret-keys", ...(home ? [] : [key])],
      home,
      home ? "listing the imported key" : `looking up the secret key ${key}`,
    );
  } catch (e) {
    throw new Error(
      `${(e as Error).message}. Name a key that \`gpg --list-secret-keys\` lists, or pass the file of an ` +
        "armoured secret key",
      { cause: e },
    );
  }
  const sec = secret.split("\n").find((l) => l.startsWith("sec:"));
  if (!sec)
    throw new Error(
      home
        ? `--gpg-key ${key}: the file holds no secret key (export it with gpg --export-secret-keys --armor)`
        : `--gpg-key ${key}: no secret key of that name in your GnuPG keyring (gpg --list-secret-keys lists them)`,
    );
  return publicKey(sec.split(":")[4], home);
}

/** Runs `use` with the key `key` names, importing a key file into a throw-away home removed afterwards. */
function withSigningKey<T>(key: string, use: (signing: SigningKey, home: string | undefined) => T): T {
  const isFile = fs.existsSync(key) && fs.statSync(key).isFile();
  const home = isFile ? fs.mkdtempSync(path.join(os.tmpdir(), "appmgmt-gnupg-")) : undefined;
  try {
    return use(signingKey(key, home), home);
  } finally {
    if (home) removeGnupgHome(home);
  }
}

/** Checks before any build that `key` can sign: a secret key in the keyring, or a key file holding one. */
export function checkSigningKey(key: string): SigningKey {
  return withSigningKey(key, (signing) => signing);
}

/**
 * Signs `sumsFile` with `key` (a key id, fingerprint or user id in the keyring, or the path of an armoured
 * secret key file); writes `<sumsFile>.sig` and the public key beside it as `publicKeyName`.
 */
export function signRelease(sumsFile: string, key: string, publicKeyName: string): ReleaseSignature {
  return withSigningKey(key, (signing, home) => {
    const signatureFile = `${sumsFile}.sig`;
    fs.rmSync(signatureFile, { force: true });
    gpg(
      ["--local-user", signing.keyId, "--detach-sign", "--output", signatureFile, sumsFile],
      home,
      `signing ${path.basename(sumsFile)} with ${signing.keyId}`,
    );
    const publicKeyFile = path.join(path.dirname(sumsFile), publicKeyName);
    fs.writeFileSync(publicKeyFile, signing.asciiArmor);
    return { ...signing, signatureFile, publicKeyFile };
  });
}
