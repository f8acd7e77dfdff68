import type { ListingPhase } from "./collection-listings.server";

/**
 * A large collection's background listing (ADR 055) told in words, for staff: the bulk-run page and the bulk
 * collection action (through the extension API's preview answer) say the same thing. Pure, so the page can use it.
 */

export interface ListingInWords {
  sentence: string;
  /** Why it takes this long and what staff can do meanwhile. */
  detail: string;
  /** Percent of the products stored, once there is something to count; null while Shopify is exporting. */
  progress: number | null;
}

export function describeListing(listing: {
  scopeTitle: string;
  listed: number;
  expected: number;
  phase: ListingPhase;
  exported: number;
}): ListingInWords {
  const count = (n: number) => n.toLocaleString("en-US");
  const large = `"${listing.scopeTitle}" is a large collection:`;
  const stored = listing.expected > 0 ? Math.min(100, Math.round((listing.listed / listing.expected) * 100)) : 0;
  const leave = "You can leave this page; the preview is ready when you come back.";
  switch (listing.phase) {
    case "queued":
      return {
        sentence: `${large} Shopify is exporting another of this shop's collections for Model Shots; this one is next.`,
        detail: `Shopify exports one collection at a time for the app. ${leave}`,
        progress: null,
      };
    case "exporting":
      return {
        sentence:
          listing.exported > 0
            ? `${large} Shopify is exporting its products, ${count(listing.exported)} items so far (products and their photos).`
            : `${large} Shopify is preparing an export of its ${count(listing.expected)} products.`,
        detail: `Shopify exports large collections in the background, in seconds to a few minutes. ${leave}`,
        progress: null,
      };
    case "storing":
      return {
        sentence: `${large} reading its products from Shopify, ${count(listing.listed)} of ${count(listing.expected)} so far.`,
        detail: `Shopify has exported the collection; Model Shots is reading it. ${leave}`,
        progress: stored,
      };
    case "pages":
      return {
        sentence: `${large} reading its products from Shopify, ${count(listing.listed)} of ${count(listing.expected)} so far.`,
        detail: `Shopify lets apps read about a thousand products every minute and a half. ${leave}`,
        progress: stored,
      };
  }
}
