import type { WhatIsSent } from "@model-shots/extension-shared/api";
import { messageKey } from "~/lib/staff-message";
import type { CatalogResult } from "~/tryon/catalog-view";
import { creditsForJob } from "~/tryon/cost";
import { DEFAULT_TRYON_ENUMS } from "~/tryon/wire";

/**
 * What a render will send to the try-on service, for staff to see before spending: the garment, and the model,
 * pose and background by their catalog names. Catalog ids (`mnq_amara`) are never shown. The garment and the
 * stand-ins used when the catalog cannot name something are message keys (messages:garment, messages:sent), worded
 * by the pages (`say`) and by the extension API in the reader's language (ADR 094); catalog names are data.
 * Browser-safe. The shape is the one the admin extensions read (packages/extension-shared), defined there once.
 */

export type { WhatIsSent };

const KNOWN_TYPES = new Set<string>(DEFAULT_TRYON_ENUMS.productTypes);
const KNOWN_CATEGORIES = new Set<string>(DEFAULT_TRYON_ENUMS.productCategories);

// A type or category configured beyond the app's translations is shown as the service names it.
const words = (value: string) => value.replace(/_/g, " ").replace(/^./, (first) => first.toUpperCase());

/** "Dress", or "Top (T-shirt)" when the category says more than the type, as a message key. */
export function garmentName(productType: string, productCategory?: string): string {
  const type = KNOWN_TYPES.has(productType) ? messageKey(`messages:garment.${productType}`) : words(productType);
  if (!productCategory || productCategory === productType) return type;
  const category = KNOWN_CATEGORIES.has(productCategory)
    ? messageKey(`messages:productCategory.${productCategory}`)
    : words(productCategory).toLowerCase();
  return messageKey("messages:sent.garmentWithCategory", { type, category });
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
  const nameIn = (items: Array<{ id: string; name: string }> | undefined, id: string, standIn: string) =>
    items?.find((item) => item.id === id)?.name ?? messageKey(`messages:sent.${standIn}`);
  const background = options.background
    ? /^https?:\/\//.test(options.background)
      ? messageKey("messages:sent.ownBackground")
      : nameIn(view?.backgrounds, options.background, "backgroundInLook")
    : messageKey("messages:sent.serviceBackground");
  return {
    garment: garmentName(options.productType, options.productCategory || undefined),
    model: nameIn(view?.mannequins, options.mannequinId, "modelInLook"),
    pose: nameIn(view?.posesByProductType[options.productType], options.poseId, "poseInLook"),
    background,
    credits: creditsForJob(options.resolution),
  };
}

/** One line, as a message key: "Dress · Amara · Front, relaxed · Studio white". */
export const whatIsSentLine = (sent: WhatIsSent) =>
  messageKey("messages:sent.line", {
    garment: sent.garment,
    model: sent.model,
    pose: sent.pose,
    background: sent.background,
  });
