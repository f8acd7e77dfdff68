/**
 * One HTTP exchange with a timeout, and the facts the client classifies failures by: did the request possibly reach
 * the service, did it time out, what came back. Nothing here retries; the client decides that per operation.
 */

import { readStream } from "~/lib/streams";
import { makeDeadline, type Deadline } from "./deadline";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface HttpRequest {
  method: "GET" | "HEAD" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** API calls use "manual": a redirected submit must not be silently re-sent elsewhere. */
  redirect: RequestRedirect;
  /** The body is read fully within the timeout, up to this many bytes. */
  maxBodyBytes: number;
}

/** What is read of an answer's headers: fetch's Headers, or undici's plain object behind the same `get`. */
export interface AnswerHeaders {
  get(name: string): string | null;
}

export interface HttpAnswer {
  status: number;
  headers: AnswerHeaders;
  body: Uint8Array;
}

/**
 * The request failed without an HTTP answer. `mayHaveReachedService` is false only when the failure proves the
 * request never left (name resolution, refused connection, connect timeout, a URL that cannot be requested).
 */
export class TransportFailure extends Error {
  constructor(
    readonly mayHaveReachedService: boolean,
    readonly reason: string,
    readonly timedOut: boolean,
  ) {
    super(reason);
    this.name = "TransportFailure";
  }
}

/** Error codes that mean no byte of the request reached the service. */
const NOT_SENT_CODES = new Set([
  "ENOTFOUND",
  "EAI_AGAIN",
  "EAI_FAIL",
  "EAI_NONAME",
  "ECONNREFUSED",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "ENETDOWN",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
  "ERR_INVALID_URL",
  // Refused by the outbound guard before connecting (app/net/outbound.ts).
  "OUTBOUND_REFUSED",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
]);

/** Codes found on an error, its `cause` chain and the members of an AggregateError (happy-eyeballs connects). */
function errorCodes(error: unknown, depth = 0): string[] {
  if (depth > 5 || typeof error !== "object" || error === null) return [];
  const codes: string[] = [];
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string") codes.push(code);
  if (cause !== undefined) codes.push(...errorCodes(cause, depth + 1));
  if (Array.isArray(errors)) for (const member of errors) codes.push(...errorCodes(member, depth + 1));
  return codes;
}

/** fetch refuses some requests itself, without a code: blocked ports ("bad port"), unusable URLs. */
function refusedLocally(error: unknown, depth = 0): boolean {
  if (depth > 5 || !(error instanceof Error)) return false;
  if (/^(bad port|invalid url)/i.test(error.message)) return true;
  return refusedLocally(error.cause, depth + 1);
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const codes = errorCodes(error);
    return codes.length > 0 ? `${error.message} (${[...new Set(codes)].join(", ")})` : error.message;
  }
  return String(error);
}

export function classifyFetchError(error: unknown, timeoutMs: number, deadline: Deadline, caller?: AbortSignal) {
  if (deadline.timedOut()) {
    // The timer cannot tell a slow connect from a slow answer, so a timeout is never proof the request stayed here.
    return new TransportFailure(true, `no answer within ${timeoutMs} ms`, true);
  }
  if (caller?.aborted) return new TransportFailure(true, "aborted by the caller", false);
  const codes = errorCodes(error);
  const notSent = codes.some((code) => NOT_SENT_CODES.has(code)) || refusedLocally(error);
  return new TransportFailure(!notSent, describe(error), false);
}

/** The whole answer, up to `maxBytes` (past it the read is cancelled and fails). */
async function readBody(response: Response, maxBytes: number): Promise<Uint8Array> {
  return response.body ? readStream(response.body, maxBytes) : new Uint8Array();
}

async function startExchange(fetchImpl: FetchLike, request: HttpRequest, deadline: Deadline): Promise<Response> {
  try {
    return await fetchImpl(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined && { body: request.body }),
      redirect: request.redirect,
      signal: deadline.signal,
    });
  } catch (error) {
    throw classifyFetchError(error, request.timeoutMs, deadline, request.signal);
  }
}

