/**
 * The Admin GraphQL client for background work (jobs, the worker), independent of Remix. It wraps a raw
 * caller shaped like shopify-app-remix's `admin.graphql` (for a job: `(await unauthenticated.admin(shop)).admin.graphql`)
 * and adds what neither library does:
 *
 * - Pacing: before sending a document again, it waits until the bucket, as the last answer described it and
 *   refilled since, holds what that document cost last time, instead of sending into a THROTTLED refusal.
 * - THROTTLED (HTTP 200, `errors[].extensions.code`): waits until the shop's bucket holds the query's cost,
 *   `(requestedQueryCost − currentlyAvailable) / restoreRate` seconds from `extensions.cost.throttleStatus`, plus
 *   jitter so concurrent callers do not wake together; HTTP 429 honours Retry-After.
 * - HTTP 5xx, INTERNAL_SERVER_ERROR in `errors`, and network failures: retried with jittered exponential back-off,
 *   at most `maxRetries` times.
 * - any other GraphQL `errors` become an AdminGraphqlError; other HTTP statuses an AdminHttpError.
 *
 * The raw caller may answer with a Response (admin.graphql, or plain fetch against the Admin API) or throw
 * (@shopify/shopify-api's client throws GraphqlQueryError for `errors` in a 200, HttpThrottlingError/
 * HttpInternalError/HttpResponseError for error statuses, HttpRequestError when there was no response; an
 * authenticated admin context throws a Response). All of them are handled the same way.
 */
import type { AdminMutations, AdminQueries } from "@shopify/admin-api-client";
import {
  GraphqlQueryError,
  HttpMaxRetriesError,
  HttpRequestError,
  HttpResponseError,
  HttpRetriableError,
  HttpThrottlingError,
} from "@shopify/shopify-api";
import { z } from "zod";
import { backoffCeilingMs, backoffDelayMs } from "~/lib/backoff";
import { parseRetryAfter } from "~/lib/retry-after";
import {
  AdminGraphqlError,
  AdminHttpError,
  AdminNetworkError,
  AdminThrottledError,
  type GraphqlErrorDetail,
  type QueryCost,
} from "./admin-errors";

/** What the raw caller resolves to: a fetch Response, or admin.graphql's typed Response. */
export interface AdminGraphqlResponse {
  readonly status: number;
  readonly headers: Headers;
  json(): Promise<unknown>;
}

/** Shaped like shopify-app-remix's `admin.graphql`; only `variables` is passed. */
export type RawAdminGraphqlRequest = (
  query: string,
  options: { variables?: Record<string, unknown> },
) => Promise<AdminGraphqlResponse>;

export interface AdminGraphqlLogger {
  warn(message: string, context: Record<string, unknown>): void;
  debug?(message: string, context: Record<string, unknown>): void;
}

export interface AdminGraphqlOptions {
  request: RawAdminGraphqlRequest;
  sleep?: (ms: number) => Promise<void>;
  /** [0, 1), for jitter. */
  random?: () => number;
  now?: () => number;
  logger?: AdminGraphqlLogger;
  /** Retries after HTTP 5xx or network failures (not counting the first attempt). Default 4. */
  maxRetries?: number;
  /** Waits after THROTTLED before giving up with AdminThrottledError. Default 10. */
  maxThrottleRetries?: number;
  /** First back-off for 5xx/network failures; doubles per attempt up to maxDelayMs. Default 500 ms. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Upper bound of the random time added to a throttle wait. Default 250 ms. */
  throttleJitterMs?: number;
  /**
   * Total time one call may spend waiting between attempts (a job's lease is finite). When the next wait
   * would exceed it, the call fails with the error of the last attempt. Default 120 s.
   */
  maxTotalWaitMs?: number;
  /** Label for logs, e.g. the shop domain. */
  label?: string;
  /** Told of every wait for Shopify's cost throttle (pacing and THROTTLED answers), for metrics. */
  onThrottleWait?: (ms: number) => void;
}

type AdminOperations = AdminQueries & AdminMutations;
/** Documents that codegen has typed (app/types/admin.generated.d.ts); the index signature is dropped. */
type KnownOperations = { [K in keyof AdminOperations as string extends K ? never : K]: AdminOperations[K] };
export type KnownDocument = keyof KnownOperations & string;

