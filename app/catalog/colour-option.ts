import type { ProductForRender } from "./catalog-port";
import { isGeneratedModelShot, type ProductPhoto } from "./source-images";

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
export const COLOUR_OPTION_NAMES = new Set([
  "color",
  "colour",
  "colors",
  "colours",
  "couleur",
  "couleurs",
  "farbe",
  "colore",
  "colori",
  "cor",
  "cores",
  "kleur",
  "farg",
  "farve",
  "farge",
]);
// Options that are never colours, even when their values happen to be colour words ("Size: Navy" is not a thing,
// but "Style: Black label" should not become one either).
export const NEVER_COLOUR_OPTION_NAMES = new Set([
  "size",
  "taille",
  "grosse",
  "taglia",
  "talla",
  "tamanho",
  "maat",
  "title",
]);
// Common colour words, for a shop whose colour option has another name ("Shade", "Finish"): an option counts as the
// colour only when every one of its values contains one of these.
export const COLOUR_WORDS = new Set(
  (
    "black white red blue navy green yellow orange pink purple violet brown beige grey gray cream ivory khaki olive " +
    "tan camel burgundy maroon teal turquoise coral mint sage lilac lavender charcoal silver gold ecru sand stone " +
    "noir blanc rouge bleu vert jaune rose gris marron schwarz weiss rot blau grun gelb braun nero bianco rosso blu " +
    "verde giallo negro blanco rojo azul amarillo preto branco vermelho zwart wit rood blauw groen geel"
  ).split(" "),
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

export const namesColour = (value: string) =>
  normalizedName(value)
    .split(" ")
    .some((word) => COLOUR_WORDS.has(word));
/**
 * The name of the option the variants differ by in colour, or null. An option named as colour (in any of the
 * languages above, case-insensitive) wins; otherwise an option whose every value is a colour word, and never one
 * that is a size. A product counts only when its variants have at least two colours: "Color: Black" alone, or
 * sizes only, is rendered as one product.
 */
export function colourOptionOf(variants: readonly VariantForColour[]): string | null {
  const values = new Map<string, { name: string; values: Set<string> }>();
  for (const variant of variants) {
    for (const option of variant.selectedOptions ?? []) {
      const key = normalizedName(option.name);
      const entry = values.get(key) ?? { name: option.name, values: new Set<string>() };
      entry.values.add(normalizedName(option.value));
      values.set(key, entry);
    }
  }
  const differing = [...values].filter(([, entry]) => entry.values.size >= 2);
  const named = differing.find(([key]) => COLOUR_OPTION_NAMES.has(key));
  if (named) return named[1].name;
  const byValues = differing.find(
    ([key, entry]) => !NEVER_COLOUR_OPTION_NAMES.has(key) && [...entry.values].every(namesColour),
  );
  return byValues ? byValues[1].name : null;
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
}

/** The colours of a product in the order its variants list them; null when its variants do not differ by colour. */
export function productColours(product: Pick<ProductForRender, "photos" | "variants">): ProductColour[] | null {
  const optionName = colourOptionOf(product.variants);
  if (!optionName) return null;
  const optionKey = normalizedName(optionName);
  const photosById = new Map(product.photos.map((photo) => [photo.mediaId, photo]));
  const usable = (photo: ProductPhoto | undefined): photo is ProductPhoto =>
    Boolean(photo?.url) && !isGeneratedModelShot(photo as ProductPhoto);
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
