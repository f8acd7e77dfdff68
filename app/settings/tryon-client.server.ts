import type { PrismaClient, ShopSettings } from "@prisma/client";
import { env } from "../env.server";
import { makeSecretBox } from "./secret-box.server";
import { createTryOnClient, type TryOnClient } from "../tryon";
import { loadCatalog, type CatalogResult } from "../tryon/catalog-view";

/** The try-on service as a shop's settings reach it: its own key (decrypted here) at its own or the default address. */

/** The shop's try-on client, or null when no key (or no service address) is set yet. */
export function tryOnClientFor(settings: ShopSettings | null): TryOnClient | null {
  const config = env();
  const baseUrl = settings?.tryOnBaseUrl ?? config.TRYON_DEFAULT_BASE_URL;
  if (!settings?.tryOnApiKeyEncrypted || !baseUrl) return null;
  const apiKey = makeSecretBox(config.APP_ENCRYPTION_KEY).open(settings.tryOnApiKeyEncrypted);
  // A person is waiting on the page: fail fast rather than retry for a minute.
  return createTryOnClient({ baseUrl, apiKey, timeoutMs: 8_000, readRetry: { attempts: 2, baseDelayMs: 200, maxDelayMs: 1_000 } });
}

export async function loadShopCatalog(db: Pick<PrismaClient, "shopSettings">, shop: string): Promise<CatalogResult> {
  const settings = await db.shopSettings.findUnique({ where: { shop } });
  return loadCatalog(tryOnClientFor(settings));
}
