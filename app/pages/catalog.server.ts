import type { PrismaClient, ShopSettings } from "@prisma/client";
import { env } from "../env.server";
import { makeSecretBox } from "../settings/secret-box.server";
import { createTryOnClient, DEFAULT_TRYON_ENUMS, TryOnAuthError, TryOnOutOfCreditsError, type CatalogEntry, type TryOnClient } from "../tryon";
import type { CatalogItem, CatalogResult } from "../ui/catalog-types";

export type { CatalogItem, CatalogResult, CatalogView } from "../ui/catalog-types";

/**
 * The try-on service's catalog (models, poses, backgrounds with their thumbnails) for the pages' pickers,
 * read with the shop's own key. Listings are cached per key by the client (ADR 012), so a page load usually
 * costs no request to the service.
 */

const itemOf = (entry: CatalogEntry): CatalogItem => ({
  id: entry.id,
  name: entry.name ?? entry.id,
  thumbnailUrl: entry.thumbnailUrl ?? null,
});

/** The shop's try-on client, or null when no key (or no service address) is set yet. */
export function tryOnClientFor(settings: ShopSettings | null): TryOnClient | null {
  const config = env();
  const baseUrl = settings?.tryOnBaseUrl ?? config.TRYON_DEFAULT_BASE_URL;
  if (!settings?.tryOnApiKeyEncrypted || !baseUrl) return null;
  const apiKey = makeSecretBox(config.APP_ENCRYPTION_KEY).open(settings.tryOnApiKeyEncrypted);
  // A person is waiting on the page: fail fast rather than retry for a minute.
  return createTryOnClient({ baseUrl, apiKey, timeoutMs: 8_000, readRetry: { attempts: 2, baseDelayMs: 200, maxDelayMs: 1_000 } });
}

export async function loadCatalog(client: TryOnClient | null): Promise<CatalogResult> {
  if (!client) {
    return { ok: false, reason: "no_key", message: "Add your try-on service key in Settings to choose a model, pose and background." };
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
    return { ok: true, catalog: { mannequins: mannequins.map(itemOf), backgrounds: backgrounds.map(itemOf), posesByProductType } };
  } catch (error) {
    if (error instanceof TryOnAuthError) {
      return { ok: false, reason: "refused", message: "The try-on service refused the saved key. Check it in Settings." };
    }
    if (error instanceof TryOnOutOfCreditsError) {
      return { ok: false, reason: "refused", message: "The try-on account has run out of credits. Add credits at the service, then reload." };
    }
    return {
      ok: false,
      reason: "unavailable",
      message: "The try-on service's catalog could not be loaded just now. Reload the page in a minute.",
    };
  }
}

export async function loadShopCatalog(db: Pick<PrismaClient, "shopSettings">, shop: string): Promise<CatalogResult> {
  const settings = await db.shopSettings.findUnique({ where: { shop } });
  return loadCatalog(tryOnClientFor(settings));
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
  if (!mannequins.some((item) => item.id === options.mannequinId)) problems.mannequinId = "This model is not in the try-on catalog any more. Choose another.";
  const poses = posesByProductType[options.productType] ?? [];
  if (!poses.some((item) => item.id === options.poseId)) problems.poseId = "This pose does not suit the garment type. Choose another.";
  const background = options.background;
  if (background && !/^https?:\/\//.test(background) && !backgrounds.some((item) => item.id === background)) {
    problems.background = "This background is not in the try-on catalog any more. Choose another.";
  }
  return problems;
}
