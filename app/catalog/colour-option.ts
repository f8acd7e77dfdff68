import type { ProductForRender, ProductOptionFacts } from "./catalog-port";
import type { ProductPhoto } from "./source-images";

/**
 * Which option of a product is its colour, and which variants and photos each colour has: a catalog decision that
 * one shot per colour (app/renders/colour-variants) and every page listing a product's colours take from here.
 */

export interface SelectedOption {
  name: string;
  value: string;
}

/** A variant as colour detection needs it: its options and the media it shows (a variant holds at most one). */
export interface VariantForColour {
  id: string;
  title: string;
  selectedOptions?: SelectedOption[] | undefined;
  mediaId?: string | null | undefined;
}
// Option names that mean colour, lower-cased without accents: English, French, German, Italian, Spanish,
// Portuguese, Dutch, and the Nordic ones.
const COLOUR_OPTION_NAMES = new Set(
  "color colour colors colours couleur couleurs farbe farben colore colori cor cores kleur kleuren farg farve farge".split(
    " ",
  ),
);

// Options that are never colours, even when their values happen to be colour words.
const NEVER_COLOUR_OPTION_NAMES = new Set("size taille grosse taglia talla tamanho maat title".split(" "));

// Colour words in the seven languages, and the words that shade them ("light blue", "dunkelgrün"): an option not
// named as colour counts as the colour only when each of its values is made of these alone. "Black label" is not
// a colour: "label" is not a colour word.
const COLOUR_WORDS = new Set(
  (
    "black white red blue navy green yellow orange pink purple violet brown beige grey gray cream ivory khaki olive " +
    "tan camel burgundy maroon teal turquoise coral mint sage lilac lavender charcoal silver gold ecru sand stone " +
    "taupe rust mustard terracotta wine plum indigo denim oatmeal chocolate mocha caramel nude blush mauve " +
    "fuchsia magenta aqua cyan lime emerald forest ochre cobalt sky ruby berry peach apricot salmon copper bronze " +
    "noir blanc rouge bleu vert jaune rose gris marron violet beige kaki bordeaux " +
    "schwarz weiss rot blau grun gelb braun lila grau " +
    "nero bianco rosso blu verde giallo marrone viola grigio " +
    "negro blanco rojo azul amarillo morado gris marron rosa " +
    "preto branco vermelho azul amarelo roxo cinza " +
    "zwart wit rood blauw groen geel bruin paars grijs"
  ).split(" "),
);
const COLOUR_SHADES = new Set(
  "light dark pale deep bright soft heather melange marl neon pastel dusty off mid multi hell dunkel clair fonce claro oscuro chiaro scuro licht donker escuro and".split(
    " ",
  ),
);

/** Lower case, trimmed, accents and punctuation dropped: "Couleur " and "Farbe" compare as names. */
export function normalizedName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** True when a value is made of colour words alone ("Navy", "Light blue", "Black / White"); false for "Black label". */
export function isColourValue(value: string): boolean {
  const words = normalizedName(value).split(" ").filter(Boolean).map(withoutShadePrefix);
  return (
    words.some((word) => COLOUR_WORDS.has(word)) &&
    words.every((word) => COLOUR_WORDS.has(word) || COLOUR_SHADES.has(word))
  );
}

// German and Dutch write the shade into the word: "dunkelgrün", "lichtblauw".
const SHADE_PREFIXES = ["dunkel", "hell", "licht", "donker"];
function withoutShadePrefix(word: string): string {
  const prefix = SHADE_PREFIXES.find((shade) => word.startsWith(shade) && COLOUR_WORDS.has(word.slice(shade.length)));
  return prefix ? word.slice(prefix.length) : word;
}

/** Where the app read which option is the colour: Shopify's own data first. */
export type ColourOptionSource = "colour_metaobject" | "swatches" | "name" | "values";

export interface ColourOptionDecision {
  name: string;
  decidedBy: ColourOptionSource;
}

/**
 * Which option the variants differ by in colour, and where the app read it, or null. Shopify's own data first:
 * an option linked to the `shopify.color-pattern` metaobjects (Shopify's colour metafield), then one whose values
 * carry swatches; then an option named as colour in the languages above; then an option every value of which is
 * a colour, never a size. A product counts only when its variants have at least two colours: "Color: Black"
 * alone, or sizes only, is rendered as one product.
 */
export function colourOptionDecision(product: {
  variants: readonly VariantForColour[];
  options?: readonly ProductOptionFacts[] | undefined;
}): ColourOptionDecision | null {
  const differing = differingOptions(product.variants);
  const found = (option: ProductOptionFacts | undefined) =>
    option ? differing.find((entry) => entry.key === normalizedName(option.name)) : undefined;
  const options = product.options ?? [];
  const linked = found(options.find(isLinkedToColourPattern));
  if (linked) return { name: linked.name, decidedBy: "colour_metaobject" };
  const swatched = found(options.find(hasSwatches));
  if (swatched) return { name: swatched.name, decidedBy: "swatches" };
  const named = differing.find((entry) => COLOUR_OPTION_NAMES.has(entry.key));
  if (named) return { name: named.name, decidedBy: "name" };
  const byValues = differing.find(
    (entry) => !NEVER_COLOUR_OPTION_NAMES.has(entry.key) && [...entry.values].every(isColourValue),
  );
  return byValues ? { name: byValues.name, decidedBy: "values" } : null;
}