export type OperationData<Doc extends string> = Doc extends KnownDocument ? KnownOperations[Doc]["return"] : unknown;
export type OperationVariables<Doc extends string> = Doc extends KnownDocument
  ? KnownOperations[Doc]["variables"]
  : Record<string, unknown>;
/** Variables may be left out only when the operation requires none. */
type VariablesArgs<Doc extends string> =
  Record<string, never> extends OperationVariables<Doc>
    ? [variables?: OperationVariables<Doc>]
    : [variables: OperationVariables<Doc>];

export interface AdminGraphql {
  /**
   * Runs a document and returns its `data`. Typed by codegen for the app's `#graphql` documents; for any other
   * document pass the data type: `query<{ shop: { name: string } }>(doc)`.
   */
  query<TData = never, const Doc extends string = string>(
    document: Doc,
    ...variables: VariablesArgs<Doc>
  ): Promise<[TData] extends [never] ? OperationData<Doc> : TData>;
}

const graphqlErrorSchema = z.object({
  message: z.string(),
  path: z.array(z.union([z.string(), z.number()])).optional(),
  locations: z.array(z.object({ line: z.number(), column: z.number() })).optional(),
  extensions: z.looseObject({ code: z.string().optional() }).optional(),
});
const costSchema = z.object({
  requestedQueryCost: z.number().optional(),
  actualQueryCost: z.number().nullable().optional(),
  throttleStatus: z
    .object({ maximumAvailable: z.number(), currentlyAvailable: z.number(), restoreRate: z.number() })
    .optional(),
});
const extensionsSchema = z.looseObject({ cost: costSchema.optional() }).optional();
/** A GraphQL response body, or the body admin.graphql re-serialises (`{ data, extensions, headers }`). */
const responseBodySchema = z.looseObject({
  data: z.unknown().optional(),
  errors: z.array(graphqlErrorSchema).optional(),
  extensions: extensionsSchema,
});
/** The body @shopify/shopify-api's GraphqlQueryError carries: the client's `{ data, extensions, errors: {…} }`. */
const clientErrorBodySchema = z.looseObject({
  data: z.unknown().optional(),
  extensions: extensionsSchema,
  errors: z.looseObject({ graphQLErrors: z.array(graphqlErrorSchema).optional() }).optional(),
});

/** Errors of Node's fetch (undici) and sockets that mean "no response", worth retrying. */
const NETWORK_ERROR_CODES = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "ETIMEDOUT",
  "EPIPE",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);

type Attempt =
  | { kind: "data"; data: unknown; cost: QueryCost | undefined }
  | { kind: "throttled"; cost: QueryCost | undefined; retryAfterMs: number | undefined }
  | { kind: "server-error"; status: number | undefined; body: unknown; errors?: GraphqlErrorDetail[] }
  | { kind: "network-error"; error: unknown }
  | { kind: "graphql-errors"; errors: GraphqlErrorDetail[]; data: unknown }
  | { kind: "http-error"; status: number; body: unknown }
  | { kind: "unexpected"; error: unknown };

