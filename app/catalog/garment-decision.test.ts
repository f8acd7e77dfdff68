import { describe, expect, it } from "vitest";
import { decideGarment, type GarmentDecision, type ProductFacts } from "./garment-decision";
import { categoryIdForFullName, meaningOfCategory } from "./taxonomy-garments";

const category = (id: string, name: string) => ({ id: `gid://shopify/TaxonomyCategory/${id}`, name });

/** "dress/dress", "skip:shoes" or "choice": what the decision comes to, in one word for the tables below. */
function outcome(decision: GarmentDecision): string {
  if (decision.kind === "garment")
    return [decision.garment.productType, decision.garment.productCategory].filter(Boolean).join("/");
  if (decision.kind === "not_clothing") return `skip:${decision.reason}`;
  return "choice";
}

const byTitle = (title: string, productType: string | null = null) => outcome(decideGarment({ title, productType }));

describe("the garment decision", () => {
  it.each([
    // The cases: the head noun decides.
    ["Dark Denim Top", "top"],
    ["Jean Jacket", "outerwear/jacket"],
    ["Boot-cut Jeans", "bottom/jeans"],
    ["Dress Shoes", "skip:shoes"],
    ["LED High Tops", "skip:shoes"],
    ["High-Top Sneakers", "skip:shoes"],
    ["Shoe Bag", "skip:bag"],
    ["Black Leather Bag", "skip:bag"],
    ["Blue Silk Tuxedo", "choice"],
    ["Striped Skirt and Top", "choice"],
    ["Shirt Dress", "dress/dress"],
    ["Dress Shirt", "top/shirt"],
    ["Yellow Wool Jumper", "top/sweater"],
    ["Red Sports Tee", "top/t_shirt"],
    ["Pull-On Shorts", "bottom/shorts"],
    ["Black and White Dress", "dress/dress"],
    ["Sweater Vest", "top/tank_top"],
    ["Puffer Vest", "outerwear/jacket"],
    ["Suit Jacket", "outerwear/jacket"],
    ["Body Butter", "skip:beauty"],
    ["Vanilla candle", "skip:home"],
    ["Yellow watering can", "skip:home"],
    ["White Bed Clothes", "skip:home"],
    ["Gift Card", "skip:gift_card"],
    ["Pack of socks", "skip:socks"],
    ["The Palermo", "choice"],
  ])("reads %j as %s", (title, expected) => {
    expect(byTitle(title)).toBe(expected);
  });

  it.each([
    // Titles in the other languages, with their word order.
    ["Blusa de seda", "top/blouse"],
    ["Strickjacke", "top/sweater"],
    ["Gonna a pieghe", "bottom/skirt"],
    ["Chemise en lin", "top/shirt"],
    ["Robe longue fleurie", "dress/dress"],
    ["Sommerkleid mit Blumen", "dress/dress"],
    ["Lederjacke", "outerwear/jacket"],
    ["Spijkerbroek", "bottom/jeans"],
    ["Zomerjurk met print", "dress/dress"],
    ["Vestido camisero", "dress/dress"],
    ["Calça Jeans Feminina", "bottom/jeans"],
    ["Tênis Casual", "skip:shoes"],
    ["Sac à main", "skip:bag"],
    ["Boucles d'oreilles", "skip:jewellery"],
    ["Borsa in pelle", "skip:bag"],
    ["Gutschein", "skip:gift_card"],
  ])("reads %j as %s", (title, expected) => {
    expect(byTitle(title)).toBe(expected);
  });

  it("reads the product type before the title", () => {
    expect(byTitle("The Palermo", "Dresses")).toBe("dress/dress");
    expect(byTitle("The Palermo", "Clothing")).toBe("choice");
    expect(decideGarment({ title: "The Palermo", productType: "Dresses" }).decidedBy).toBe("type");
  });

  it("decides by the taxonomy category first, by id, whatever the names are in", () => {
    const product: ProductFacts = {
      title: "Das Modell Palermo",
      productType: "Bekleidung",
      category: category("aa-1-4", "Kleider"),
    };
    expect(decideGarment(product)).toMatchObject({
      kind: "garment",
      garment: { productType: "dress", productCategory: "dress" },
      decidedBy: "category",
      evidence: "Kleider",
    });
    // A category the app does not list takes its nearest listed ancestor's meaning.
    expect(outcome(decideGarment({ ...product, category: category("aa-1-13-8-99", "Something new") }))).toBe(
      "top/t_shirt",
    );
  });

  it("never renders what its category says is not clothing, whatever the title says", () => {
    const bag = { title: "Canvas Tee Bag", productType: null, category: category("aa-5-4-18", "Shopper Bags") };
    expect(decideGarment(bag)).toMatchObject({ kind: "not_clothing", reason: "bag", decidedBy: "category" });
    const necklace = { title: "Dainty Gold", productType: null, category: category("aa-6-8", "Necklaces") };
    expect(outcome(decideGarment(necklace))).toBe("skip:jewellery");
    const card = { title: "Store credit", productType: null, category: category("gc", "Gift Cards") };
    expect(outcome(decideGarment(card))).toBe("skip:gift_card");
  });

  it("falls through an unclear category to the type and title (a dress filed under Swimwear)", () => {
    const filedUnderSwimwear = { title: "Sommerkleid", productType: null, category: category("aa-1-20", "Swimwear") };
    expect(decideGarment(filedUnderSwimwear)).toMatchObject({ kind: "garment", decidedBy: "title" });
    const suit = { title: "The Milano", productType: null, category: category("aa-1-19", "Suits") };
    expect(decideGarment(suit)).toEqual({ kind: "needs_choice", decidedBy: "none", why: "unclear", evidence: "Suits" });
  });

  it("takes a garment's category from a later source when the deciding one names none", () => {
    const tops = { title: "Striped Silk Blouse", productType: null, category: category("aa-1-13", "Clothing Tops") };
    expect(decideGarment(tops)).toMatchObject({
      garment: { productType: "top", productCategory: "blouse" },
      decidedBy: "category",
    });
  });

  it("says why it needs a choice", () => {
    expect(decideGarment({ title: "Skirt and Top", productType: null })).toMatchObject({ why: "several_garments" });
    expect(decideGarment({ title: "Wooden thing", productType: null })).toEqual({
      kind: "needs_choice",
      decidedBy: "none",
      why: "nothing",
      evidence: null,
    });
  });
});

