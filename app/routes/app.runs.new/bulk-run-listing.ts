import type { StaffMessage } from "~/lib/staff-message";
import { describeListing, type ListingInWords } from "~/renders/runs/listing-progress";
import type { ListingProgress } from "~/renders/runs/plan-scope.server";

/**
 * A large collection's background listing (ADR 055) in the page's language: describeListing's messages (bulkRun's
 * `listing.*`, the keys the collection action's dialog is answered in) worded by the page, with its percentage.
 */
export function listingWords(say: (message: StaffMessage) => string, listing: ListingProgress): ListingInWords {
  const { sentence, detail, progress } = describeListing(listing);
  return { sentence: say(sentence), detail: say(detail), progress };
}
