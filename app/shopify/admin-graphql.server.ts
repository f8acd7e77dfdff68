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
 * admin-graphql-answers.server.ts reads each answer (or throw) of the raw caller into one kind of attempt.
 */
import type { AdminMutations, AdminQueries } from "@shopify/admin-api-client";
import { backoffCeilingMs, backoffDelayMs } from "~/lib/backoff";
import {
  AdminGraphqlError,
  AdminHttpError,
  AdminNetworkError,
  AdminThrottledError,
  type QueryCost,
} from "./admin-errors";
import {
  type AdminGraphqlResponse,
  type Attempt,
  classifyResponse,
  classifyThrown,
  describe,
} from "./admin-graphql-answers.server";

export type { AdminGraphqlResponse } from "./admin-graphql-answers.server";

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

/** For logs and error messages only; the document is never interpreted beyond this. */
export function operationNameOf(document: string): string | undefined {
  return /\b(?:query|mutation)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(document)?.[1];
}
