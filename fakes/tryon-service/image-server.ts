import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A tiny image host for tests: serves byte buffers under names, and can misbehave the way real hosts do (no HEAD,
 * HEAD without headers, no Content-Length, ranges ignored), so image checks can be tested against each variant.
 */

export interface ServeOptions {
  /** Content-Type sent; null sends none. Default: application/octet-stream. */
  contentType?: string | null;
  /** "ok" answers HEAD fully; "405" refuses it; "bare" answers 200 without Content-Type or Content-Length. */
  head?: "ok" | "405" | "bare";
  /** Honour `Range: bytes=a-b` with 206 (default true). */
  ranges?: boolean;
  /** Content-Range total as `*` instead of the size (default false). */
  hideTotal?: boolean;
  /** Leave Content-Length out of full GET answers (default false). */
  chunked?: boolean;
}

export interface ImageServerRequest {
  method: string;
  path: string;
  range: string | undefined;
}

export interface ImageServer {
  baseUrl: string;
  /** Serves `bytes` at /name and returns its URL. */
  add(name: string, bytes: Uint8Array, options?: ServeOptions): string;
  requests: ImageServerRequest[];
  stop(): Promise<void>;
}

export async function startImageServer(): Promise<ImageServer> {
  const files = new Map<string, { bytes: Buffer; options: ServeOptions }>();
  const requests: ImageServerRequest[] = [];

  const serve = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const method = req.method ?? "GET";
    const range = req.headers.range;
    requests.push({ method, path, range });
    const file = files.get(path);
    if (!file) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
      return;
    }
    const { bytes, options } = file;
    const contentType = options.contentType === undefined ? "application/octet-stream" : options.contentType;
    const typeHeader: Record<string, string> = contentType === null ? {} : { "Content-Type": contentType };
    if (method === "HEAD") {
      if (options.head === "405") {
        res.writeHead(405, { Allow: "GET" }).end();
        return;
      }
      if (options.head === "bare") {
        // Without a Content-Length Node would send chunked encoding; HEAD answers carry no body either way.
        res.writeHead(200).end();
        return;
      }
      res.writeHead(200, { ...typeHeader, "Content-Length": String(bytes.byteLength) }).end();
      return;
    }
    const match = /^bytes=(\d+)-(\d*)$/.exec(range ?? "");
    if (match && options.ranges !== false) {
      const start = Number(match[1]);
      const end = Math.min(bytes.byteLength - 1, match[2] ? Number(match[2]) : bytes.byteLength - 1);
      const part = bytes.subarray(start, end + 1);
      res.writeHead(206, {
        ...typeHeader,
        "Content-Length": String(part.byteLength),
        "Content-Range": `bytes ${start}-${end}/${options.hideTotal ? "*" : bytes.byteLength}`,
      });
      res.end(part);
      return;
    }
    res.writeHead(200, options.chunked ? typeHeader : { ...typeHeader, "Content-Length": String(bytes.byteLength) });
    res.end(bytes);
  };

  const server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    requests,
    add: (name, bytes, options = {}) => {
      files.set(`/${name}`, { bytes: Buffer.from(bytes), options });
      return `${baseUrl}/${name}`;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
