import type { FakeAdminApi } from "../fakes/shopify-admin/fake-admin";
import type { SeedCategory, SeedImage, SeedOption, SeedVariant } from "../fakes/shopify-admin/store";
import { demoPhoto, type DemoPhotoSpec } from "./demo-images";

/**
 * The demo store: an apparel shop with a few collections of tops, dresses and trousers, each product with
 * real photos (some with a back view, some with size or colour variants). One collection, "New arrivals",
 * also holds the products a run has to skip: a photo over 10 MB, a GIF, and a product without any photo.
 * "Colours" holds a tee sold in four colours, each colour's variants showing a photo of the tee in that colour, to
 * try one shot per colour (issue 17), beside a tee sold in sizes only; its colour option is linked to Shopify's
 * shopify.color-pattern metafield, each value a swatch.
 * Most products carry their category from Shopify's Standard Product Taxonomy. "Mixed catalog" holds what a real
 * store sells beside clothes (a bag, high tops, a necklace, a gift card) and clothes titled in German, Spanish and
 * French (issue 26); "All products" holds every demo product, not the 20,000 of "Whole catalog".
 */

export const DEMO_SHOP = "model-shots-demo.myshopify.com";
export const DEMO_SHOP_NAME = "Model Shots Demo";

interface DemoPhotoSeed extends DemoPhotoSpec {
  alt: string;
  /** The file name's end instead of front/back/2 (a colour's photo: "cotton-crew-tee-navy.jpg"). */
  name?: string;
}

interface DemoProductSeed {
  title: string;
  productType: string;
  tags: string[];
  photos: DemoPhotoSeed[];
  variants?: SeedVariant[];
  /** Default: what the variants name (Shopify derives them); given where an option is linked to a metafield. */
  options?: SeedOption[];
  category?: SeedCategory;
  giftCard?: boolean;
  description: string;
}

const TAXONOMY = "gid://shopify/TaxonomyCategory/";
/**
 * A category of Shopify's Standard Product Taxonomy (github.com/Shopify/product-taxonomy, dist/en/categories.txt):
 * its id, English full name and the numbers of its children ([] for a leaf), as the taxonomy lists them.
 */
