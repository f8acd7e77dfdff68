/**
 * What a product can be, for the try-on service: a garment it dresses (a product type and, where known, a
 * category from the service's enums), something that is not clothing (never rendered unless staff insist), or
 * clothing the app cannot place as one garment (a suit, a bikini, an outfit set: staff choose).
 */

export interface Garment {
  productType: string;
  productCategory?: string;
}

/** Why a product is not rendered by default; each has its words in the pages. */
export const NOT_CLOTHING_REASONS = [
  "shoes",
  "bag",
  "jewellery",
  "belt",
  "scarf",
  "hat",
  "eyewear",
  "socks",
  "underwear",
  "childrens_clothing",
  "accessory",
  "beauty",
  "home",
  "gift_card",
  "service",
  "not_apparel",
] as const;
export type NotClothingReason = (typeof NOT_CLOTHING_REASONS)[number];

export type GarmentMeaning =
  | { kind: "garment"; garment: Garment }
  | { kind: "not_clothing"; reason: NotClothingReason }
  /** Clothing, but not one garment the service dresses (a suit, a set, swimwear in general): staff choose. */
  | { kind: "unclear" };

export const garment = (productType: string, productCategory?: string): GarmentMeaning => ({
  kind: "garment",
  garment: productCategory ? { productType, productCategory } : { productType },
});
export const notClothing = (reason: NotClothingReason): GarmentMeaning => ({ kind: "not_clothing", reason });
export const UNCLEAR: GarmentMeaning = { kind: "unclear" };

// The service's garments (tryon/wire.ts PRODUCT_TYPES and PRODUCT_CATEGORIES), named once for the tables.
export const G = {
  top: garment("top"),
  tee: garment("top", "t_shirt"),
  shirt: garment("top", "shirt"),
  blouse: garment("top", "blouse"),
  sweater: garment("top", "sweater"),
  hoodie: garment("top", "hoodie"),
  tank: garment("top", "tank_top"),
  bottom: garment("bottom"),
  jeans: garment("bottom", "jeans"),
  trousers: garment("bottom", "trousers"),
  shorts: garment("bottom", "shorts"),
  skirt: garment("bottom", "skirt"),
  dress: garment("dress", "dress"),
  outerwear: garment("outerwear"),
  jacket: garment("outerwear", "jacket"),
  coat: garment("outerwear", "coat"),
  jumpsuit: garment("jumpsuit", "jumpsuit"),
} as const;

export const N = Object.fromEntries(NOT_CLOTHING_REASONS.map((reason) => [reason, notClothing(reason)])) as Record<
  NotClothingReason,
  GarmentMeaning
>;
