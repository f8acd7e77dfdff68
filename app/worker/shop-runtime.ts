import type { PrismaClient, ShopSettings } from "@prisma/client";
import type { TryOnClient } from "../tryon";
import type { SecretBox } from "../settings/secret-box.server";
import { tryOnAccessOf } from "../settings/tryon-client.server";

/** What the worker needs to act for one shop during a tick. */
export interface ShopRuntime {
  shop: string;
  settings: ShopSettings | null;
  /** Null when the shop has no usable key or base URL yet. */
  tryOn: TryOnClient | null;
  keyHash: string | null;
}

export interface ShopRuntimeDeps {
  db: Pick<PrismaClient, "shopSettings">;
  secretBox: SecretBox;
  defaultTryOnBaseUrl?: string | undefined;
  makeTryOnClient(options: { baseUrl: string; apiKey: string }): TryOnClient;
}

/**
 * Loads the settings of every shop in one query and builds their try-on clients. Clients are cached by key
 * hash and base URL so the catalog cache and logs survive between ticks.
 */
export function makeShopRuntimeLoader(deps: ShopRuntimeDeps) {
  const clients = new Map<string, TryOnClient>();
  return async function loadShopRuntimes(shops: string[]): Promise<Map<string, ShopRuntime>> {
    const runtimes = new Map<string, ShopRuntime>();
    if (shops.length === 0) return runtimes;
    const settings = await deps.db.shopSettings.findMany({ where: { shop: { in: shops } } });
    const byShop = new Map(settings.map((row) => [row.shop, row]));
    for (const shop of shops) {
      const row = byShop.get(shop) ?? null;
      const access = tryOnAccessOf(row, { secretBox: deps.secretBox, defaultBaseUrl: deps.defaultTryOnBaseUrl });
      let tryOn: TryOnClient | null = null;
      if (access) {
        const cacheKey = `${access.keyHash}@${access.baseUrl}`;
        tryOn = clients.get(cacheKey) ?? deps.makeTryOnClient({ baseUrl: access.baseUrl, apiKey: access.apiKey });
        clients.set(cacheKey, tryOn);
      }
      runtimes.set(shop, { shop, settings: row, tryOn, keyHash: access?.keyHash ?? null });
    }
    return runtimes;
  };
}
