import { G, N, UNCLEAR, type GarmentMeaning } from "./garment-kinds";

/**
 * What Shopify's Standard Product Taxonomy says a product is, for the try-on service. Keyed by category id, so it
 * holds in every admin language (`Product.category.id` is `gid://shopify/TaxonomyCategory/aa-1-4` whatever the
 * names are in); a category not listed takes its nearest listed ancestor's meaning (ids are paths: `aa-1-13-8`
 * is under `aa-1-13`). The English full names are there for product CSV exports, which carry only the name.
 *
 * Source: github.com/Shopify/product-taxonomy, dist/en/categories.txt (the Apparel & Accessories vertical, `aa`,
 * and the verticals beside it). Ids are stable across taxonomy releases; a renamed category keeps its id.
 */

type Rule = readonly [id: string, fullName: string, meaning: GarmentMeaning];

const AA = "Apparel & Accessories";
const C = `${AA} > Clothing`;
const ACC = `${AA} > Clothing Accessories`;

const RULES: readonly Rule[] = [
  ["aa", AA, UNCLEAR],
  ["aa-1", C, UNCLEAR],
  // Activewear
  ["aa-1-1", `${C} > Activewear`, UNCLEAR],
  ["aa-1-1-1", `${C} > Activewear > Activewear Pants`, G.trousers],
  ["aa-1-1-1-3", `${C} > Activewear > Activewear Pants > Shorts`, G.shorts],
  ["aa-1-1-7", `${C} > Activewear > Activewear Sweatshirts & Hoodies`, G.hoodie],
  ["aa-1-1-7-5", `${C} > Activewear > Activewear Sweatshirts & Hoodies > Track Jackets`, G.jacket],
  ["aa-1-1-2", `${C} > Activewear > Activewear Tops`, G.top],
  ["aa-1-1-2-2", `${C} > Activewear > Activewear Tops > T-Shirts`, G.tee],
  ["aa-1-1-2-3", `${C} > Activewear > Activewear Tops > Tank Tops`, G.tank],
  ["aa-1-1-8", `${C} > Activewear > Activewear Vests & Jackets`, G.jacket],
  ["aa-1-1-4", `${C} > Activewear > Boxing Shorts`, G.shorts],
  ["aa-1-1-6", `${C} > Activewear > Sports Bras`, G.tank],
  // Children's clothing is not dressed on an adult model by default.
  ["aa-1-2", `${C} > Baby & Toddler Clothing`, N.childrens_clothing],
  ["aa-1-3", `${C} > Boys' Underwear`, N.underwear],
  ["aa-1-5", `${C} > Girls' Underwear`, N.underwear],
  ["aa-1-6", `${C} > Lingerie`, N.underwear],
  ["aa-1-6-4", `${C} > Lingerie > Camisoles`, G.tank],
  ["aa-1-8", `${C} > Men's Undergarments`, N.underwear],
  // Tops
  ["aa-1-13", `${C} > Clothing Tops`, G.top],
  ["aa-1-13-1", `${C} > Clothing Tops > Blouses`, G.blouse],
  ["aa-1-13-3", `${C} > Clothing Tops > Cardigans`, G.sweater],
  ["aa-1-13-13", `${C} > Clothing Tops > Hoodies`, G.hoodie],
  ["aa-1-13-5", `${C} > Clothing Tops > Overshirts`, G.shirt],
  ["aa-1-13-6", `${C} > Clothing Tops > Polos`, G.shirt],
  ["aa-1-13-7", `${C} > Clothing Tops > Shirts`, G.shirt],
  ["aa-1-13-12", `${C} > Clothing Tops > Sweaters`, G.sweater],
  ["aa-1-13-14", `${C} > Clothing Tops > Sweatshirts`, G.hoodie],
  ["aa-1-13-8", `${C} > Clothing Tops > T-Shirts`, G.tee],
  ["aa-1-13-9", `${C} > Clothing Tops > Tank Tops`, G.tank],
  ["aa-1-4", `${C} > Dresses`, G.dress],
  // Maternity: the garments beneath it, as elsewhere.
  ["aa-1-7", `${C} > Maternity Clothing`, UNCLEAR],
  ["aa-1-7-1", `${C} > Maternity Clothing > Nursing Bras`, N.underwear],
  ["aa-1-7-2", `${C} > Maternity Clothing > Maternity Dresses`, G.dress],
  ["aa-1-7-3", `${C} > Maternity Clothing > Maternity One-Pieces`, G.jumpsuit],
  ["aa-1-7-4", `${C} > Maternity Clothing > Maternity Pants`, G.trousers],
  ["aa-1-7-4-4", `${C} > Maternity Clothing > Maternity Pants > Jeans`, G.jeans],
  ["aa-1-7-4-5", `${C} > Maternity Clothing > Maternity Pants > Jeggings`, G.jeans],
  ["aa-1-7-4-11", `${C} > Maternity Clothing > Maternity Pants > Skorts`, G.skirt],
  ["aa-1-7-5", `${C} > Maternity Clothing > Maternity Skirts`, G.skirt],
  ["aa-1-7-8", `${C} > Maternity Clothing > Maternity Tops`, G.top],
  ["aa-1-7-8-1", `${C} > Maternity Clothing > Maternity Tops > Blouses`, G.blouse],
  ["aa-1-7-8-3", `${C} > Maternity Clothing > Maternity Tops > Cardigans`, G.sweater],
  ["aa-1-7-8-5", `${C} > Maternity Clothing > Maternity Tops > Overshirts`, G.shirt],
  ["aa-1-7-8-7", `${C} > Maternity Clothing > Maternity Tops > Shirts`, G.shirt],
  ["aa-1-7-8-8", `${C} > Maternity Clothing > Maternity Tops > T-Shirts`, G.tee],
  ["aa-1-9", `${C} > One-Pieces`, G.jumpsuit],
  // Outerwear
  ["aa-1-10", `${C} > Outerwear`, G.outerwear],
  ["aa-1-10-1", `${C} > Outerwear > Chaps`, UNCLEAR],
  ["aa-1-10-2", `${C} > Outerwear > Coats & Jackets`, G.outerwear],
  ["aa-1-10-2-1", `${C} > Outerwear > Coats & Jackets > Bolero Jackets`, G.jacket],
  ["aa-1-10-2-2", `${C} > Outerwear > Coats & Jackets > Bomber Jackets`, G.jacket],
  ["aa-1-10-2-3", `${C} > Outerwear > Coats & Jackets > Capes`, G.coat],
  ["aa-1-10-2-5", `${C} > Outerwear > Coats & Jackets > Overcoats`, G.coat],
  ["aa-1-10-2-6", `${C} > Outerwear > Coats & Jackets > Parkas`, G.coat],
  ["aa-1-10-2-7", `${C} > Outerwear > Coats & Jackets > Pea Coats`, G.coat],
  ["aa-1-10-2-8", `${C} > Outerwear > Coats & Jackets > Ponchos`, G.coat],
  ["aa-1-10-2-9", `${C} > Outerwear > Coats & Jackets > Puffer Jackets`, G.jacket],
  ["aa-1-10-2-10", `${C} > Outerwear > Coats & Jackets > Rain Coats`, G.coat],
  ["aa-1-10-2-11", `${C} > Outerwear > Coats & Jackets > Sport Jackets`, G.jacket],
  ["aa-1-10-2-12", `${C} > Outerwear > Coats & Jackets > Track Jackets`, G.jacket],
  ["aa-1-10-2-13", `${C} > Outerwear > Coats & Jackets > Trench Coats`, G.coat],
  ["aa-1-10-2-14", `${C} > Outerwear > Coats & Jackets > Trucker Jackets`, G.jacket],
  ["aa-1-10-2-15", `${C} > Outerwear > Coats & Jackets > Varsity Jackets`, G.jacket],
  ["aa-1-10-2-16", `${C} > Outerwear > Coats & Jackets > Windbreakers`, G.jacket],
  ["aa-1-10-2-17", `${C} > Outerwear > Coats & Jackets > Wrap Coats`, G.coat],
  ["aa-1-10-7", `${C} > Outerwear > Motorcycle Outerwear`, G.jacket],
  ["aa-1-10-3", `${C} > Outerwear > Rain Pants`, G.trousers],
  ["aa-1-10-4", `${C} > Outerwear > Rain Suits`, UNCLEAR],
  ["aa-1-10-5", `${C} > Outerwear > Snow Pants & Suits`, UNCLEAR],
  ["aa-1-10-6", `${C} > Outerwear > Vests`, G.jacket],
  ["aa-1-11", `${C} > Outfit Sets`, UNCLEAR],
  // Bottoms
  ["aa-1-12", `${C} > Pants`, G.trousers],
  ["aa-1-12-4", `${C} > Pants > Jeans`, G.jeans],
  ["aa-1-12-5", `${C} > Pants > Jeggings`, G.jeans],
  ["aa-1-14", `${C} > Shorts`, G.shorts],
  ["aa-1-15", `${C} > Skirts`, G.skirt],
  ["aa-1-16", `${C} > Skorts`, G.skirt],
  // Sleepwear: the clear garments only.
  ["aa-1-17", `${C} > Sleepwear & Loungewear`, UNCLEAR],
  ["aa-1-17-1", `${C} > Sleepwear & Loungewear > Long Johns`, N.underwear],
  ["aa-1-17-2-1", `${C} > Sleepwear & Loungewear > Loungewear > Loungewear Bottoms`, G.trousers],
  ["aa-1-17-2-1-1", `${C} > Sleepwear & Loungewear > Loungewear > Loungewear Bottoms > Boxers`, N.underwear],
  ["aa-1-17-2-1-4", `${C} > Sleepwear & Loungewear > Loungewear > Loungewear Bottoms > Shorts`, G.shorts],
  ["aa-1-17-2-1-5", `${C} > Sleepwear & Loungewear > Loungewear > Loungewear Bottoms > Skirts`, G.skirt],
  ["aa-1-17-2-2", `${C} > Sleepwear & Loungewear > Loungewear > Loungewear Tops`, G.top],
  ["aa-1-17-3", `${C} > Sleepwear & Loungewear > Nightgowns`, G.dress],
  ["aa-1-17-6", `${C} > Sleepwear & Loungewear > Onesies`, G.jumpsuit],
  ["aa-1-18", `${C} > Socks`, N.socks],
  ["aa-1-19", `${C} > Suits`, UNCLEAR],
  // Swimwear in general is a choice (a bikini is two garments); the clear pieces are garments.
  ["aa-1-20", `${C} > Swimwear`, UNCLEAR],
  ["aa-1-20-2", `${C} > Swimwear > Boardshorts`, G.shorts],
  ["aa-1-20-3", `${C} > Swimwear > Swim Boxers`, G.shorts],
  ["aa-1-20-12", `${C} > Swimwear > Rash Guards`, G.top],
  ["aa-1-20-23", `${C} > Swimwear > Surf Tops`, G.top],
  ["aa-1-20-17", `${C} > Swimwear > Swim Dresses`, G.dress],
  ["aa-1-21", `${C} > Uniforms`, UNCLEAR],
  ["aa-1-21-2", `${C} > Uniforms > Flight Suits`, G.jumpsuit],
  ["aa-1-21-8", `${C} > Uniforms > White Coats`, G.coat],
  ["aa-1-22", `${C} > Wedding & Bridal Party Dresses`, G.dress],
  ["aa-1-23", `${C} > Traditional & Ceremonial Clothing`, UNCLEAR],
  // Accessories
  ["aa-2", ACC, N.accessory],
  ["aa-2-2", `${ACC} > Baby & Toddler Clothing Accessories`, N.childrens_clothing],
  ["aa-2-5", `${ACC} > Belt Buckles`, N.belt],
  ["aa-2-6", `${ACC} > Belts`, N.belt],
  ["aa-2-17", `${ACC} > Hats`, N.hat],
  ["aa-2-18", `${ACC} > Headwear`, N.hat],
  ["aa-2-3", `${ACC} > Balaclavas`, N.hat],
  ["aa-2-22", `${ACC} > Neck Gaiters`, N.scarf],
  ["aa-2-26", `${ACC} > Scarves & Shawls`, N.scarf],
  ["aa-2-27", `${ACC} > Sunglasses`, N.eyewear],
  ["aa-3", `${AA} > Costumes & Accessories`, UNCLEAR],
  ["aa-3-1", `${AA} > Costumes & Accessories > Costume Accessories`, N.accessory],
  ["aa-3-2", `${AA} > Costumes & Accessories > Costume Shoes`, N.shoes],
  ["aa-3-4", `${AA} > Costumes & Accessories > Masks`, N.accessory],
  ["aa-4", `${AA} > Handbag & Wallet Accessories`, N.bag],
  ["aa-5", `${AA} > Handbags, Wallets & Cases`, N.bag],
  ["aa-6", `${AA} > Jewelry`, N.jewellery],
  ["aa-7", `${AA} > Shoe Accessories`, N.shoes],
  ["aa-8", `${AA} > Shoes`, N.shoes],
  // The other verticals. Bundles, uncategorized products, sporting goods (team kits, cycling jerseys), religious
  // and mature goods may be clothing: their product type or title decides.
  ["ae", "Arts & Entertainment", N.not_apparel],
  ["ap", "Animals & Pet Supplies", N.not_apparel],
  ["bi", "Business & Industrial", N.not_apparel],
  ["bt", "Baby & Toddler", N.not_apparel],
  ["bu", "Bundles", UNCLEAR],
  ["co", "Cameras & Optics", N.not_apparel],
  ["el", "Electronics", N.not_apparel],
  ["fb", "Food, Beverages & Tobacco", N.not_apparel],
  ["fr", "Furniture", N.home],
  ["gc", "Gift Cards", N.gift_card],
  ["ha", "Hardware", N.not_apparel],
  ["hb", "Health & Beauty", N.beauty],
  ["hg", "Home & Garden", N.home],
  ["lb", "Luggage & Bags", N.bag],
  ["ma", "Mature", UNCLEAR],
  ["me", "Media", N.not_apparel],
  ["na", "Uncategorized", UNCLEAR],
  ["os", "Office Supplies", N.not_apparel],
  ["pa", "Product Add-Ons", N.service],
  ["rc", "Religious & Ceremonial", UNCLEAR],
  ["se", "Services", N.service],
  ["sg", "Sporting Goods", UNCLEAR],
  ["so", "Software", N.not_apparel],
  ["tg", "Toys & Games", N.not_apparel],
  ["vp", "Vehicles & Parts", N.not_apparel],
];

