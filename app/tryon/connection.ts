/**
 * What every operation of the try-on client shares: the client's settings, parsed once; the dependencies it was
 * given (fetch, clock, randomness, sleep, logger); and how one request goes to the service with the API key.
 */
import { setTimeout as delay } from "node:timers/promises";
import type { CatalogCache } from "./catalog";
import { type TryOnClientSettings, type TryOnClientSettingsInput, tryOnClientSettingsSchema } from "./config";
import { type FetchLike, type HttpAnswer, type HttpRequest, sendHttpRequest } from "./http";
import { makeServiceTransport } from "./service-transport";
import { outboundFetch } from "~/net/outbound";
import { consoleTryOnLogger, makeRedactingLogger, makeRedactor, type TryOnLogger } from "./logging";

export interface TryOnClientOptions extends TryOnClientSettingsInput {
  fetch?: FetchLike;
  /** Milliseconds since the epoch; used for Retry-After dates, waiting deadlines and the catalog cache. */
  now?: () => number;
  /** [0, 1), for back-off jitter. */
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  logger?: TryOnLogger;
  /** Defaults to one cache shared by the process, keyed per API key. */
  catalogCache?: CatalogCache;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
}

/** The parsed settings and the dependencies every operation is given. */
export interface TryOnConnection {
  settings: TryOnClientSettings;
  fetch: FetchLike;
  /** The API's requests: over the guard's kept-alive pools without fetch, or through an injected fetch (tests). */
  send: (request: HttpRequest) => Promise<HttpAnswer>;
  now: () => number;
  random: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Takes the API key out of a text. */
  redact: (text: string) => string;
  /** Redacts everything it is given: no message or field carries the key out. */
  logger: TryOnLogger;
}

const JSON_BODY_LIMIT = 5 * 1024 * 1024;

const sendWithoutFetch = makeServiceTransport();

const defaultSleep = (ms: number, signal?: AbortSignal) => delay(ms, undefined, signal ? { signal } : undefined);

/** Parses the client's options (throwing on invalid ones) and fills in the default dependencies. */
export function openTryOnConnection(options: TryOnClientOptions): TryOnConnection {
  const parsed = tryOnClientSettingsSchema.safeParse(options);
  if (!parsed.success) {
    // Never echo the options: they hold the key.
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid try-on client options: ${problems.join("; ")}`);
  }
  const settings: TryOnClientSettings = parsed.data;
  const redact = makeRedactor([settings.apiKey]);
  return {
    settings,
    // Every request on a shop's behalf goes through the guarded outbound path unless a test injects its own.
    fetch: options.fetch ?? outboundFetch,
    send: options.fetch ? (request) => sendHttpRequest(options.fetch as FetchLike, request) : sendWithoutFetch,
    now: options.now ?? Date.now,
    random: options.random ?? Math.random,
    sleep: options.sleep ?? defaultSleep,
    redact,
    logger: makeRedactingLogger(options.logger ?? consoleTryOnLogger, redact),
  };
}

export const authHeaders = (connection: TryOnConnection): Record<string, string> => ({
  Authorization: `Bearer ${connection.settings.apiKey}`,
  Accept: "application/json",
});

export interface ServiceRequestExtras {
  body?: string;
  headers?: Record<string, string>;
  redirect?: RequestRedirect;
  maxBodyBytes?: number;
}

/** One request to the service's API, with the key, the call's (or the client's) timeout and no redirects. */
export const sendToService = (
  connection: TryOnConnection,
  method: "GET" | "POST",
  url: string,
  call: CallOptions | undefined,
  extra: ServiceRequestExtras,
) =>
  connection.send({
    method,
    url,
    headers: extra.headers ?? authHeaders(connection),
    ...(extra.body !== undefined && { body: extra.body }),
    timeoutMs: call?.timeoutMs ?? connection.settings.timeoutMs,
    signal: call?.signal,
    redirect: extra.redirect ?? "manual",
    maxBodyBytes: extra.maxBodyBytes ?? JSON_BODY_LIMIT,
  });
