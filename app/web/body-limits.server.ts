import { env } from "~/env.server";
import { BodyTooLargeError, limitRequestBody, readBodyWithin, type LimitedRequest } from "~/lib/limited-body";

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * The most a request of each route class may send, read before anything else (ADR 065 gives each figure's reason):
 * - webhook: Shopify documents no cap for HTTPS deliveries; our topics' samples are under 3 KB, a shop's
 *   customers/* lists one id per order, and a products/update (issue 29) with 2,048 variants is about 1.5 MB.
 *   Shopify caps EventBridge deliveries at 1 MB; 2 MiB leaves room over both.
 * - login: one shop domain (at most 255 characters) in a form.
 * - extensionApi: the largest is a run over 250 picked products, about 10 KB of JSON.
 * - appForm: the largest is the bulk run form with 250 products, about 20 KB form-encoded (40 KB as multipart).
 */
export const BODY_LIMITS = {
  webhook: 2 * MiB,
  login: 8 * KiB,
  extensionApi: 64 * KiB,
  appForm: 128 * KiB,
} as const;
export type RouteClass = keyof typeof BODY_LIMITS;

/** 413, and the connection closed after it so the rest of the body is never read (where the framework keeps it). */
export function payloadTooLarge(limitBytes: number): Response {
  return new Response(`The request body is larger than this endpoint accepts (${limitBytes} bytes).`, {
    status: 413,
    headers: { "Content-Type": "text/plain; charset=utf-8", Connection: "close" },
  });
}

/**
 * The CORS headers authenticate.admin's `cors` puts on the extension API's answers (the library keeps its helper to
 * itself), for the 413 that is answered before authentication: without them the admin extension's browser reads the
 * 413 as a network error. test/security/body-limits.test.ts compares the two, so a library change is seen.
 */
function withExtensionCors(request: Request, response: Response): Response {
  const origin = request.headers.get("Origin");
  if (origin && origin !== env().SHOPIFY_APP_URL) {
    response.headers.set("Access-Control-Allow-Origin", "*");
    response.headers.set("Access-Control-Allow-Headers", "Authorization, Content-Type");
    response.headers.set("Access-Control-Expose-Headers", "X-Shopify-API-Request-Failure-Reauthorize-Url");
  }
  return response;
}

/**
 * Wraps a route's action so its request body is limited before anything reads it: a declared length over the limit is
 * answered 413 at once, and a body that reaches the limit while streaming is answered 413 whatever the handler made of
 * the failed read. The extension API's 413 carries the CORS headers its other answers carry.
 */
export function withBodyLimit<Args extends { request: Request }, Result>(
  routeClass: RouteClass,
  action: (args: Args) => Promise<Result>,
): (args: Args) => Promise<Result> {
  const limitBytes = BODY_LIMITS[routeClass];
  return async (args) => {
    const tooLarge = () =>
      routeClass === "extensionApi"
        ? withExtensionCors(args.request, payloadTooLarge(limitBytes))
        : payloadTooLarge(limitBytes);
    let limited: LimitedRequest;
    try {
      limited = limitRequestBody(args.request, limitBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw tooLarge();
      throw error;
    }
    let result: Result;
    try {
      result = await action({ ...args, request: limited.request });
    } catch (error) {
      if (limited.exceeded()) throw tooLarge();
      throw error;
    }
    if (limited.exceeded()) throw tooLarge();
    return result;
  };
}

/** A route class's whole body as bytes, or a thrown 413 past its limit. */
export async function readBodyOf(routeClass: RouteClass, request: Request): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return await readBodyWithin(request, BODY_LIMITS[routeClass]);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw payloadTooLarge(error.limitBytes);
    throw error;
  }
}
