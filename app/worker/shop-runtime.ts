import type { PrismaClient, ShopSettings } from "@prisma/client";
import { LRUCache } from "lru-cache";
import type { TryOnClient } from "~/tryon";
import { SecretUnreadableError, type SecretBox } from "~/lib/secret-box.server";
import { tryOnAccessOf, type TryOnAccess } from "~/settings/tryon-client.server";
import { pauseShop } from "~/shops/pause.server";

/** What the worker needs to act for one shop during a tick. */
export interface ShopRuntime {
  shop: string;
  settings: ShopSettings | null;
  /** Null when the shop has no usable key or base URL yet. */
  tryOn: TryOnClient | null;
  keyHash: string | null;
  /** The saved key is there but no key of the keyring opens it: the shop is paused until staff enter it again. */
  keyUnreadable: boolean;
}

export interface ShopRuntimeDeps {
  db: Pick<PrismaClient, "shopSettings">;
  secretBox: SecretBox;
  defaultTryOnBaseUrl?: string | undefined;
  makeTryOnClient(options: { baseUrl: string; apiKey: string }): TryOnClient;
  now?: () => Date;
  /** Clients kept between ticks (least recently used go first); default WORKER_CLIENT_CACHE_MAX. */
  maxCachedClients?: number;
}

/** Enough for every shop a worker serves at once; a shop cycling keys and addresses only evicts its own old clients. */
export const WORKER_CLIENT_CACHE_MAX = 500;
/** A client unused this long is dropped (its key may have been replaced long ago). */
export const WORKER_CLIENT_IDLE_MS = 30 * 60_000;

/**
 * Loads the settings of every shop in one query and builds their try-on clients. Clients are cached by key
 * hash and base URL so the catalog cache and logs survive between ticks; the cache is an LRU with an entry cap and an
 * idle expiry, so it cannot grow with every key and address a shop ever saved.
 */
export function makeShopRuntimeLoader(deps: ShopRuntimeDeps) {
  const clients = new LRUCache<string, TryOnClient>({
    max: deps.maxCachedClients ?? WORKER_CLIENT_CACHE_MAX,
    ttl: WORKER_CLIENT_IDLE_MS,
    updateAgeOnGet: true,
    ttlAutopurge: true,
  });
  // The same bounds as the clients: what was opened for a sealed value is dropped with its client's age.
  const opened = new LRUCache<string, { tryOn: TryOnClient; keyHash: string }>({
    max: deps.maxCachedClients ?? WORKER_CLIENT_CACHE_MAX,
    ttl: WORKER_CLIENT_IDLE_MS,
    updateAgeOnGet: true,
    ttlAutopurge: true,
  });
  const loadShopRuntimes = async function loadShopRuntimes(shops: string[]): Promise<Map<string, ShopRuntime>> {
    const runtimes = new Map<string, ShopRuntime>();
    if (shops.length === 0) return runtimes;
    const settings = await deps.db.shopSettings.findMany({ where: { shop: { in: shops } } });
    const byShop = new Map(settings.map((row) => [row.shop, row]));
    for (const shop of shops) {
      const row = byShop.get(shop) ?? null;
      // The same sealed key and address as last tick: its client, without opening the key and hashing it again
      // (once per shop and tick, that was a poll's share of the worker's CPU when each shop had one render due).
      const sealedKey = openedKeyOf(row, deps.defaultTryOnBaseUrl);
      const known = sealedKey ? opened.get(sealedKey) : undefined;
      if (row && known) {
        runtimes.set(shop, { shop, settings: row, tryOn: known.tryOn, keyHash: known.keyHash, keyUnreadable: false });
        continue;
      }
      let access: TryOnAccess | null = null;
      let keyUnreadable = false;
      try {
        access = tryOnAccessOf(row, { secretBox: deps.secretBox, defaultBaseUrl: deps.defaultTryOnBaseUrl });
      } catch (error) {
        // One unreadable row pauses its own shop, never the tick for the others.
        if (!(error instanceof SecretUnreadableError)) throw error;
        keyUnreadable = true;
        await pauseShop(deps.db, { shop, reason: "key_unreadable", at: deps.now?.() ?? new Date() });
      }
      let tryOn: TryOnClient | null = null;
      if (access) {
        const cacheKey = `${access.keyHash}@${access.baseUrl}`;
        tryOn = clients.get(cacheKey) ?? deps.makeTryOnClient({ baseUrl: access.baseUrl, apiKey: access.apiKey });
        clients.set(cacheKey, tryOn);
        if (sealedKey) opened.set(sealedKey, { tryOn, keyHash: access.keyHash });
      }
      runtimes.set(shop, { shop, settings: row, tryOn, keyHash: access?.keyHash ?? null, keyUnreadable });
    }
    return runtimes;
  };
  /** How many clients are kept between ticks (tests and metrics). */
  const cachedClients = () => clients.size;
  return Object.assign(loadShopRuntimes, { cachedClients });
}

/** What a shop's client is built from, as stored: a new key, a re-sealed one or a new address is a new entry. */
function openedKeyOf(row: ShopSettings | null, defaultBaseUrl: string | undefined): string | null {
  const baseUrl = row?.tryOnBaseUrl ?? defaultBaseUrl;
  if (!row?.tryOnApiKeyEncrypted || !baseUrl) return null;
  return `${row.shop}\n${baseUrl}\n${row.tryOnApiKeyEncrypted}`;
}
