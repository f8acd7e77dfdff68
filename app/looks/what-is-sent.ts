import type { WhatIsSent } from "@model-shots/extension-shared/api";
import type { CatalogResult } from "~/tryon/catalog-view";
import { creditsForJob } from "~/tryon/cost";

/**
 * What a render will send to the try-on service, in the words staff see before spending: the garment, and the
 * model, pose and background by their catalog names. Catalog ids (`mnq_amara`) are never shown; when the catalog
 * cannot be read, a plain phrase stands in for the name. Browser-safe: the pages and the extension API use it.
 * The shape is the one the admin extensions read (packages/extension-shared), defined there once.
 */

export type { WhatIsSent };

const GARMENTS: Record<string, string> = {
  top: "Top",
  bottom: "Bottom",
  dress: "Dress",
  outerwear: "Outerwear",
  jumpsuit: "Jumpsuit",
};

const words = (value: string) => value.replace(/_/g, " ").replace(/^./, (first) => first.toUpperCase());

/** "Dress", or "Top (t shirt)" when the category says more than the type. */
export function garmentName(productType: string, productCategory?: string): string {
  const type = GARMENTS[productType] ?? words(productType);
  return productCategory && productCategory !== productType
    ? `${type} (${words(productCategory).toLowerCase()})`
    : type;
}

export function whatIsSent(
  options: {
    productType: string;
    productCategory?: string | undefined;
    mannequinId: string;
    poseId: string;
    background?: string | undefined;
    resolution: string;
  },
  catalog: CatalogResult,
): WhatIsSent {
  const view = catalog.ok ? catalog.catalog : null;
  const nameIn = (items: Array<{ id: string; name: string }> | undefined, id: string, unknown: string) =>
    items?.find((item) => item.id === id)?.name ?? unknown;
  const background = options.background
    ? /^https?:\/\//.test(options.background)
      ? "Your own background image"
      : nameIn(view?.backgrounds, options.background, "The background chosen in the look")
    : "The service's default background";
  return {
    garment: garmentName(options.productType, options.productCategory || undefined),
    model: nameIn(view?.mannequins, options.mannequinId, "The model chosen in the look"),
    pose: nameIn(view?.posesByProductType[options.productType], options.poseId, "The pose chosen in the look"),
    background,
    credits: creditsForJob(options.resolution),
  };
}

/** One line: "Dress · Amara · Front, relaxed · Studio white". */
export const whatIsSentLine = (sent: WhatIsSent) => [sent.garment, sent.model, sent.pose, sent.background].join(" · ");
