/**
 * Reads (status, listings, result downloads) change nothing at the service, so a transient failure is tried
 * again; a submit never comes here.
 */
import { backoffDelayMs } from "~/lib/backoff";
import { parseRetryAfter } from "~/lib/retry-after";
import { type CallOptions, sendToService, type TryOnConnection } from "./connection";
import { type TryOnOperation, TryOnRateLimitedError, TryOnUnavailableError } from "./errors";
import { decodeJson, type HttpAnswer, TransportFailure } from "./http";
import { refusalError } from "./refusals";

/** A read attempt that may succeed if tried again. */
export class RetryableReadFailure extends Error {
  constructor(
    readonly reason: string,
    readonly httpStatus?: number,
    readonly retryAfterMs?: number,
    readonly rateLimited = false,
  ) {
    super(reason);
  }
}

/**
 * For a read that failed without an answer: the caller's abort passes through as is, a transport failure
 * becomes a RetryableReadFailure, anything else is thrown unchanged.
 */
export function throwAsReadFailure(error: unknown, call: CallOptions | undefined): never {
  if (error instanceof TransportFailure) {
    if (call?.signal?.aborted) throw call.signal.reason;
    throw new RetryableReadFailure(error.reason);
  }
  throw error;
}

/** Runs a read, retrying transient failures with jittered back-off and honouring Retry-After. */
export async function readWithRetries<T>(
  connection: TryOnConnection,
  operation: TryOnOperation,
  what: string,
  call: CallOptions | undefined,
  attempt: () => Promise<T>,
): Promise<T> {
  const { logger, random, sleep } = connection;
  const policy = connection.settings.readRetry;
  let last: RetryableReadFailure | undefined;
  for (let tryNumber = 0; tryNumber < policy.attempts; tryNumber += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof RetryableReadFailure)) throw error;
      last = error;
    }
    if (last.retryAfterMs !== undefined && last.retryAfterMs > policy.maxRetryAfterMs) break;
    if (tryNumber + 1 >= policy.attempts) break;
    const waitMs = last.retryAfterMs ?? backoffDelayMs(tryNumber, policy, random);
    logger.warn(`retrying ${what}`, { attempt: tryNumber + 1, waitMs, reason: last.reason });
    await sleep(waitMs, call?.signal);
  }
  throw readGaveUp(connection, operation, what, last ?? new RetryableReadFailure("no attempt made"));
}

/** The error once a read's attempts are spent: rate limited, or unavailable. */
function readGaveUp(
  connection: TryOnConnection,
  operation: TryOnOperation,
  what: string,
  failure: RetryableReadFailure,
): TryOnRateLimitedError | TryOnUnavailableError {
  const { redact } = connection;
  const details = {
    operation,
    reason: redact(failure.reason),
    ...(failure.httpStatus !== undefined && { httpStatus: failure.httpStatus }),
    ...(failure.retryAfterMs !== undefined && { retryAfterMs: failure.retryAfterMs }),
  };
  if (failure.rateLimited) {
    return new TryOnRateLimitedError(`The try-on service is rate limiting ${what}; try again later.`, details);
  }
  return new TryOnUnavailableError(`The try-on service could not answer ${what}: ${redact(failure.reason)}.`, details);
}

/** One GET of a JSON document: transient failures become RetryableReadFailure, refusals TryOnErrors. */
export async function getJsonOnce(
  connection: TryOnConnection,
  operation: TryOnOperation,
  what: string,
  url: string,
  call?: CallOptions,
) {
  const { now } = connection;
  let answer: HttpAnswer;
  try {
    answer = await sendToService(connection, "GET", url, call, {});
  } catch (error) {
    throwAsReadFailure(error, call);
  }
  if (answer.status === 429) {
    const retryAfterMs = parseRetryAfter(answer.headers.get("retry-after"), now());
    throw new RetryableReadFailure("rate limited (HTTP 429)", 429, retryAfterMs, true);
  }
  if (answer.status >= 500) {
    const retryAfterMs = parseRetryAfter(answer.headers.get("retry-after"), now());
    throw new RetryableReadFailure(`HTTP ${answer.status}`, answer.status, retryAfterMs);
  }
  if (answer.status < 200 || answer.status >= 300) throw refusalError(connection, answer, operation, what);
  const decoded = decodeJson(answer.body);
  if (!decoded.ok) throw new RetryableReadFailure(`unreadable JSON in the answer (HTTP ${answer.status})`);
  return decoded.value;
}
