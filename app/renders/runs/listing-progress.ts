import { staffMessage, type StaffMessage } from "~/lib/staff-message";
import type { ListingPhase } from "./collection-listings.server";

/**
 * A large collection's background listing (ADR 055) as messages for staff: the bulk-run page and the bulk collection
 * action (through the extension API's preview answer) word the same keys, bulkRun's `listing.*` (ADR 118). Pure, so
 * the page can use it.
 */

export interface ListingMessages {
  sentence: StaffMessage;
  /** Why it takes this long and what staff can do meanwhile. */
  detail: StaffMessage;
  /** Percent of the products stored, once there is something to count; null while Shopify is exporting. */
  progress: number | null;
}

/** The same, worded in a reader's language. */
export interface ListingInWords {
  sentence: string;
  detail: string;
  progress: number | null;
}

export function describeListing(listing: {
  scopeTitle: string;
  listed: number;
  expected: number;
  phase: ListingPhase;
  exported: number;
}): ListingMessages {
  const sentence = (key: string, params: Record<string, number> = {}) =>
    staffMessage(`bulkRun:listing.${key}`, { title: listing.scopeTitle, ...params });
  const detail = (key: string) => staffMessage(`bulkRun:listing.${key}`);
  const stored = listing.expected > 0 ? Math.min(100, Math.round((listing.listed / listing.expected) * 100)) : 0;
  const counted = { listed: listing.listed, expected: listing.expected };
  switch (listing.phase) {
    case "queued":
      return { sentence: sentence("queued"), detail: detail("queuedDetail"), progress: null };
    case "exporting":
      return {
        sentence:
          listing.exported > 0
            ? sentence("exporting", { exported: listing.exported })
            : sentence("preparing", { expected: listing.expected }),
        detail: detail("exportingDetail"),
        progress: null,
      };
    case "storing":
      return { sentence: sentence("reading", counted), detail: detail("storingDetail"), progress: stored };
    case "pages":
      return { sentence: sentence("reading", counted), detail: detail("pagesDetail"), progress: stored };
  }
}