export function makeAdminGraphql(options: AdminGraphqlOptions): AdminGraphql {
  const {
    request,
    sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    random = Math.random,
    now = Date.now,
    logger,
    maxRetries = 4,
    maxThrottleRetries = 10,
    baseDelayMs = 500,
    maxDelayMs = 20_000,
    throttleJitterMs = 250,
    maxTotalWaitMs = 120_000,
    label,
  } = options;

  // The shop's bucket as the last answer described it, and what each document cost last time: for pacing.
  let bucket: { available: number; maximum: number; restoreRate: number; at: number } | undefined;
  const lastRequestedCost = new Map<string, number>();

  function noteCost(document: string, cost: QueryCost | undefined) {
    if (cost?.requestedQueryCost !== undefined) lastRequestedCost.set(document, cost.requestedQueryCost);
    const status = cost?.throttleStatus;
    if (status) {
      bucket = {
        available: status.currentlyAvailable,
        maximum: status.maximumAvailable,
        restoreRate: status.restoreRate,
        at: now(),
      };
    }
  }

  /** How long until the bucket, refilling since its last report, holds this document's last cost. */
  function paceMs(document: string): number {
    const cost = lastRequestedCost.get(document);
    if (!bucket || cost === undefined || bucket.restoreRate <= 0) return 0;
    // Other callers (the worker, other pages) share the bucket: this is a floor, THROTTLED handling still applies.
    const available = Math.min(bucket.maximum, bucket.available + (bucket.restoreRate * (now() - bucket.at)) / 1000);
    const needed = Math.min(cost, bucket.maximum);
    return available >= needed ? 0 : ((needed - available) / bucket.restoreRate) * 1000;
  }

  async function attemptOnce(document: string, variables: Record<string, unknown> | undefined): Promise<Attempt> {
    let response: AdminGraphqlResponse;
    try {
      response = await request(document, variables ? { variables } : {});
    } catch (thrown) {
      return classifyThrown(thrown, now());
    }
    return classifyResponse(response, now());
  }

  async function run(document: string, variables: Record<string, unknown> | undefined): Promise<unknown> {
    const operationName = operationNameOf(document);
    let attempts = 0;
    let throttleWaits = 0;
    let failureRetries = 0;
    let waitedMs = 0;
    const started = now();

    // Paced once, before the first attempt (a THROTTLED answer's wait covers the retries). It counts against the
    // wait budget; when it would overrun it, the request goes and takes its chance.
    const pace = paceMs(document);
    if (pace > 0 && pace <= maxTotalWaitMs) {
      waitedMs += pace;
      options.onThrottleWait?.(pace);
      await sleep(pace);
    }
    for (;;) {
      attempts += 1;
      const attempt = await attemptOnce(document, variables);
      if (attempt.kind === "data" || attempt.kind === "throttled") noteCost(document, attempt.cost);
      let waitMs: number;
      let giveUp: () => Error;

      switch (attempt.kind) {
        case "data":
          return attempt.data;
        case "graphql-errors":
          throw new AdminGraphqlError(operationName, attempt.errors, attempt.data);
        case "http-error":
          throw new AdminHttpError(operationName, attempt.status, attempt.body, attempts);
        case "unexpected":
          // Not a Shopify failure (a bug, a missing session…): passed through untouched.
          throw attempt.error;
        case "throttled": {
          giveUp = () => new AdminThrottledError(operationName, attempts, attempt.cost);
          if (throttleWaits >= maxThrottleRetries) throw giveUp();
          throttleWaits += 1;
          waitMs = throttleWaitMs(attempt, throttleWaits) + random() * throttleJitterMs;
          logger?.warn("Shopify Admin API throttled the request; waiting for the bucket to refill", {
            label,
            operationName,
            waitMs: Math.round(waitMs),
            requestedQueryCost: attempt.cost?.requestedQueryCost,
            currentlyAvailable: attempt.cost?.throttleStatus?.currentlyAvailable,
          });
          if (waitedMs + waitMs <= maxTotalWaitMs) options.onThrottleWait?.(waitMs);
          break;
        }
        case "server-error":
        case "network-error": {
          giveUp = () => {
            if (attempt.kind === "network-error") return new AdminNetworkError(operationName, attempts, attempt.error);
            // INTERNAL_SERVER_ERROR in a 200 response stays a GraphQL error once the retries are spent.
            if (attempt.errors) return new AdminGraphqlError(operationName, attempt.errors, undefined);
            return new AdminHttpError(operationName, attempt.status ?? 500, attempt.body, attempts);
          };
          if (failureRetries >= maxRetries) throw giveUp();
          failureRetries += 1;
          // Equal jitter: at least half the back-off, so a retry storm still spreads out but never hammers.
          waitMs = backoffDelayMs(failureRetries - 1, { baseDelayMs, maxDelayMs }, random);
          logger?.warn("Shopify Admin API request failed; retrying", {
            label,
            operationName,
            failure:
              attempt.kind === "network-error"
                ? describe(attempt.error)
                : (attempt.errors?.map((e) => e.message).join("; ") ?? `HTTP ${attempt.status ?? "5xx"}`),
            retry: failureRetries,
            waitMs: Math.round(waitMs),
          });
          break;
        }
      }

      if (waitedMs + waitMs > maxTotalWaitMs) {
        logger?.warn("Shopify Admin API retries would exceed the wait budget; giving up", {
          label,
          operationName,
          waitedMs: Math.round(waitedMs),
          elapsedMs: now() - started,
        });
        throw giveUp();
      }
      waitedMs += waitMs;
      await sleep(waitMs);
    }
  }

  function throttleWaitMs(attempt: Extract<Attempt, { kind: "throttled" }>, waitNumber: number): number {
    if (attempt.retryAfterMs !== undefined) return attempt.retryAfterMs;
    const status = attempt.cost?.throttleStatus;
    const requested = attempt.cost?.requestedQueryCost;
    if (status && requested !== undefined && status.restoreRate > 0) {
      return (Math.max(0, requested - status.currentlyAvailable) / status.restoreRate) * 1000;
    }
    // No throttleStatus to go by: back off exponentially like a server error.
    return backoffCeilingMs(waitNumber - 1, { baseDelayMs, maxDelayMs });
  }

  return {
    query: ((document: string, variables?: Record<string, unknown>) =>
      run(document, variables)) as AdminGraphql["query"],
  };
}

