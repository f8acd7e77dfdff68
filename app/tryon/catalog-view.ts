import type { CatalogEntry } from "./catalog";
import type { TryOnClient } from "./client";
import { TryOnAuthError, TryOnOutOfCreditsError } from "./errors";
import { DEFAULT_TRYON_ENUMS } from "./wire";
import { messageKey } from "~/lib/staff-message";

/**
 * The try-on service's catalog (models, poses, backgrounds with their thumbnails) as the pages' pickers show it.
 * Browser-safe: pages import its types and checks. Listings are cached per key by the client (ADR 012), so a page
 * load usually costs no request to the service.
 */

export interface CatalogItem {
  id: string;
  name: string;
  thumbnailUrl: string | null;
}

export interface CatalogView {
  mannequins: CatalogItem[];
  backgrounds: CatalogItem[];
  /** Poses per garment type: the pose list depends on what is worn. */
  posesByProductType: Record<string, CatalogItem[]>;
}

export type CatalogResult =
  { ok: true; catalog: CatalogView } | { ok: false; reason: "no_key" | "refused" | "unavailable"; message: string };

const itemOf = (entry: CatalogEntry): CatalogItem => ({
  id: entry.id,
  name: entry.name ?? entry.id,
  thumbnailUrl: entry.thumbnailUrl ?? null,
});

/** The catalog read with the shop's client, or why it cannot be shown (a message key the screens `say()`). */
export async function loadCatalog(client: TryOnClient | null): Promise<CatalogResult> {
  if (!client) {
    return {
      ok: false,
      reason: "no_key",
      message: messageKey("messages:catalog.noKey"),
    };
  }
  try {
    const [mannequins, backgrounds, ...poses] = await Promise.all([
      client.listMannequins(),
      client.listBackgrounds(),
      ...DEFAULT_TRYON_ENUMS.productTypes.map((type) => client.listPoses(type)),
    ]);
    const posesByProductType: Record<string, CatalogItem[]> = {};
    DEFAULT_TRYON_ENUMS.productTypes.forEach((type, index) => {
      posesByProductType[type] = (poses[index] ?? []).map(itemOf);
    });
    return {
      ok: true,
      catalog: { mannequins: mannequins.map(itemOf), backgrounds: backgrounds.map(itemOf), posesByProductType },
    };
  } catch (error) {
    if (error instanceof TryOnAuthError) {
      return {
        ok: false,
        reason: "refused",
        message: messageKey("messages:catalog.keyRefused"),
      };
    }
    if (error instanceof TryOnOutOfCreditsError) {
      return {
        ok: false,
        reason: "refused",
        message: messageKey("messages:catalog.outOfCredits"),
      };
    }
    return {
      ok: false,
      reason: "unavailable",
      message: messageKey("messages:catalog.unavailable"),
    };
  }
}

/**
 * Field errors for ids the catalog does not list, so staff hear it on the form rather than from a failed render.
 * Skipped when the catalog could not be read: the worker checks again before spending anything.
 */
export function catalogProblems(
  catalog: CatalogResult,
  options: { productType: string; mannequinId: string; poseId: string; background?: string | undefined },
): Record<string, string> {
  if (!catalog.ok) return {};
  const problems: Record<string, string> = {};
  const { mannequins, backgrounds, posesByProductType } = catalog.catalog;
  if (!mannequins.some((item) => item.id === options.mannequinId))
    problems.mannequinId = messageKey("messages:catalog.modelGone");
  const poses = posesByProductType[options.productType] ?? [];
  if (!poses.some((item) => item.id === options.poseId))
    problems.poseId = messageKey("messages:catalog.poseUnsuitable");
  const background = options.background;
  if (background && !/^https?:\/\//.test(background) && !backgrounds.some((item) => item.id === background)) {
    problems.background = messageKey("messages:catalog.backgroundGone");
  }
  return problems;
}