const BY_ID = new Map(RULES.map(([id, , meaning]) => [id, meaning]));
const BY_NAME = new Map(RULES.map(([id, fullName]) => [fullName.toLowerCase(), id]));

const GID_PREFIX = "gid://shopify/TaxonomyCategory/";

/** `aa-1-13-8` from `gid://shopify/TaxonomyCategory/aa-1-13-8` (or the bare id); null for anything else. */
export function taxonomyIdOf(categoryId: string): string | null {
  const id = categoryId.startsWith(GID_PREFIX) ? categoryId.slice(GID_PREFIX.length) : categoryId;
  return /^[a-z]{2}(-\d+)*$/.test(id) ? id : null;
}

/** What a taxonomy category says about a product; null for an id that is not one (or a vertical not listed). */
export function meaningOfCategory(categoryId: string): GarmentMeaning | null {
  let id = taxonomyIdOf(categoryId);
  while (id) {
    const meaning = BY_ID.get(id);
    if (meaning) return meaning;
    const cut = id.lastIndexOf("-");
    id = cut > 0 ? id.slice(0, cut) : null;
  }
  return null;
}

/**
 * The category id for an English full name as a product CSV export carries it ("Apparel & Accessories > Clothing >
 * Dresses"): the listed category, or the nearest listed ancestor of one that is not listed. Null when nothing of
 * the path is known (another language, or a vertical the app does not list).
 */
export function categoryIdForFullName(fullName: string): string | null {
  const parts = fullName.split(">").map((part) => part.trim());
  for (let length = parts.length; length > 0; length--) {
    const id = BY_NAME.get(parts.slice(0, length).join(" > ").toLowerCase());
    if (id) return `${GID_PREFIX}${id}`;
  }
  return null;
}
