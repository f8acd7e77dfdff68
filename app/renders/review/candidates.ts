import { z } from "zod";
import { messageKey } from "~/lib/staff-message";

/**
 * Candidates: several renders of one product made at once, so staff pick the best (AI renders vary). Each is a
 * render of its own (its own submit, charge, review and file); what ties them is a group id and a number.
 * Browser-safe. Its words are message keys (messages:candidate.*) that the screens and the extension API word.
 */

export const MIN_CANDIDATES = 1;
export const MAX_CANDIDATES = 4;

const candidatesMessage = messageKey("messages:candidate.choose", { min: MIN_CANDIDATES, max: MAX_CANDIDATES });

/**
 * "Candidates per product" as a form or an extension's JSON sends it: absent means 1, anything else must be a whole
 * number from 1 to 4 (never clamped: a request for 9 is refused, not quietly charged for 4).
 */
export const candidatesSchema = z.preprocess(
  (value) => (value === undefined || value === null || value === "" ? MIN_CANDIDATES : value),
  z.coerce
    .number({ error: candidatesMessage })
    .int(candidatesMessage)
    .min(MIN_CANDIDATES, candidatesMessage)
    .max(MAX_CANDIDATES, candidatesMessage),
);

/**
 * "Candidate 2 of 3" (of the group as it is now, not counting cancelled renders: a regenerated candidate joins it),
 * "Candidate 4" when the number is past that count, or null for a lone render.
 */
export function candidateLabel(index: number | null, groupSize?: number): string | null {
  if (index === null) return null;
  return groupSize && index <= groupSize
    ? messageKey("messages:candidate.label", { index, size: groupSize })
    : messageKey("messages:candidate.labelAlone", { index });
}
