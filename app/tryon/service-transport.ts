/**
 * The try-on API's requests (status, submit, listings) without fetch: straight to the outbound guard's dispatcher,
 * an undici Agent that keeps a pool of kept-alive connections per origin. Fetch builds a Request, a Response, their
 * Headers and web streams for every call, and a status poll is a few hundred bytes of JSON: measured, the fetch path
 * was most of a poll's CPU in the worker (docs/benchmarks.md, benchmark 15; ADR 079). The guard is the same one
 * fetch uses: the URL checked before the request, every connection's address checked when it is made.
 */
import type { Dispatcher } from "undici";
import { outboundGuard, type OutboundGuard } from "~/net/outbound";
import { makeDeadline } from "./deadline";
import { classifyFetchError, type HttpAnswer, type HttpRequest, TransportFailure } from "./http";

/** Response headers as undici gives them (lower-case names), read like fetch's Headers. */
function answerHeaders(raw: Dispatcher.ResponseData["headers"]) {
  return {
    get(name: string): string | null {
      const value = raw[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

async function readLimited(body: Dispatcher.ResponseData["body"], maxBytes: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      body.destroy();
      throw new Error(`answer larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total);
}

/**
 * Sends one API request and reads its whole answer within `timeoutMs`, like sendHttpRequest. Redirects are never
 * followed (API calls ask for "manual": a redirected submit must not be re-sent elsewhere). Throws only
 * TransportFailure.
 */
export function makeServiceTransport(guard: () => OutboundGuard = outboundGuard) {
  return async function sendServiceRequest(request: HttpRequest): Promise<HttpAnswer> {
    if (request.signal?.aborted) throw new TransportFailure(false, "aborted by the caller before sending", false);
    const deadline = makeDeadline(request.timeoutMs, request.signal);
    try {
      let response: Dispatcher.ResponseData;
      try {
        const { dispatcher, checkUrl } = guard();
        const url = checkUrl(request.url);
        response = await dispatcher.request({
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: request.method,
          headers: request.headers,
          ...(request.body !== undefined && { body: request.body }),
          signal: deadline.signal,
        });
      } catch (error) {
        throw classifyFetchError(error, request.timeoutMs, deadline, request.signal);
      }
      try {
        const body =
          request.method === "HEAD" ? new Uint8Array() : await readLimited(response.body, request.maxBodyBytes);
        return { status: response.statusCode, headers: answerHeaders(response.headers), body };
      } catch (error) {
        const failure = classifyFetchError(error, request.timeoutMs, deadline, request.signal);
        throw new TransportFailure(true, `answer cut short: ${failure.reason}`, failure.timedOut);
      }
    } finally {
      deadline.release();
    }
  };
}
