/** What the try-on service meant by refusing a request: one TryOnError per kind of refusal. */
import {
  type TryOnError,
  TryOnAuthError,
  TryOnJobNotFoundError,
  type TryOnOperation,
  TryOnOutOfCreditsError,
  TryOnRateLimitedError,
  TryOnRejectedInputError,
  TryOnUnexpectedResponseError,
} from "./errors";
import { parseRetryAfter } from "~/lib/retry-after";
import type { TryOnConnection } from "./connection";
import { decodeJson, type HttpAnswer } from "./http";
import { parseServiceErrorBody } from "./wire";

const OUT_OF_CREDITS_CODE = /credit|insufficient_(balance|funds)|payment_required/i;

/**
 * The error for an HTTP answer that is not a success, shared by every operation. 5xx and 429 are handled by the
 * callers first (they differ between submit and reads); this covers the refusals.
 */
export function refusalError(
  connection: Pick<TryOnConnection, "now" | "redact">,
  answer: HttpAnswer,
  operation: TryOnOperation,
  what: string,
): TryOnError {
  const { now, redact } = connection;
  const decoded = decodeJson(answer.body);
  const body = parseServiceErrorBody(decoded.ok ? decoded.value : undefined);
  const serviceMessage = body.message !== undefined ? redact(body.message) : undefined;
  const details = {
    operation,
    httpStatus: answer.status,
    ...(body.code !== undefined && { serviceCode: body.code }),
    ...(serviceMessage !== undefined && { serviceMessage }),
  };
  const said = serviceMessage ? `: ${serviceMessage}` : "";
  if (answer.status === 401 || answer.status === 403) {
    return new TryOnAuthError(
      `The try-on service refused the API key (HTTP ${answer.status})${said}. Check the key in the service's dashboard.`,
      details,
    );
  }
  if (answer.status === 402 || (body.code !== undefined && OUT_OF_CREDITS_CODE.test(body.code))) {
    return new TryOnOutOfCreditsError(
      `The try-on account has too few credits (HTTP ${answer.status})${said}.`,
      details,
    );
  }
  if (answer.status === 429) {
    const retryAfterMs = parseRetryAfter(answer.headers.get("retry-after"), now());
    return new TryOnRateLimitedError(`The try-on service is rate limiting ${what} (HTTP 429)${said}.`, {
      ...details,
      ...(retryAfterMs !== undefined && { retryAfterMs }),
    });
  }
  if (answer.status >= 300 && answer.status < 400) {
    return new TryOnUnexpectedResponseError(
      `The try-on service redirected ${what} (HTTP ${answer.status}); configure the base URL to the final address.`,
      details,
    );
  }
  if (answer.status === 404 && operation === "status") {
    return new TryOnJobNotFoundError(`The try-on service does not know this job (HTTP 404)${said}.`, details);
  }
  if (answer.status === 404 || answer.status === 405) {
    return new TryOnUnexpectedResponseError(
      `The try-on service has no endpoint for ${what} (HTTP ${answer.status}); check the configured paths.`,
      details,
    );
  }
  return new TryOnRejectedInputError(`The try-on service rejected ${what} (HTTP ${answer.status})${said || "."}`, {
    ...details,
    fieldErrors: body.fieldErrors.map((detail) => ({
      ...detail,
      ...(detail.message && { message: redact(detail.message) }),
    })),
  });
}
