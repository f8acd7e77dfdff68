import { describeListing, type ListingInWords } from "~/renders/runs/listing-progress";
import type { ListingProgress } from "~/renders/runs/plan-scope.server";
import type { BulkRunWords } from "./bulk-run-form";

/**
 * A large collection's background listing (ADR 055) in the page's language: what Shopify and the app are doing,
 * why it takes this long, and how far it has got (the percentage is describeListing's, so the page and the
 * collection action count alike).
 */
export function listingWords(
  t: BulkRunWords,
  number: (value: number) => string,
  listing: ListingProgress,
): ListingInWords {
  const large = t("listing.large", { title: listing.scopeTitle });
  const leave = t("listing.leave");
  const { progress } = describeListing(listing);
  switch (listing.phase) {
    case "queued":
      return { sentence: t("listing.queued", { large }), detail: t("listing.queuedDetail", { leave }), progress };
    case "exporting":
      return {
        sentence:
          listing.exported > 0
            ? t("listing.exporting", { large, exported: number(listing.exported) })
            : t("listing.preparing", { large, expected: number(listing.expected) }),
        detail: t("listing.exportingDetail", { leave }),
        progress,
      };
    case "storing":
    case "pages":
      return {
        sentence: t("listing.reading", { large, listed: number(listing.listed), expected: number(listing.expected) }),
        detail: t(listing.phase === "storing" ? "listing.storingDetail" : "listing.pagesDetail", { leave }),
        progress,
      };
  }
}
