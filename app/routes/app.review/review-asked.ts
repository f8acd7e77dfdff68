import type { CatalogResult } from "~/tryon/catalog-view";
import type { RenderOptionsFormValues } from "~/web/render-options-form";

/**
 * What a render was asked for, as data the page puts in words: the garment as its type and category (words from
 * the translation files), the model, pose and background by their catalog names (the service's names: data), or
 * null where the catalog cannot name them (the page then says "the model chosen in the look"). Catalog ids are
 * never shown. Browser-safe.
 */
export interface ReviewAsked {
  productType: string;
  productCategory: string | null;
  model: string | null;
  pose: string | null;
  background: { kind: "default" } | { kind: "own" } | { kind: "catalog"; name: string | null };
  resolution: string;
  aspectRatio: string;
}

export function reviewAskedOf(options: RenderOptionsFormValues, catalog: CatalogResult): ReviewAsked {
  const view = catalog.ok ? catalog.catalog : null;
  const nameIn = (items: Array<{ id: string; name: string }> | undefined, id: string) =>
    items?.find((item) => item.id === id)?.name ?? null;
  const background = options.background;
  return {
    productType: options.productType,
    // The category says more than the type only when it differs ("Top (t-shirt)", not "Dress (dress)").
    productCategory:
      options.productCategory && options.productCategory !== options.productType ? options.productCategory : null,
    model: nameIn(view?.mannequins, options.mannequinId),
    pose: nameIn(view?.posesByProductType[options.productType], options.poseId),
    background: !background
      ? { kind: "default" }
      : /^https?:\/\//.test(background)
        ? { kind: "own" }
        : { kind: "catalog", name: nameIn(view?.backgrounds, background) },
    resolution: options.resolution,
    aspectRatio: options.aspectRatio,
  };
}
