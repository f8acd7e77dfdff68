/**
 * Errors of the Admin API client for background work (admin-graphql.server.ts). Each says what went wrong
 * in Shopify's terms, so a job can decide: retry later (throttled, HTTP 5xx, network), fix the request
 * (GraphQL errors), re-authenticate (401) or report to the merchant (userErrors).
 */

/** One entry of a GraphQL response's `errors`. */
export interface GraphqlErrorDetail {
  message: string;
  path?: readonly (string | number)[];
  locations?: readonly { line: number; column: number }[];
  extensions?: { code?: string; [key: string]: unknown };
}

/** `extensions.cost` of an Admin API response. */
export interface QueryCost {
  requestedQueryCost?: number;
  actualQueryCost?: number | null;
  throttleStatus?: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}

/** One mutation `userErrors` (or `mediaUserErrors`) entry: `UserError`, `FilesUserError`, `MediaUserError`. */
export interface UserErrorDetail {
  field?: readonly string[] | null;
  message: string;
  code?: string | null;
}

export class AdminApiError extends Error {
  override name = "AdminApiError";
  constructor(
    message: string,
    /** The operation's name (`GetProductForRender`), when the document has one. */
    readonly operationName: string | undefined,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The response carried GraphQL `errors` (invalid document, unknown id format, access denied…): not retried. */
export class AdminGraphqlError extends AdminApiError {
  override name = "AdminGraphqlError";
  constructor(
    operationName: string | undefined,
    readonly errors: readonly GraphqlErrorDetail[],
    /** Partial data, when Shopify returned some alongside the errors. */
    readonly data: unknown,
  ) {
    super(
      `${operationName ?? "Admin API operation"} failed: ${errors.map((e) => e.message).join("; ")}`,
      operationName,
    );
  }

  get codes(): string[] {
    return this.errors.flatMap((e) => (e.extensions?.code ? [e.extensions.code] : []));
  }
}

/** Still throttled after the bounded number of waits. The job should be retried later, not failed. */
export class AdminThrottledError extends AdminApiError {
  override name = "AdminThrottledError";
  constructor(
    operationName: string | undefined,
    readonly attempts: number,
    readonly cost: QueryCost | undefined,
  ) {
    super(`${operationName ?? "Admin API operation"} still throttled after ${attempts} attempts`, operationName);
  }
}

/**
 * An HTTP error status. 401 means the access token is unknown or expired, 403 a missing scope, 404 an unknown
 * shop or API version; 5xx arrive here only once the retries are spent (`retriable` is then true).
 */
export class AdminHttpError extends AdminApiError {
  override name = "AdminHttpError";
  constructor(
    operationName: string | undefined,
    readonly status: number,
    readonly body: unknown,
    readonly attempts: number,
  ) {
    super(`${operationName ?? "Admin API operation"} got HTTP ${status} after ${attempts} attempt(s)`, operationName);
  }

  get retriable(): boolean {
    return this.status >= 500 || this.status === 429;
  }
}

/** The request never got a response (connection refused or reset, DNS) on every attempt. */
export class AdminNetworkError extends AdminApiError {
  override name = "AdminNetworkError";
  constructor(
    operationName: string | undefined,
    readonly attempts: number,
    cause: unknown,
  ) {
    super(
      `${operationName ?? "Admin API operation"} failed on the network after ${attempts} attempt(s)`,
      operationName,
      {
        cause,
      },
    );
  }
}

/** A mutation answered with `userErrors`: Shopify refused the change and applied none of it. */
export class ShopifyUserError extends AdminApiError {
  override name = "ShopifyUserError";
  constructor(
    operationName: string | undefined,
    readonly userErrors: readonly UserErrorDetail[],
  ) {
    super(
      `${operationName ?? "Admin API mutation"} was refused: ${userErrors
        .map((e) => (e.field?.length ? `${e.field.join(".")}: ${e.message}` : e.message))
        .join("; ")}`,
      operationName,
    );
  }

  /** Field paths as dotted strings (`files.0.id`), one per error that names a field. */
  get fieldPaths(): string[] {
    return this.userErrors.flatMap((e) => (e.field?.length ? [e.field.join(".")] : []));
  }

  get codes(): string[] {
    return this.userErrors.flatMap((e) => (e.code ? [e.code] : []));
  }
}

type MutationPayload = {
  userErrors?: readonly UserErrorDetail[] | null;
  mediaUserErrors?: readonly UserErrorDetail[] | null;
};

/**
 * Returns a mutation's payload when it has no `userErrors`/`mediaUserErrors`; otherwise throws a
 * ShopifyUserError. A null payload (the mutation field itself resolved to null) is an AdminApiError.
 *
 *   const created = throwIfUserErrors(data.fileCreate, "CreateFile");
 */
export function throwIfUserErrors<P extends MutationPayload>(payload: P | null | undefined, operationName?: string): P {
  if (!payload) throw new AdminApiError(`${operationName ?? "Admin API mutation"} returned no payload`, operationName);
  const userErrors = [...(payload.userErrors ?? []), ...(payload.mediaUserErrors ?? [])];
  if (userErrors.length > 0) throw new ShopifyUserError(operationName, dedupe(userErrors));
  return payload;
}

/** productReorderMedia reports each problem twice (deprecated `userErrors` and `mediaUserErrors`). */
function dedupe(errors: UserErrorDetail[]): UserErrorDetail[] {
  const seen = new Map<string, UserErrorDetail>();
  for (const error of errors) {
    const key = `${error.field?.join(".") ?? ""}\u0000${error.message}`;
    const known = seen.get(key);
    if (!known || (!known.code && error.code)) seen.set(key, error);
  }
  return [...seen.values()];
}
