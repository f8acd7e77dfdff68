import type { StoredColourVerdict } from "~/colour/colour-verdict";
import type { ReviewState } from "./review.server";

/**
 * Review's words are in app/i18n/locales/<locale>/review.json; these maps name the key for each value the data
 * carries, so a verdict or a state with no words fails the type check rather than showing a key.
 * The colour verdicts are sentences staff act on, shown beside Approve; the filter's choices say them short.
 */
export const VERDICT_KEYS = {
  good: "verdict.good",
  check: "verdict.check",
  drift: "verdict.drift",
  not_scored: "verdict.not_scored",
} as const satisfies Record<StoredColourVerdict, string>;

export const VERDICT_FILTER_KEYS = {
  good: "verdictFilter.good",
  check: "verdictFilter.check",
  drift: "verdictFilter.drift",
  not_scored: "verdictFilter.not_scored",
} as const satisfies Record<StoredColourVerdict, string>;

export const STATE_FILTER_KEYS = {
  in_review: "filters.state.in_review",
  publishing: "filters.state.publishing",
  published: "filters.state.published",
  rejected: "filters.state.rejected",
} as const satisfies Record<ReviewState, string>;
