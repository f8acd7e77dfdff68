import type { z } from "zod";
import type { AdminRequest } from "./admin-request.server";
import { fieldErrorsOf, type FieldErrors } from "~/lib/validation";

/**
 * The answers of the JSON API the admin extensions call: `{ ok: true, ... }`, or `{ ok: false, error, fieldErrors }`
 * with a 4xx status, sent with CORS headers for Shopify's extension origin.
 */
export type ApiAnswer<T> = {
  status: number;
  body: ({ ok: true } & T) | { ok: false; error: string; fieldErrors: FieldErrors };
};

export const okAnswer = <T>(body: T): ApiAnswer<T> => ({ status: 200, body: { ok: true, ...body } });

export const refusal = (status: number, error: string, fieldErrors: FieldErrors = {}): ApiAnswer<never> => ({
  status,
  body: { ok: false, error, fieldErrors },
});

/** Parses a JSON body with a schema; the refusal names every field that is wrong. */
export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<{ ok: true; data: z.output<S> } | { ok: false; answer: ApiAnswer<never> }> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return { ok: false, answer: refusal(400, "The request body must be JSON.") };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    return {
      ok: false,
      answer: refusal(400, "Some of the request's fields are not valid.", fieldErrorsOf(parsed.error)),
    };
  return { ok: true, data: parsed.data };
}

/** An extension API answer as JSON with its status, with CORS headers for Shopify's extension origin. */
export function apiResponse<T>(admin: AdminRequest, answer: ApiAnswer<T>): Response {
  return admin.cors(Response.json(answer.body, { status: answer.status }));
}
