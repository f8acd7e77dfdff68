import type { DecisionSource, GarmentDecision } from "./garment-decision";
import type { NotClothingReason } from "./garment-kinds";

/**
 * A garment decision in the words staff see before anything is spent: what the product renders as, and where the
 * app read it ("Dress, from the product's category in Shopify: Dresses"). Browser-safe: the pages, the product
 * action and the catalog check all say it the same way.
 */

export const NOT_CLOTHING_NAMES: Record<NotClothingReason, string> = {
  shoes: "Shoes",
  bag: "A bag",
  jewellery: "Jewellery",
  belt: "A belt",
  scarf: "A scarf",
  hat: "A hat",
  eyewear: "Eyewear",
  socks: "Socks or hosiery",
  underwear: "Underwear",
  childrens_clothing: "Children's clothing",
  accessory: "An accessory",
  beauty: "A beauty product",
  home: "A home product",
  gift_card: "A gift card",
  service: "A service",
  not_apparel: "Not apparel",
};

const GARMENT_NAMES: Record<string, string> = {
  top: "Top",
  bottom: "Bottom",
  dress: "Dress",
  outerwear: "Outerwear",
  jumpsuit: "Jumpsuit",
};

const words = (value: string) => value.replace(/_/g, " ").replace(/^./, (first) => first.toUpperCase());

/** "Top", "Dress": a service garment type's name. */
export const garmentTypeName = (productType: string) => GARMENT_NAMES[productType] ?? words(productType);

/** Where a decision came from: "from the product's category in Shopify: Dresses". */
export function sourceWords(source: DecisionSource | "staff", evidence: string | null): string {
  switch (source) {
    case "category":
      return `from the product's category in Shopify: ${evidence}`;
    case "type":
      return `from its product type: ${evidence}`;
    case "title":
      return `from its title: “${evidence}”`;
    case "staff":
      return "as you chose";
    case "none":
      return "";
  }
}

/** The decision in one sentence, for the preview, the product action and the catalog check. */
export function describeDecision(decision: GarmentDecision): string {
  switch (decision.kind) {
    case "garment":
      return `${garmentTypeName(decision.garment.productType)}, ${sourceWords(decision.decidedBy, decision.evidence)}.`;
    case "not_clothing":
      return `${NOT_CLOTHING_NAMES[decision.reason]}, ${sourceWords(decision.decidedBy, decision.evidence)}: not clothing, so no model shot is made unless you choose a garment.`;
    case "needs_choice":
      if (decision.why === "several_garments")
        return `Several garments (“${decision.evidence}”): choose which one to render, or leave it out.`;
      if (decision.why === "unclear")
        return `Not one garment the service dresses (${decision.evidence}): choose a garment, or leave it out.`;
      return "Nothing says what garment this is: choose one, or leave it out.";
  }
}