async function classifyResponse(response: AdminGraphqlResponse, now: number): Promise<Attempt> {
  if (response.status === 429) {
    return {
      kind: "throttled",
      cost: undefined,
      retryAfterMs: parseRetryAfter(response.headers.get("Retry-After"), now, { fractionalSeconds: true }),
    };
  }
  if (response.status >= 500) return { kind: "server-error", status: response.status, body: await safeJson(response) };
  if (response.status < 200 || response.status >= 300) {
    return { kind: "http-error", status: response.status, body: await safeJson(response) };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    return { kind: "http-error", status: response.status, body: `unreadable body: ${describe(error)}` };
  }
  const parsed = responseBodySchema.safeParse(body);
  if (!parsed.success) {
    return { kind: "http-error", status: response.status, body };
  }
  return fromGraphqlResult(parsed.data.data, parsed.data.errors ?? [], parsed.data.extensions?.cost);
}

function fromGraphqlResult(data: unknown, errors: GraphqlErrorDetail[], cost: QueryCost | undefined): Attempt {
  if (errors.length === 0) return { kind: "data", data, cost };
  if (errors.some((e) => e.extensions?.code === "THROTTLED"))
    return { kind: "throttled", cost, retryAfterMs: undefined };
  if (errors.some((e) => e.extensions?.code === "INTERNAL_SERVER_ERROR")) {
    return { kind: "server-error", status: 200, body: { errors }, errors };
  }
  return { kind: "graphql-errors", errors, data };
}

async function classifyThrown(thrown: unknown, now: number): Promise<Attempt> {
  if (thrown instanceof Response) return classifyResponse(thrown, now);
  if (thrown instanceof GraphqlQueryError) {
    const body = clientErrorBodySchema.safeParse(thrown.body);
    if (!body.success) return { kind: "unexpected", error: thrown };
    return fromGraphqlResult(body.data.data, body.data.errors?.graphQLErrors ?? [], body.data.extensions?.cost);
  }
  if (thrown instanceof HttpThrottlingError) {
    const retryAfter = thrown.response.retryAfter;
    return {
      kind: "throttled",
      cost: undefined,
      retryAfterMs: retryAfter === undefined ? undefined : retryAfter * 1000,
    };
  }
  if (thrown instanceof HttpRetriableError) {
    return { kind: "server-error", status: thrown.response.code, body: thrown.response.body };
  }
  if (thrown instanceof HttpResponseError) {
    return { kind: "http-error", status: thrown.response.code, body: thrown.response.body };
  }
  // The library's own retries (`tries`) ran out on 429/5xx: ours still apply.
  if (thrown instanceof HttpMaxRetriesError) return { kind: "server-error", status: undefined, body: thrown.message };
  if (thrown instanceof HttpRequestError || isNetworkError(thrown)) return { kind: "network-error", error: thrown };
  return { kind: "unexpected", error: thrown };
}

function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code;
  if (typeof code === "string" && NETWORK_ERROR_CODES.has(code)) return true;
  // undici's fetch rejects with TypeError("fetch failed") whatever the socket error was.
  return error instanceof TypeError && /fetch failed|network/i.test(error.message);
}

async function safeJson(response: AdminGraphqlResponse): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** For logs and error messages only; the document is never interpreted beyond this. */
export function operationNameOf(document: string): string | undefined {
  return /\b(?:query|mutation)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(document)?.[1];
}
