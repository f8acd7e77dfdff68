import type { Render } from "@prisma/client";
import { decodeStaffMessage, messageKey } from "~/lib/staff-message";

/** Error codes that have words of their own (history.json `errorCodes.<code>`) for rows stored without a message. */
export const WORDED_ERROR_CODES: ReadonlySet<string> = new Set([
  "failed_by_service",
  "stalled",
  "job_not_found",
  "submit_outcome_unknown",
  "not_started",
  "invalid_parameters",
  "input_rejected_before_submit",
  "import_failed",
  "file_failed",
  "publish_failed",
  "product_deleted",
  "app_uninstalled",
  "cannot_poll",
  "check_failed",
]);

/** Sentences joined from a reason that ended with its own full stop ("…background.. Its") read as one stop. */
export const tidySentences = (text: string) => text.replace(/(?<!\.)\.\.(?!\.)/g, ".");

/** Why a render ended as it did, as the page shows it through say(): a message, or older rows' own sentence. */
export function problemTextOf(render: Pick<Render, "errorCode" | "errorMessage">): string | null {
  if (render.errorMessage)
    return decodeStaffMessage(render.errorMessage) ? render.errorMessage : tidySentences(render.errorMessage);
  if (!render.errorCode) return null;
  return messageKey(`history:errorCodes.${WORDED_ERROR_CODES.has(render.errorCode) ? render.errorCode : "unknown"}`);
}