/** The name of the colour option, or null: colourOptionDecision without where it was read. */
export function colourOptionOf(
  variants: readonly VariantForColour[],
  options?: readonly ProductOptionFacts[],
): string | null {
  return colourOptionDecision({ variants, options })?.name ?? null;
}

const isLinkedToColourPattern = (option: ProductOptionFacts) =>
  option.linkedMetafield?.namespace === "shopify" && option.linkedMetafield.key === "color-pattern";

// Swatches on most values: Shopify shows them for colours and patterns, which is what a colour render needs.
const hasSwatches = (option: ProductOptionFacts) =>
  option.values.length > 0 &&
  option.values.filter((value) => value.swatchColor || value.swatchImageUrl).length * 2 > option.values.length;

/** The options the variants differ by (two values or more), by normalised name, in the variants' order. */
function differingOptions(variants: readonly VariantForColour[]) {
  const options = new Map<string, { key: string; name: string; values: Set<string> }>();
  for (const variant of variants) {
    for (const option of variant.selectedOptions ?? []) {
      const key = normalizedName(option.name);
      const entry = options.get(key) ?? { key, name: option.name, values: new Set<string>() };
      entry.values.add(option.value);
      options.set(key, entry);
    }
  }
  return [...options.values()].filter((entry) => new Set([...entry.values].map(normalizedName)).size >= 2);
}

/** One colour of a product: its variants, and the photos that show it (its variants' own images first). */
export interface ProductColour {
  optionName: string;
  value: string;
  variantIds: string[];
  /** Usable photos of this colour: its variants' images, else product photos whose alt text or file name names it. */
  photos: ProductPhoto[];
  /** Where `photos` came from: the variants' own images, photos named after the colour, or nothing. */
  photosFrom: "variant_images" | "named_photos" | "none";
  /** The colour's swatch in Shopify (a hex colour), when the option has swatches. */
  swatchColor: string | null;
}

/** The colours of a product in the order its variants list them; null when its variants do not differ by colour. */
export function productColours(
  product: Pick<ProductForRender, "photos" | "variants"> & { options?: readonly ProductOptionFacts[] | undefined },
): ProductColour[] | null {
  const optionName = colourOptionOf(product.variants, product.options);
  if (!optionName) return null;
  const swatches = new Map(
    (product.options?.find((option) => normalizedName(option.name) === normalizedName(optionName))?.values ?? []).map(
      (value) => [normalizedName(value.name), value.swatchColor],
    ),
  );
  const optionKey = normalizedName(optionName);
  const photosById = new Map(product.photos.map((photo) => [photo.mediaId, photo]));
  const usable = (photo: ProductPhoto | undefined): photo is ProductPhoto => Boolean(photo?.url);
  const colours = new Map<string, ProductColour>();
  for (const variant of product.variants) {
    const option = variant.selectedOptions?.find((candidate) => normalizedName(candidate.name) === optionKey);
    if (!option) continue;
    const key = normalizedName(option.value);
    const colour = colours.get(key) ?? {
      optionName,
      value: option.value.trim(),
      variantIds: [],
      photos: [],
      photosFrom: "none" as const,
      swatchColor: swatches.get(key) ?? null,
    };
    colour.variantIds.push(variant.id);
    const photo = variant.mediaId ? photosById.get(variant.mediaId) : undefined;
    if (usable(photo) && !colour.photos.includes(photo)) {
      colour.photos.push(photo);
      colour.photosFrom = "variant_images";
    }
    colours.set(key, colour);
  }
  // A colour whose variants show no photo of their own (or only a published model shot) may still have photos
  // named after it: "Tee in red, back". Another colour's variant image is never taken.
  const variantImages = new Set([...colours.values()].flatMap((colour) => colour.photos.map((p) => p.mediaId)));
  for (const colour of colours.values()) {
    if (colour.photos.length > 0) continue;
    const words = normalizedName(colour.value);
    const named = product.photos.filter(
      (photo) =>
        usable(photo) &&
        !variantImages.has(photo.mediaId) &&
        ` ${normalizedName(`${photo.alt ?? ""} ${fileNameOf(photo.url)}`)} `.includes(` ${words} `),
    );
    if (named.length > 0) Object.assign(colour, { photos: named, photosFrom: "named_photos" });
  }
  return [...colours.values()];
}

export const fileNameOf = (url: string | null) => {
  if (!url) return "";
  try {
    return decodeURIComponent(new URL(url).pathname.split("/").pop() ?? "").replace(/\.[a-z0-9]+$/i, "");
  } catch {
    return "";
  }
};
