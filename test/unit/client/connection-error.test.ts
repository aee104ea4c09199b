// A connection that fails names the whole URL the client tried (base_url and the call's path), so a wrong
// host, port or path prefix is visible in the error terraform shows.
import * as net from "node:net";
import { AppMgmtClient, NetworkError } from "../../../src/client";
import { INST } from "./helpers";

/** A loopback port where nothing listens any more: connections to it are refused. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

describe("connection errors", () => {
  it("a refused connection names the URL it tried and what to check", async () => {
    const port = await closedPort();
    const client = new AppMgmtClient({ baseUrl: `http://127.0.0.1:${port}/appmgmt/`, maxRetries: 0 });
    try {
      const err = await client.getInstance(INST).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NetworkError);
      expect((err as NetworkError).message).toBe(
        `GET /api/1/instances/${INST}: network error (ECONNREFUSED): could not reach ` +
          `http://127.0.0.1:${port}/appmgmt/api/1/instances/${INST}; check base_url and connectivity`,
      );
    } finally {
      await client.close();
    }
  });
});
