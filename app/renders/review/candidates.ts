import { z } from "zod";

/**
 * Candidates: several renders of one product made at once, so staff pick the best (AI renders vary). Each is a
 * render of its own (its own submit, charge, review and file); what ties them is a group id and a number.
 * Browser-safe: the forms use the choices and the cost sentence.
 */

export const MIN_CANDIDATES = 1;
export const MAX_CANDIDATES = 4;

export const CANDIDATE_CHOICES = Array.from({ length: MAX_CANDIDATES }, (_, index) => {
  const count = index + 1;
  return { value: String(count), label: count === 1 ? "1 (one render)" : `${count} to choose from` };
});

const candidatesMessage = `Choose between ${MIN_CANDIDATES} and ${MAX_CANDIDATES} candidates per product.`;

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
  return groupSize && index <= groupSize ? `Candidate ${index} of ${groupSize}` : `Candidate ${index}`;
}
