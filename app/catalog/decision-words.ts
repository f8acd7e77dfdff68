import { messageKey } from "~/lib/staff-message";
import type { DecisionSource, GarmentDecision } from "./garment-decision";
import type { NotClothingReason } from "./garment-kinds";

/**
 * A garment decision as staff read it before anything is spent: what the product renders as, and where the app
 * read it ("Dress, from the product's category in Shopify: Dresses"). Returned as encoded messages
 * (app/lib/staff-message.ts; words in app/i18n/locales/<locale>/messages.json) so that the pages, the product
 * action and the catalog check each say it in their reader's language. Browser-safe.
 */

const GARMENTS = new Set(["top", "bottom", "dress", "outerwear", "jumpsuit"]);

const words = (value: string) => value.replace(/_/g, " ").replace(/^./, (first) => first.toUpperCase());

/** "Top", "Dress" as a message; a garment type the app has no words for is shown as the service names it. */
export const garmentTypeName = (productType: string): string =>
  GARMENTS.has(productType) ? messageKey(`messages:garment.${productType}`) : words(productType);

/** "A bag", "Jewellery": what a product that is not clothing is, as a message. */
export const notClothingName = (reason: NotClothingReason): string => messageKey(`messages:notClothing.${reason}`);

type Source = DecisionSource | "staff";

const withEvidence = (source: Source, evidence: string | null): Record<string, string> =>
  source === "category" || source === "type" || source === "title" ? { evidence: evidence ?? "" } : {};

/** "Dress, from the product's category in Shopify: Dresses." for a product that renders as `productType`. */
export const rendersAsSentence = (productType: string, source: Source, evidence: string | null): string =>
  messageKey(`messages:decision.${source}`, {
    garment: garmentTypeName(productType),
    ...withEvidence(source, evidence),
  });

/** "Shoes, from its product type: Sneakers: not clothing." (`skip` for the preview's skipped list). */
export const notClothingSentence = (
  reason: NotClothingReason,
  source: Source,
  evidence: string | null,
  form: "decision" | "skip" = "decision",
): string =>
  messageKey(`messages:${form}.notClothing.${source}`, {
    name: notClothingName(reason),
    ...withEvidence(source, evidence),
  });

/** The decision in one sentence (an encoded message), for the preview, the product action and the catalog check. */
export function describeDecision(decision: GarmentDecision): string {
  switch (decision.kind) {
    case "garment":
      return rendersAsSentence(decision.garment.productType, decision.decidedBy, decision.evidence);
    case "not_clothing":
      return notClothingSentence(decision.reason, decision.decidedBy, decision.evidence);
    case "needs_choice":
      if (decision.why === "several_garments")
        return messageKey("messages:decision.severalGarments", { evidence: decision.evidence ?? "" });
      if (decision.why === "unclear")
        return messageKey("messages:decision.unclear", { evidence: decision.evidence ?? "" });
      return messageKey("messages:decision.nothing");
  }
}
