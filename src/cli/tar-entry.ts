// Reads one file out of an npm package tarball (.tgz): the Node binary of a `node-<os>-<arch>` package
// (src/cli/node-binary.ts), without a `tar` program, which a Windows or minimal machine may lack. npm's
// tarballs are ustar: 512-byte headers, sizes in octal, names maybe split into prefix and name.
import { gunzipSync } from "node:zlib";

const BLOCK = 512;

function field(header: Buffer, offset: number, length: number): string {
  const raw = header.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
}

/** The bytes of the regular file `name` (e.g. "package/bin/node") in the gzipped tarball `tgz`. */
export function readTarEntry(tgz: Buffer, name: string): Buffer {
  const tar = gunzipSync(tgz);
  let longName: string | undefined;
  for (let at = 0; at + BLOCK <= tar.length;) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break; // end of archive
    const size = parseInt(field(header, 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(header[156] || 0x30);
    const prefix = field(header, 345, 155);
    const entryName = longName ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    const data = tar.subarray(at + BLOCK, at + BLOCK + size);
    longName = undefined;
    if (type === "L")
      longName = field(data, 0, data.length); // GNU long name for the next entry
    else if ((type === "0" || type === "\0") && entryName === name) return Buffer.from(data);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new Error(`${name} is not in the package tarball`);
}