/** A failure while reading the body: headers arrived, so the request certainly reached the service. */
function cutShort(error: unknown, request: HttpRequest, deadline: Deadline): TransportFailure {
  const failure = classifyFetchError(error, request.timeoutMs, deadline, request.signal);
  return new TransportFailure(true, `answer cut short: ${failure.reason}`, failure.timedOut);
}

/** Sends one request and reads its whole answer, all within `timeoutMs`. Throws only TransportFailure. */
export async function sendHttpRequest(fetchImpl: FetchLike, request: HttpRequest): Promise<HttpAnswer> {
  if (request.signal?.aborted) throw new TransportFailure(false, "aborted by the caller before sending", false);
  const deadline = makeDeadline(request.timeoutMs, request.signal);
  try {
    const response = await startExchange(fetchImpl, request, deadline);
    try {
      const body = request.method === "HEAD" ? new Uint8Array() : await readBody(response, request.maxBodyBytes);
      return { status: response.status, headers: response.headers, body };
    } catch (error) {
      throw cutShort(error, request, deadline);
    }
  } finally {
    deadline.release();
  }
}

export interface HttpStreamAnswer {
  status: number;
  headers: Headers;
  /** Set for a success (2xx): the body, not read yet. Reading it fails with a TransportFailure past the limits. */
  stream: ReadableStream<Uint8Array> | null;
  /** Declared by Content-Length on a success, when the server gave one. */
  contentLength: number | null;
  /** The whole body of any other answer (error bodies are small, and the caller classifies them). */
  body: Uint8Array;
}

/**
 * Like sendHttpRequest, but a success's body is handed over as a stream instead of being read, so a large image
 * can flow on (to Shopify's upload) without being held in memory. The timeout covers the whole exchange, until the
 * stream is read to its end or cancelled, and the stream errors past `maxBodyBytes`.
 */
export async function openHttpStream(fetchImpl: FetchLike, request: HttpRequest): Promise<HttpStreamAnswer> {
  if (request.signal?.aborted) throw new TransportFailure(false, "aborted by the caller before sending", false);
  const deadline = makeDeadline(request.timeoutMs, request.signal);
  let handedOver = false;
  try {
    const response = await startExchange(fetchImpl, request, deadline);
    const success = response.status >= 200 && response.status < 300;
    if (!success) {
      try {
        const body = await readBody(response, request.maxBodyBytes);
        return { status: response.status, headers: response.headers, stream: null, contentLength: null, body };
      } catch (error) {
        throw cutShort(error, request, deadline);
      }
    }
    const declared = Number(response.headers.get("content-length") ?? Number.NaN);
    const contentLength = Number.isSafeInteger(declared) && declared >= 0 ? declared : null;
    if (contentLength !== null && contentLength > request.maxBodyBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw new TransportFailure(true, `answer cut short: answer larger than ${request.maxBodyBytes} bytes`, false);
    }
    handedOver = true;
    return {
      status: response.status,
      headers: response.headers,
      stream: limitedStream(response.body ?? new Blob([]).stream(), request, deadline),
      contentLength,
      body: new Uint8Array(),
    };
  } finally {
    if (!handedOver) deadline.release();
  }
}

/** Passes the body on chunk by chunk, counting bytes; releases the deadline when the body ends, fails or is cancelled. */
function limitedStream(
  body: ReadableStream<Uint8Array>,
  request: HttpRequest,
  deadline: Deadline,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let total = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            deadline.release();
            controller.close();
            return;
          }
          total += value.byteLength;
          if (total > request.maxBodyBytes) throw new Error(`answer larger than ${request.maxBodyBytes} bytes`);
          controller.enqueue(value);
        } catch (error) {
          const failure = cutShort(error, request, deadline);
          deadline.release();
          await reader.cancel().catch(() => undefined);
          controller.error(failure);
        }
      },
      async cancel(reason) {
        deadline.release();
        await reader.cancel(reason).catch(() => undefined);
      },
    },
    // Pull only when the consumer asks: nothing is read ahead and buffered here.
    { highWaterMark: 0 },
  );
}

export function decodeJson(body: Uint8Array): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(body)) };
  } catch {
    return { ok: false };
  }
}
