import { createServer, type Server } from "node:http";
import type { Registry } from "prom-client";

/**
 * Serves `GET /metrics` on its own port for the worker process (it has no public HTTP server). Bind it to an
 * address only the scraper reaches; it answers nothing but the metrics.
 */
export async function startMetricsServer(
  registry: Registry,
  options: { port: number; host: string },
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.method !== "GET" || request.url !== "/metrics") {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (body) => response.writeHead(200, { "Content-Type": registry.contentType }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    url: `http://${options.host}:${port}/metrics`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
