// A static file server over HTTPS on 127.0.0.1 (OS-assigned port), standing in for the object store or
// nginx a team serves its private provider registry from (`appmgmt package --registry-out DIR`): GET of
// a file under the root answers its bytes, anything else 404. It logs each request path, so tests can
// check what terraform asked.
//
//   const server = await serveDirectory(dir, certs.server);   // afterAll: await server.close()
//   server.url -> "https://127.0.0.1:PORT"; server.requests -> ["/.well-known/terraform.json", ...]
import * as fs from "node:fs";
import * as https from "node:https";
import type { AddressInfo } from "node:net";
import * as path from "node:path";

export interface StaticHttpsServer {
  url: string;
  host: string;
  port: number;
  requests: string[];
  close(): Promise<void>;
}

export function serveDirectory(root: string, tls: { cert: string; key: string }): Promise<StaticHttpsServer> {
  const requests: string[] = [];
  const server = https.createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url ?? "/", "https://x").pathname);
    requests.push(urlPath);
    const file = path.join(root, path.normalize(urlPath));
    const inside = file.startsWith(path.resolve(root) + path.sep);
    if (req.method !== "GET" || !inside || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    const type = file.endsWith(".zip")
      ? "application/zip"
      : file.endsWith(".sig")
        ? "application/octet-stream"
        : "application/json";
    res.writeHead(200, { "content-type": type, "content-length": fs.statSync(file).size });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `https://127.0.0.1:${port}`,
        host: `127.0.0.1:${port}`,
        port,
        requests,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
