import { z } from "zod";

/**
 * What is wrong with an input, keyed by field name: the domain says which field and why, and a screen shows each
 * message next to its field. Shared by server code and the browser (the types flow into components).
 */

export type FieldErrors = Record<string, string>;

/** What an action answers when the input is wrong: shown next to fields, or at the top for the whole form. */
export interface FormFailure {
  ok: false;
  fieldErrors: FieldErrors;
  formError?: string;
}

/** The first message per field; issues on the whole object go under `_form`. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "_form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** An empty text field means "not given". */
export const optionalText = <T extends z.ZodType>(inner: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), inner.optional());

export const failure = (fieldErrors: FieldErrors, formError?: string): FormFailure => ({
  ok: false,
  fieldErrors,
  ...(formError ? { formError } : {}),
});
