/**
 * One HTTP exchange with a timeout, and the facts the client classifies failures by: did the request possibly reach
 * the service, did it time out, what came back. Nothing here retries; the client decides that per operation.
 */

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

export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

/**
 * The request failed without an HTTP answer. `mayHaveReachedService` is false only when the failure proves the
 * request never left (name resolution, refused connection, connect timeout, a URL that cannot be requested).
 */
export class TransportFailure extends Error {
  constructor(readonly mayHaveReachedService: boolean, readonly reason: string, readonly timedOut: boolean) {
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

function classifyFetchError(error: unknown, timeoutMs: number, deadline: Deadline, caller?: AbortSignal) {
  if (deadline.timedOut()) {
    // The timer cannot tell a slow connect from a slow answer, so a timeout is never proof the request stayed here.
    return new TransportFailure(true, `no answer within ${timeoutMs} ms`, true);
  }
  if (caller?.aborted) return new TransportFailure(true, "aborted by the caller", false);
  const codes = errorCodes(error);
  const notSent = codes.some((code) => NOT_SENT_CODES.has(code)) || refusedLocally(error);
  return new TransportFailure(!notSent, describe(error), false);
}

async function readBody(response: Response, maxBytes: number): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new Error(`answer larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Sends one request and reads its whole answer, all within `timeoutMs`. Throws only TransportFailure. */
export async function sendHttpRequest(fetchImpl: FetchLike, request: HttpRequest): Promise<HttpAnswer> {
  if (request.signal?.aborted) throw new TransportFailure(false, "aborted by the caller before sending", false);
  const deadline = makeDeadline(request.timeoutMs, request.signal);
  try {
    let response: Response;
    try {
      response = await fetchImpl(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body !== undefined && { body: request.body }),
        redirect: request.redirect,
        signal: deadline.signal,
      });
    } catch (error) {
      throw classifyFetchError(error, request.timeoutMs, deadline, request.signal);
    }
    try {
      const body = request.method === "HEAD" ? new Uint8Array() : await readBody(response, request.maxBodyBytes);
      return { status: response.status, headers: response.headers, body };
    } catch (error) {
      // Headers arrived, so the request certainly reached the service.
      const failure = classifyFetchError(error, request.timeoutMs, deadline, request.signal);
      throw new TransportFailure(true, `answer cut short: ${failure.reason}`, failure.timedOut);
    }
  } finally {
    deadline.release();
  }
}

/**
 * `Retry-After` in either form (RFC 9110 §10.2.3): delay-seconds or an HTTP-date. Returns milliseconds from `now`,
 * never negative, or undefined when the header is absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // Only date-shaped values: Date.parse alone would also accept things like "12.5".
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

export interface BackoffPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
}

/** "Equal jitter": half the exponential delay is fixed, half random, so retries spread out but never bunch at 0. */
export function backoffDelayMs(attempt: number, policy: BackoffPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export function decodeJson(body: Uint8Array): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(body)) };
  } catch {
    return { ok: false };
  }
}
