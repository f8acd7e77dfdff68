/**
 * Shopify's product type is free text ("T-Shirts", "Robes", "Jeans"); the try-on service wants one of its garment
 * types. A guess from the product type (then the title) pre-selects the form on the Generate page; staff can
 * always change it, so a wrong guess costs a click, never credits.
 */

export interface GarmentGuess {
  productType: string;
  productCategory?: string;
}

// Order matters: "jumpsuit" before "suit", "dress shirt" before "dress".
const RULES: Array<[RegExp, GarmentGuess]> = [
  [/\b(jump ?suits?|overalls?|playsuits?|rompers?)\b/i, { productType: "jumpsuit", productCategory: "jumpsuit" }],
  [/\b(dress shirts?)\b/i, { productType: "top", productCategory: "shirt" }],
  [/\b(dress(es)?|gowns?|robes?)\b/i, { productType: "dress", productCategory: "dress" }],
  [/\b(coats?|parkas?|trench)\b/i, { productType: "outerwear", productCategory: "coat" }],
  [/\b(jackets?|blazers?|bombers?)\b/i, { productType: "outerwear", productCategory: "jacket" }],
  [/\b(jeans|denim)\b/i, { productType: "bottom", productCategory: "jeans" }],
  [/\b(shorts)\b/i, { productType: "bottom", productCategory: "shorts" }],
  [/\b(skirts?)\b/i, { productType: "bottom", productCategory: "skirt" }],
  [/\b(trousers|pants|chinos|leggings|joggers)\b/i, { productType: "bottom", productCategory: "trousers" }],
  [/\b(hoodies?|sweatshirts?)\b/i, { productType: "top", productCategory: "hoodie" }],
  [/\b(sweaters?|jumpers?|cardigans?|knitwear|pullovers?)\b/i, { productType: "top", productCategory: "sweater" }],
  [/\b(blouses?)\b/i, { productType: "top", productCategory: "blouse" }],
  [/\b(tank ?tops?|camis?|vests?)\b/i, { productType: "top", productCategory: "tank_top" }],
  [/\b(t-?shirts?|tees?)\b/i, { productType: "top", productCategory: "t_shirt" }],
  [/\b(shirts?)\b/i, { productType: "top", productCategory: "shirt" }],
  [/\b(tops?)\b/i, { productType: "top" }],
];

function match(text: string | null | undefined): GarmentGuess | null {
  if (!text) return null;
  for (const [pattern, guess] of RULES) if (pattern.test(text)) return guess;
  return null;
}

/** The garment type Shopify's product type (or, failing that, the title) suggests; null when nothing matches. */
export function guessGarment(product: { productType: string | null; title: string }): GarmentGuess | null {
  return match(product.productType) ?? match(product.title);
}
