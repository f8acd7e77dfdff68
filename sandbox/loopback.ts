import { createServer, type RequestListener, type Server } from "node:http";
import { createServer as createTcpServer } from "node:net";
import type { AddressInfo } from "node:net";

/** The addresses a loopback server listens on: what the sandbox lets the app's outbound requests reach. */
export const LOOPBACK_ADDRESSES = ["127.0.0.1", "::1"] as const;

export interface LoopbackServer {
  port: number;
  /** http://localhost:<port> */
  url: string;
  close(): Promise<void>;
}

/**
 * An HTTP server on this machine only. `localhost` may resolve to 127.0.0.1 or ::1, so it listens on both
 * (::1 only when the machine has IPv6), never on the network: the sandbox signs session tokens for anyone
 * who asks.
 */
export async function listenOnLoopback(port: number, handler: RequestListener): Promise<LoopbackServer> {
  const servers: Server[] = [];
  const listen = (onPort: number, host: string) =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer(handler);
      server.once("error", reject);
      server.listen(onPort, host, () => resolve(server));
    });
  const first = await listen(port, "127.0.0.1");
  servers.push(first);
  const bound = (first.address() as AddressInfo).port;
  await listen(bound, "::1")
    .then((server) => servers.push(server))
    .catch(() => undefined);
  return {
    port: bound,
    url: `http://localhost:${bound}`,
    close: async () => {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}

/** A TCP port free on 127.0.0.1 right now, for a server started by another process. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createTcpServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
