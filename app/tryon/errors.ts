/**
 * Every failure of the try-on client is one of these classes, so the caller acts on `kind` (or `instanceof`) without
 * reading messages. The rules behind the classification are in docs/decisions/010-submit-outcome-classification.md.
 *
 * None of these objects holds the API key: messages are built from redacted text only, and the original low-level
 * error is kept as a short description, never as an object that could carry request headers.
 */

export type TryOnOperation = "submit" | "status" | "catalog" | "result" | "image-check";

export type TryOnErrorKind =
  | "not_sent"
  | "outcome_unknown"
  | "rate_limited"
  | "auth"
  | "out_of_credits"
  | "rejected_input"
  | "unavailable"
  | "job_not_found"
  | "result_unavailable"
  | "result_rejected"
  | "unexpected_response";

export interface TryOnErrorDetails {
  operation: TryOnOperation;
  httpStatus?: number;
  serviceCode?: string;
  /** The service's own words, fit to show to staff (rejected input, failed auth...). */
  serviceMessage?: string;
  /** Low-level reason (e.g. "ECONNREFUSED", "timeout after 20000 ms"), redacted. */
  reason?: string;
}

export abstract class TryOnError extends Error {
  abstract readonly kind: TryOnErrorKind;
  /** Repeating the same call cannot create a second charge. */
  abstract readonly retrySafe: boolean;
  /** A job may exist and credits may have been taken for this call. */
  abstract readonly mayHaveBeenCharged: boolean;
  /** Nothing this account submits can succeed until a person acts (new key, more credits). */
  readonly blocksAccount: boolean = false;
  readonly operation: TryOnOperation;
  readonly httpStatus: number | undefined;
  readonly serviceCode: string | undefined;
  readonly serviceMessage: string | undefined;
  readonly reason: string | undefined;

  constructor(message: string, details: TryOnErrorDetails) {
    super(message);
    this.name = new.target.name;
    this.operation = details.operation;
    this.httpStatus = details.httpStatus;
    this.serviceCode = details.serviceCode;
    this.serviceMessage = details.serviceMessage;
    this.reason = details.reason;
  }
}

/**
 * A failure that proves the service charged nothing for the call, so making it again cannot cost twice: every
 * failure but an unknown submit outcome.
 */
export abstract class TryOnNotChargedError extends TryOnError {
  readonly retrySafe = true;
  readonly mayHaveBeenCharged = false;
}

/** The request never reached the service (DNS, connection refused, invalid locally): safe to send again. */
export class TryOnNotSentError extends TryOnNotChargedError {
  readonly kind = "not_sent" as const;
}

/** The request was checked locally and is not valid; nothing was sent. Fix the input, then send. */
export class TryOnInvalidRequestError extends TryOnNotSentError {
  readonly problems: string[];
  constructor(message: string, details: TryOnErrorDetails & { problems: string[] }) {
    super(message, details);
    this.problems = details.problems;
  }
}

/**
 * A submit left this process but its answer is unknown (timeout, reset, 5xx, unreadable body). A job may exist and
 * be charged; the client never repeats it. The caller records the attempt and lets a person decide.
 */
export class TryOnOutcomeUnknownError extends TryOnError {
  readonly kind = "outcome_unknown" as const;
  readonly retrySafe = false;
  readonly mayHaveBeenCharged = true;
}

/** A call the service asked to be made again later, nothing charged; `retryAfterMs` says when, if it said. */
export abstract class TryOnTryLaterError extends TryOnNotChargedError {
  /** From `Retry-After` (seconds or HTTP date) when the service sent one. */
  readonly retryAfterMs: number | undefined;
  constructor(message: string, details: TryOnErrorDetails & { retryAfterMs?: number }) {
    super(message, details);
    this.retryAfterMs = details.retryAfterMs;
  }
}

/** 429. The service refused the call, so nothing was charged; send again after `retryAfterMs`. */
export class TryOnRateLimitedError extends TryOnTryLaterError {
  readonly kind = "rate_limited" as const;
}

/** 401/403: the API key is missing, unknown or revoked. Pause the account's work; retrying cannot help. */
export class TryOnAuthError extends TryOnNotChargedError {
  readonly kind = "auth" as const;
  override readonly blocksAccount = true;
}

/** 402, or an error code saying so: the account has too few credits. Pause until credits are bought. */
export class TryOnOutOfCreditsError extends TryOnNotChargedError {
  readonly kind = "out_of_credits" as const;
  override readonly blocksAccount = true;
}

/** 400/422 (and other refusals of the request itself): the job fails with `serviceMessage` shown to staff. */
export class TryOnRejectedInputError extends TryOnNotChargedError {
  readonly kind = "rejected_input" as const;
  readonly fieldErrors: Array<{ field?: string; code?: string; message?: string }>;
  constructor(
    message: string,
    details: TryOnErrorDetails & { fieldErrors?: Array<{ field?: string; code?: string; message?: string }> },
  ) {
    super(message, details);
    this.fieldErrors = details.fieldErrors ?? [];
  }
}

/** A read (status, catalog, result) kept failing on transient faults after its retries: try again later. */
export class TryOnUnavailableError extends TryOnTryLaterError {
  readonly kind = "unavailable" as const;
}

/** The status endpoint does not know this job id (404). */
export class TryOnJobNotFoundError extends TryOnNotChargedError {
  readonly kind = "job_not_found" as const;
}

/** The finished image could not be downloaded: its URL is gone or expired even after asking for a fresh one. */
export class TryOnResultUnavailableError extends TryOnNotChargedError {
  readonly kind = "result_unavailable" as const;
}

/**
 * The service delivered a result that is not a usable image (another format, an SVG or XML body, absurd dimensions).
 * Downloading it again gives the same bytes: the render fails, and its message says why in words for staff.
 */
export class TryOnResultRejectedError extends TryOnNotChargedError {
  readonly kind = "result_rejected" as const;
}

/**
 * The service answered something this client is not configured to read (unknown endpoint, body without the configured
 * fields). Usually a configuration mismatch (paths, field names); retrying will not help. On submit, a malformed
 * success body is an outcome-unknown error instead, because the job may exist.
 */
export class TryOnUnexpectedResponseError extends TryOnNotChargedError {
  readonly kind = "unexpected_response" as const;
}