describe("when Shopify's data disagrees, or says more than one thing", () => {
  it("spends nothing on the doubt: anything that says it is not clothing wins over a garment", () => {
    const sneakersFiledAsTees = {
      title: "LED High Tops",
      productType: null,
      category: category("aa-1-13-8", "T-Shirts"),
    };
    expect(decideGarment(sneakersFiledAsTees)).toMatchObject({
      kind: "not_clothing",
      reason: "shoes",
      decidedBy: "title",
    });
  });

  it("takes the title's garment when the category names another one (a tee filed under Dresses)", () => {
    const teeFiledAsDress = {
      title: "Oversized Boyfriend Tee",
      productType: null,
      category: category("aa-1-4", "Dresses"),
    };
    expect(decideGarment(teeFiledAsDress)).toMatchObject({ garment: { productType: "top" }, decidedBy: "title" });
    // Agreeing sources: the category decides, and the title only adds its garment's category.
    const agreeing = { title: "Wrap dress", productType: null, category: category("aa-1-4", "Dresses") };
    expect(decideGarment(agreeing).decidedBy).toBe("category");
  });

  it("does not dress an adult model in children's clothing, in any of the languages", () => {
    for (const title of ["Kids Rainbow Tee", "T-shirt enfant", "Kinderjurkje", "Camiseta infantil"])
      expect(byTitle(title)).toBe("skip:childrens_clothing");
    expect(byTitle("Baby Blue Tee")).toBe("top/t_shirt");
  });

  it("asks about a set of garments, and keeps phrases that hold a preposition whole", () => {
    expect(byTitle("Conjunto de moletom")).toBe("choice");
    expect(byTitle("Hoodie Set")).toBe("choice");
    expect(byTitle("Set of 3 Candles")).toBe("skip:home");
    expect(byTitle("Robe de chambre en éponge")).toBe("choice");
    expect(byTitle("Tailleur pantalon")).toBe("choice");
  });

  it("knows things for clothes are not clothes", () => {
    expect(byTitle("Leather Jacket Care Kit")).toBe("skip:accessory");
    expect(byTitle("Wooden Coat Hanger Set")).toBe("skip:home");
    expect(byTitle("Maxi Dress Poppy Print")).toBe("dress/dress");
  });
});

describe("the taxonomy table", () => {
  it("maps a CSV export's English full name to the category id, or its nearest listed ancestor", () => {
    expect(categoryIdForFullName("Apparel & Accessories > Clothing > Dresses")).toBe(
      "gid://shopify/TaxonomyCategory/aa-1-4",
    );
    expect(categoryIdForFullName("Apparel & Accessories > Shoes > Sneakers")).toBe(
      "gid://shopify/TaxonomyCategory/aa-8",
    );
    expect(categoryIdForFullName("Bekleidung & Accessoires > Bekleidung > Kleider")).toBeNull();
  });

  it("knows every vertical beside apparel", () => {
    expect(meaningOfCategory("gid://shopify/TaxonomyCategory/hg-11-2")).toEqual({
      kind: "not_clothing",
      reason: "home",
    });
    expect(meaningOfCategory("gid://shopify/TaxonomyCategory/zz-1")).toBeNull();
    expect(meaningOfCategory("not a category")).toBeNull();
  });
});
