import { z } from "zod";
import { type FieldErrors, fieldErrorsOf } from "~/lib/validation";
import { messageKey } from "~/lib/staff-message";

/**
 * Form posts parsed with zod, with errors keyed by field name so each one is shown next to its field.
 * Shared by server actions and the browser (the types of `fieldErrors` flow into components).
 */

export type FormResult<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors };

/**
 * FormData as a plain object. Fields listed in `arrays` keep every value (`renderIds`, `variantIds`); others keep
 * the last one. Files are dropped: no form here uploads one.
 */
export function formDataToObject(formData: FormData, arrays: readonly string[] = []): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const name of arrays) result[name] = [];
  for (const [name, value] of formData.entries()) {
    if (typeof value !== "string") continue;
    if (arrays.includes(name)) (result[name] as string[]).push(value);
    else result[name] = value;
  }
  return result;
}

export function parseForm<S extends z.ZodType>(
  schema: S,
  input: FormData | Record<string, unknown>,
  arrays: readonly string[] = [],
): FormResult<z.output<S>> {
  const object = input instanceof FormData ? formDataToObject(input, arrays) : input;
  const parsed = schema.safeParse(object);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
}

/** HTML checkboxes send "on" (or the value given) when ticked and nothing when not. */
export const checkbox = z.preprocess(
  (value) => value === true || value === "on" || value === "true" || value === "1",
  z.boolean(),
);

/** The client's idempotency key for a create action: one per form shown, sent again on a retry or double click. */
export const requestKeySchema = z
  .string({ error: messageKey("messages:form.requestKeyMissing") })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, messageKey("messages:form.requestKeyInvalid"));

/** Fields as the browser posts them: a list is sent as the same name repeated (`renderIds`, `productIds`). */
export function formDataOf(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}
