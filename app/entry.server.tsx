import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type EntryContext, type HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { addDocumentResponseHeaders } from "./shopify.server";
import { ensureInProcessWorker } from "~/worker/in-process.server";
import { appLogger } from "~/lib/logger.server";

// Local development: the worker runs in this process (WORKER_MODE=in-process); a no-op in production.
if (process.env.NODE_ENV !== "test") ensureInProcessWorker();

const STREAM_TIMEOUT_MS = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // Shopify's frame-ancestors CSP and the App Bridge link header depend on the shop in the request.
  addDocumentResponseHeaders(request, responseHeaders);
  const userAgent = request.headers.get("user-agent");
  const readyEvent = userAgent && isbot(userAgent) ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} />, {
      [readyEvent]: () => {
        const body = new PassThrough();
        responseHeaders.set("Content-Type", "text/html");
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        pipe(body);
      },
      onShellError: reject,
      onError(error) {
        responseStatusCode = 500;
        logServerError(error, request);
      },
    });
    setTimeout(abort, STREAM_TIMEOUT_MS + 1_000);
  });
}

export const streamTimeout = STREAM_TIMEOUT_MS;

/**
 * Remix's report of an error thrown on the server (a loader, an action, rendering). Without this export Remix
 * console.errors the error as it is; through the app's logger, a token or key in its message or stack is hidden as
 * everywhere else (lib/secret-shapes.ts). A request the client gave up on is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // As Remix's own report: a route error response (a 404 or 405 it made) is reported by the error inside it.
  const inner: unknown = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  logServerError(inner ?? error, request);
};

function logServerError(error: unknown, request: Request): void {
  appLogger().error({ err: error, method: request.method, path: new URL(request.url).pathname }, "server error");
}
