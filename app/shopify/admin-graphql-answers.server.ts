/**
 * What one attempt of an Admin GraphQL request came to, for the retry loop in admin-graphql.server.ts to act on.
 * The raw caller may answer with a Response (admin.graphql, or plain fetch against the Admin API) or throw
 * (@shopify/shopify-api's client throws GraphqlQueryError for `errors` in a 200, HttpThrottlingError/
 * HttpInternalError/HttpResponseError for error statuses, HttpRequestError when there was no response; an
 * authenticated admin context throws a Response). All of them are handled the same way.
 */
import {
  GraphqlQueryError,
  HttpMaxRetriesError,
  HttpRequestError,
  HttpResponseError,
  HttpRetriableError,
  HttpThrottlingError,
} from "@shopify/shopify-api";
import { z } from "zod";
import { parseRetryAfter } from "~/lib/retry-after";
import type { GraphqlErrorDetail, QueryCost } from "./admin-errors";

/** What the raw caller resolves to: a fetch Response, or admin.graphql's typed Response. */
export interface AdminGraphqlResponse {
  readonly status: number;
  readonly headers: Headers;
  json(): Promise<unknown>;
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

export type Attempt =
  | { kind: "data"; data: unknown; cost: QueryCost | undefined }
  | { kind: "throttled"; cost: QueryCost | undefined; retryAfterMs: number | undefined }
  | { kind: "server-error"; status: number | undefined; body: unknown; errors?: GraphqlErrorDetail[] }
  | { kind: "network-error"; error: unknown }
  | { kind: "graphql-errors"; errors: GraphqlErrorDetail[]; data: unknown }
  | { kind: "http-error"; status: number; body: unknown }
  | { kind: "unexpected"; error: unknown };

export async function classifyResponse(response: AdminGraphqlResponse, now: number): Promise<Attempt> {
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

export async function classifyThrown(thrown: unknown, now: number): Promise<Attempt> {
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

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
