import type { z } from "zod";
import { messageKey } from "~/lib/staff-message";
import type { AdminRequest } from "./admin-request.server";
import { fieldErrorsOf, type FieldErrors } from "~/lib/validation";
import { dialogLocaleOf } from "~/i18n/locales";
import { wordedAnswer } from "~/i18n/words.server";

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
    return { ok: false, answer: refusal(400, messageKey("messages:api.bodyNotJson")) };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    return {
      ok: false,
      answer: refusal(400, messageKey("messages:api.fieldsInvalid"), fieldErrorsOf(parsed.error)),
    };
  return { ok: true, data: parsed.data };
}

/**
 * An extension API answer as JSON with its status, with CORS headers for Shopify's extension origin. Its messages
 * (decisions, skip reasons, colour notes, refusals: encoded keys below this layer) are worded in the language of
 * the dialog that asked (ADR 094).
 */
export function apiResponse<T>(admin: AdminRequest, answer: ApiAnswer<T>, request: Request): Response {
  const locale = dialogLocaleOf(new URL(request.url), process.env.NODE_ENV !== "production");
  return admin.cors(Response.json(wordedAnswer(answer.body, locale), { status: answer.status }));
}