const category = (id: string, fullName: string, children: number[] = []): SeedCategory => ({
  id: `${TAXONOMY}${id}`,
  fullName,
  childrenIds: children.map((n) => `${TAXONOMY}${id}-${n}`),
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export const DEMO_CATEGORIES = {
  tShirts: category("aa-1-13-8", "Apparel & Accessories > Clothing > Clothing Tops > T-Shirts"),
  shirts: category("aa-1-13-7", "Apparel & Accessories > Clothing > Clothing Tops > Shirts"),
  tankTops: category("aa-1-13-9", "Apparel & Accessories > Clothing > Clothing Tops > Tank Tops"),
  hoodies: category("aa-1-13-13", "Apparel & Accessories > Clothing > Clothing Tops > Hoodies"),
  dresses: category("aa-1-4", "Apparel & Accessories > Clothing > Dresses"),
  trousers: category("aa-1-12-11", "Apparel & Accessories > Clothing > Pants > Trousers"),
  jeans: category("aa-1-12-4", "Apparel & Accessories > Clothing > Pants > Jeans"),
  skirts: category("aa-1-15", "Apparel & Accessories > Clothing > Skirts"),
  coatsAndJackets: category("aa-1-10-2", "Apparel & Accessories > Clothing > Outerwear > Coats & Jackets", [
    1,
    2,
    3,
    ...range(5, 17),
  ]),
  handbags: category("aa-5-4", "Apparel & Accessories > Handbags, Wallets & Cases > Handbags", range(1, 20)),
  sneakers: category("aa-8-8", "Apparel & Accessories > Shoes > Sneakers"),
  necklaces: category("aa-6-8", "Apparel & Accessories > Jewelry > Necklaces"),
  // Its children are not needed here; without them the fake refuses childrenIds and isLeaf rather than guess.
  giftCards: { id: `${TAXONOMY}gc`, fullName: "Gift Cards" },
} satisfies Record<string, SeedCategory>;

const SIZES: SeedVariant[] = ["S", "M", "L"].map((size) => ({
  title: size,
  selectedOptions: [{ name: "Size", value: size }],
}));

type PhotoSpec = Omit<DemoPhotoSeed, "side" | "alt">;

/** One photo of the garment's front, its alt text the product's title. */
const frontOnly = (title: string, spec: PhotoSpec): DemoPhotoSeed[] => [{ ...spec, side: "front", alt: title }];
/** The same garment from the front and from the back (the try-on service takes a back view too). */
const frontAndBack = (title: string, spec: PhotoSpec): DemoPhotoSeed[] => [
  { ...spec, side: "front", alt: `${title}, front` },
  { ...spec, side: "back", alt: `${title}, back` },
];

/** Metaobject ids of the colour product's colour entries (made up: the fake has no metaobjects). */
const DEMO_METAOBJECT_BASE = 700_001;

/**
 * A product sold in colours and sizes: one photo per colour (the garment drawn in that colour), and a variant per
 * colour and size showing its colour's photo, as a merchant sets variant images in Shopify.
 */
function demoColourProduct(
  seed: Omit<DemoProductSeed, "photos" | "variants">,
  spec: PhotoSpec,
  colours: Array<{ name: string; color: string }>,
): DemoProductSeed {
  return {
    ...seed,
    photos: colours.map((colour) => ({
      ...spec,
      color: colour.color,
      side: "front",
      alt: `${seed.title} in ${colour.name.toLowerCase()}`,
      name: colour.name.toLowerCase(),
    })),
    // Linked to shopify.color-pattern, as Shopify's colour options are once a merchant picks colour entries: each
    // value a colour metaobject with its swatch.
    options: [
      {
        name: "Color",
        linkedMetafield: { namespace: "shopify", key: "color-pattern" },
        values: colours.map((colour, index) => ({
          name: colour.name,
          swatch: { color: colour.color },
          linkedMetafieldValue: `gid://shopify/Metaobject/${DEMO_METAOBJECT_BASE + index}`,
        })),
      },
      { name: "Size", values: ["S", "M", "L"] },
    ],
    variants: colours.flatMap((colour, imageIndex) =>
      ["S", "M", "L"].map((size) => ({
        title: `${colour.name} / ${size}`,
        selectedOptions: [
          { name: "Color", value: colour.name },
          { name: "Size", value: size },
        ],
        imageIndex,
      })),
    ),
  };
}

/** A product of the demo store: its photos drawn from one spec, sizes S, M and L when it has them. */
function demoProduct(
  seed: Omit<DemoProductSeed, "photos" | "variants">,
  photos: (title: string, spec: PhotoSpec) => DemoPhotoSeed[],
  spec: PhotoSpec | null,
  options: { sizes?: boolean } = {},
): DemoProductSeed {
  return { ...seed, photos: spec ? photos(seed.title, spec) : [], ...(options.sizes ? { variants: SIZES } : {}) };
}

/** The colours of the demo's colour product, as its Color option names them. */
export const DEMO_TEE_COLOURS = [
  { name: "Red", color: "#b3261e" },
  { name: "Navy", color: "#1f2f56" },
  { name: "Green", color: "#2e6b3f" },
  { name: "Mustard", color: "#d8a31d" },
];

export const DEMO_PRODUCTS = {
  bretonTee: demoProduct(
    {
      title: "Breton striped tee",
      category: DEMO_CATEGORIES.tShirts,
      productType: "T-Shirts",
      tags: ["summer", "cotton"],
      description: "Heavy cotton jersey with navy stripes.",
    },
    frontAndBack,
    { shape: "tee", color: "#f4f1ea", accent: "#1f3a68", pattern: "stripes", format: "jpeg" },
    { sizes: true },
  ),
  linenShirt: demoProduct(
    {
      title: "Linen camp shirt",
      category: DEMO_CATEGORIES.shirts,
      productType: "Shirts",
      tags: ["summer", "linen"],
      description: "Relaxed linen shirt with a camp collar.",
    },
    frontAndBack,
    { shape: "shirt", color: "#c9b18a", format: "jpeg" },
    { sizes: true },
  ),
  ribbedTank: demoProduct(
    {
      title: "Ribbed tank top",
      category: DEMO_CATEGORIES.tankTops,
      productType: "Tank tops",
      tags: ["summer"],
      description: "Fine-rib tank in sage.",
    },
    frontOnly,
    { shape: "tank", color: "#8fae8b", format: "png" },
  ),
  hoodie: demoProduct(
    {
      title: "Oversized hoodie",
      category: DEMO_CATEGORIES.hoodies,
      productType: "Hoodies",
      tags: ["basics"],
      description: "Brushed fleece hoodie with a kangaroo pocket.",
    },
    frontAndBack,
    { shape: "hoodie", color: "#7a4a8c", format: "webp" },
    { sizes: true },
  ),
  wrapDress: demoProduct(
    {
      title: "Wrap midi dress",
      category: DEMO_CATEGORIES.dresses,
      productType: "Dresses",
      tags: ["summer", "occasion"],
      description: "Floaty wrap dress in terracotta.",
    },
    frontAndBack,
    { shape: "dress", color: "#c4622d", format: "jpeg" },
    { sizes: true },
  ),
  polkaSundress: demoProduct(
    {
      title: "Polka dot sundress",
      category: DEMO_CATEGORIES.dresses,
      productType: "Dresses",
      tags: ["summer"],
      description: "Cotton sundress with white dots.",
    },
    frontOnly,
    { shape: "dress", color: "#1d3557", accent: "#ffffff", pattern: "dots", format: "jpeg" },
  ),
  slipDress: demoProduct(
    {
      title: "Satin slip dress",
      category: DEMO_CATEGORIES.dresses,
      productType: "Dresses",
      tags: ["occasion"],
      description: "Bias-cut satin slip dress.",
    },
    frontOnly,
    { shape: "slip_dress", color: "#b9a7d6", format: "png" },
  ),
  wideTrousers: demoProduct(
    {
      title: "Wide-leg trousers",
      category: DEMO_CATEGORIES.trousers,
      productType: "Trousers",
      tags: ["tailoring"],
      description: "High-waisted wide-leg trousers.",
    },
    frontAndBack,
    { shape: "trousers", color: "#3b3b3b", format: "jpeg" },
    { sizes: true },
  ),
  straightJeans: demoProduct(
    {
      title: "Straight jeans",
      category: DEMO_CATEGORIES.jeans,
      productType: "Jeans",
      tags: ["denim"],
      description: "Mid-blue straight-leg jeans.",
    },
    frontAndBack,
    { shape: "jeans", color: "#3f6da3", accent: "#ffffff", pattern: "denim", format: "jpeg" },
  ),
  checkSkirt: demoProduct(
    {
      title: "Pleated check skirt",
      category: DEMO_CATEGORIES.skirts,
      productType: "Skirts",
      tags: ["autumn"],
      description: "Pleated skirt in a red check.",
    },
    frontOnly,
    { shape: "skirt", color: "#9b2226", accent: "#e9d8a6", pattern: "check", format: "webp" },
  ),
  woolCoat: demoProduct(
    {
      title: "Heavy wool coat",
      category: DEMO_CATEGORIES.coatsAndJackets,
      productType: "Coats",
      tags: ["autumn"],
      description: "Double-breasted coat. Its only photo is an unoptimised export over 10 MB.",
    },
    frontOnly,
    { shape: "coat", color: "#6b4f3a", format: "png_uncompressed", width: 1800, height: 2100 },
  ),
  kimono: demoProduct(
    {
      title: "Embroidered kimono jacket",
      productType: "Jackets",
      tags: ["autumn"],
      description: "Its only photo is a GIF, which the try-on service does not take.",
    },
    frontOnly,
    { shape: "coat", color: "#2a9d8f", accent: "#e9c46a", pattern: "dots", format: "gif", width: 600, height: 800 },
  ),
  crewTee: demoColourProduct(
    {
      title: "Cotton crew tee",
      category: DEMO_CATEGORIES.tShirts,
      productType: "T-Shirts",
      tags: ["basics", "cotton"],
      description: "Organic cotton tee in four colours.",
    },
    { shape: "tee", color: "#ffffff", format: "jpeg" },
    DEMO_TEE_COLOURS,
  ),
  giftCard: demoProduct(
    { title: "Gift wrapping", productType: "Services", tags: [], description: "A service without any photo." },
    frontOnly,
    null,
  ),
  // ----- What a real store sells beside clothes, and clothes titled in other languages ("Mixed catalog") -----
  sommerkleid: demoProduct(
    {
      title: "Sommerkleid",
      productType: "Kleider",
      category: DEMO_CATEGORIES.dresses,
      tags: ["sommer"],
      description: "Leichtes Sommerkleid aus Baumwolle.",
    },
    frontOnly,
    { shape: "dress", color: "#e0c341", format: "jpeg" },
    { sizes: true },
  ),
  blusaDeSeda: demoProduct(
    { title: "Blusa de seda", productType: "Blusas", tags: ["seda"], description: "Blusa de seda color marfil." },
    frontOnly,
    { shape: "shirt", color: "#f0e8d8", format: "jpeg" },
    { sizes: true },
  ),
  chemiseEnLin: demoProduct(
    { title: "Chemise en lin", productType: "", tags: [], description: "Chemise en lin lavé, coupe droite." },
    frontAndBack,
    { shape: "shirt", color: "#8fb8de", format: "jpeg" },
    { sizes: true },
  ),
  leatherTote: demoProduct(
    {
      title: "Leather tote bag",
      productType: "Bags",
      category: DEMO_CATEGORIES.handbags,
      tags: ["leather"],
      description: "Vegetable-tanned leather tote.",
    },
    frontOnly,
    { shape: "bag", color: "#6b4f3a", format: "jpeg" },
  ),
  canvasHighTops: {
    ...demoProduct(
      {
        title: "Canvas high tops",
        productType: "Shoes",
        category: DEMO_CATEGORIES.sneakers,
        tags: ["canvas"],
        description: "High-top sneakers in red canvas.",
      },
      frontOnly,
      { shape: "shoes", color: "#b3261e", format: "jpeg" },
    ),
    variants: ["38", "39", "40", "41", "42"].map((size) => ({
      title: size,
      selectedOptions: [{ name: "Size", value: size }],
    })),
  },
  pearlNecklace: demoProduct(
    {
      title: "Pearl pendant necklace",
      productType: "Jewellery",
      category: DEMO_CATEGORIES.necklaces,
      tags: ["gold"],
      description: "A freshwater pearl on a gold-plated chain.",
    },
    frontOnly,
    { shape: "necklace", color: "#f0e8d8", format: "jpeg" },
  ),
  giftCardVoucher: {
    ...demoProduct(
      {
        title: "Gift card",
        productType: "Gift Cards",
        category: DEMO_CATEGORIES.giftCards,
        giftCard: true,
        tags: [],
        description: "A gift card for the shop, sent by email.",
      },
      frontOnly,
      { shape: "gift_card", color: "#1f2f56", format: "jpeg" },
    ),
    variants: ["€25", "€50", "€100"].map((amount) => ({
      title: amount,
      price: `${amount.slice(1)}.00`,
      selectedOptions: [{ name: "Denominations", value: amount }],
    })),
  },
} satisfies Record<string, DemoProductSeed>;

export type DemoProductKey = keyof typeof DEMO_PRODUCTS;

/**
 * The product whose renders come back with their colour changed (the simulator's colour_shift fault, set by the
 * launcher), so Review shows a colour drift: matched by its photos' file names.
 */
export const DRIFTING_PRODUCT = { key: "slipDress", photoName: "satin-slip-dress", deltaE: 18 } as const;

export const DEMO_COLLECTIONS: Array<{ key: string; title: string; products: DemoProductKey[] }> = [
  { key: "tops", title: "Summer tops", products: ["bretonTee", "linenShirt", "ribbedTank", "hoodie"] },
  { key: "dresses", title: "Dresses", products: ["wrapDress", "polkaSundress", "slipDress"] },
  { key: "bottoms", title: "Trousers and skirts", products: ["wideTrousers", "straightJeans", "checkSkirt"] },
  {
    key: "newArrivals",
    title: "New arrivals",
    products: ["ribbedTank", "polkaSundress", "checkSkirt", "woolCoat", "kimono", "giftCard"],
  },
  { key: "colours", title: "Colours", products: ["crewTee", "bretonTee"] },
  {
    key: "mixedCatalog",
    title: "Mixed catalog",
    products: [
      "sommerkleid",
      "blusaDeSeda",
      "chemiseEnLin",
      "leatherTote",
      "canvasHighTops",
      "pearlNecklace",
      "giftCardVoucher",
    ],
  },
  { key: "allProducts", title: "All products", products: Object.keys(DEMO_PRODUCTS) as DemoProductKey[] },
];

/**
 * The products whose front photos the Whole catalog's 20,000 products share, in this order: the clothes of the
 * first demo store, so that the catalog (its titles, types and photos) is what e2e 10 and benchmark 5 were written
 * against, and holds nothing the app must skip.
 */
const WHOLE_CATALOG_SOURCES: DemoProductKey[] = [
  "bretonTee",
  "linenShirt",
  "ribbedTank",
  "hoodie",
  "wrapDress",
  "polkaSundress",
  "slipDress",
  "wideTrousers",
  "straightJeans",
  "checkSkirt",
  "woolCoat",
  "kimono",
  "crewTee",
  "giftCard",
];

/**
 * "Whole catalog": 20,000 generated products, a collection large enough that Shopify's bulk export is how the app
 * reads it (ADR 055). Generated cheaply and the same every time: titles from fixed word lists by index, and each
 * product's one photo is the front photo of a demo product, shared (the bytes are not copied).
 */
export const WHOLE_CATALOG = { key: "wholeCatalog", title: "Whole catalog", size: 20_000 } as const;
const CATALOG_COLOURS = ["Ivory", "Navy", "Sage", "Terracotta", "Charcoal", "Lilac", "Ochre", "Teal", "Rose", "Sand"];
const CATALOG_CUTS = ["Classic", "Relaxed", "Cropped", "Tailored", "Oversized", "Slim", "Longline"];

function seedWholeCatalog(fake: FakeAdminApi, photos: Array<{ seed: DemoProductSeed; image: SeedImage }>): string {
  const productIds: string[] = [];
  for (let i = 0; i < WHOLE_CATALOG.size; i++) {
    const { seed, image } = photos[i % photos.length] as (typeof photos)[number];
    const number = String(i + 1).padStart(5, "0");
    const title = `${CATALOG_COLOURS[i % CATALOG_COLOURS.length]} ${CATALOG_CUTS[Math.floor(i / CATALOG_COLOURS.length) % CATALOG_CUTS.length]} ${seed.title.split(" ").at(-1)?.toLowerCase()} ${number}`;
    const product = fake.store.addProduct(DEMO_SHOP, {
      title,
      handle: `catalog-${number}`,
      productType: seed.productType,
      vendor: DEMO_SHOP_NAME,
      images: [{ ...image, filename: `catalog-${number}-front.${image.filename?.split(".").pop() ?? "jpg"}` }],
    });
    productIds.push(product.id);
  }
  return fake.store.addCollection(DEMO_SHOP, { title: WHOLE_CATALOG.title, productIds }).id;
}

/** What a sandbox store seeded: its shop, and the gids of its products and collections by a key of its own. */
export interface SeededStore {
  shop: string;
  products: Record<string, string>;
  collections: Record<string, string>;
}

export interface SeededDemoStore extends SeededStore {
  shop: string;
  /** Product gids by their key in DEMO_PRODUCTS. */
  products: Record<DemoProductKey, string>;
  /** Collection gids by key. */
  collections: Record<string, string>;
}

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/(^-|-$)/g, "");

/** Adds the demo shop and its catalogue to a fake Admin API. Photos are rendered once and cached in `cacheDir`. */
export async function seedDemoStore(
  fake: FakeAdminApi,
  options: { cacheDir: string | null },
): Promise<SeededDemoStore> {
  fake.store.addShop({ domain: DEMO_SHOP, name: DEMO_SHOP_NAME, email: "staff@model-shots-demo.example" });
  const products = {} as Record<DemoProductKey, string>;
  // Front photos of the demo products the try-on service takes (JPEG, PNG, WebP under 10 MB), for the catalog.
  const catalogPhotos: Array<{ seed: DemoProductSeed; image: SeedImage }> = [];
  for (const [key, seed] of Object.entries(DEMO_PRODUCTS) as Array<[DemoProductKey, DemoProductSeed]>) {
    const images: SeedImage[] = [];
    for (const [index, photo] of seed.photos.entries()) {
      const rendered = await demoPhoto(photo, options.cacheDir);
      images.push({
        filename: `${slug(seed.title)}-${photo.name ?? (photo.side === "back" ? "back" : index === 0 ? "front" : String(index + 1))}.${rendered.extension}`,
        alt: photo.alt,
        bytes: rendered.bytes,
        width: rendered.width,
        height: rendered.height,
      });
    }
    const front = images[0];
    const usable = ["jpeg", "png", "webp"].includes(seed.photos[0]?.format ?? "");
    if (front && usable && key !== DRIFTING_PRODUCT.key && WHOLE_CATALOG_SOURCES.includes(key))
      catalogPhotos.push({ seed, image: front });
    const product = fake.store.addProduct(DEMO_SHOP, {
      title: seed.title,
      productType: seed.productType,
      vendor: DEMO_SHOP_NAME,
      tags: seed.tags,
      descriptionHtml: `<p>${seed.description}</p>`,
      images,
      ...(seed.variants ? { variants: seed.variants } : {}),
      ...(seed.options ? { options: seed.options } : {}),
      ...(seed.category ? { category: seed.category } : {}),
      ...(seed.giftCard ? { giftCard: true } : {}),
    });
    products[key] = product.id;
  }
  const collections: Record<string, string> = {};
  for (const collection of DEMO_COLLECTIONS) {
    collections[collection.key] = fake.store.addCollection(DEMO_SHOP, {
      title: collection.title,
      productIds: collection.products.map((key) => products[key]),
    }).id;
  }
  collections[WHOLE_CATALOG.key] = seedWholeCatalog(fake, catalogPhotos);
  return { shop: DEMO_SHOP, products, collections };
}
