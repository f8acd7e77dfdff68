import type { PrismaClient, ShopSettings } from "@prisma/client";
import { env } from "~/env.server";
import { CatalogCache, createTryOnClient, type TryOnClient } from "~/tryon";
import { loadCatalog, type CatalogResult } from "~/tryon/catalog-view";
import { hashServiceKey, keyringFromEnv, SecretUnreadableError, type SecretBox } from "~/lib/secret-box.server";

/**
 * The one place a try-on client is built for the app: a shop's settings give its key (decrypted here) and its own
 * or the default address, and who calls decides the client's patience. Pages, the worker and the Settings key
 * check all come through here.
 */

/**
 * The worker's try-on clients make one attempt per call: the worker reschedules a failed poll, check or
 * download itself (with back-off, rate-limit gates and the circuit breaker), and a tick must not wait on a
 * client's own retries.
 */
export const WORKER_READ_RETRY = { attempts: 1 } as const;

/** A shop's way into the try-on service, with its key's hash (the rate-limit gates and logs use the hash). */
export interface TryOnAccess {
  baseUrl: string;
  apiKey: string;
  keyHash: string;
}

/** The shop's access, or null while it has no key or no service address. Throws SecretUnreadableError. */
export function tryOnAccessOf(
  settings: ShopSettings | null,
  keys: { secretBox: SecretBox; defaultBaseUrl: string | undefined },
): TryOnAccess | null {
  const baseUrl = settings?.tryOnBaseUrl ?? keys.defaultBaseUrl;
  if (!settings?.tryOnApiKeyEncrypted || !baseUrl) return null;
  const apiKey = keys.secretBox.open(settings.tryOnApiKeyEncrypted, settings.shop);
  return { baseUrl, apiKey, keyHash: hashServiceKey(apiKey) };
}

export type TryOnCaller = "page" | "worker" | "key-check";

export function makeTryOnClientFor(
  caller: TryOnCaller,
  { baseUrl, apiKey }: { baseUrl: string; apiKey: string },
): TryOnClient {
  switch (caller) {
    case "page":
      // A person is waiting on the page: fail fast rather than retry for a minute.
      return createTryOnClient({
        baseUrl,
        apiKey,
        timeoutMs: 8_000,
        readRetry: { attempts: 2, baseDelayMs: 200, maxDelayMs: 1_000 },
      });
    case "worker":
      return createTryOnClient({ baseUrl, apiKey, readRetry: WORKER_READ_RETRY });
    case "key-check":
      // A fresh catalog cache, so an earlier success for the same key cannot stand in for the check.
      return createTryOnClient({
        baseUrl,
        apiKey,
        timeoutMs: 8_000,
        readRetry: { attempts: 1 },
        catalogCache: new CatalogCache({ ttlMs: 0 }),
      });
  }
}

/** The shop's try-on client for a page, or null when no key (or no service address) is set yet. */
export function tryOnClientFor(settings: ShopSettings | null): TryOnClient | null {
  const config = env();
  let access: TryOnAccess | null;
  try {
    access = tryOnAccessOf(settings, {
      secretBox: keyringFromEnv(config),
      defaultBaseUrl: config.TRYON_DEFAULT_BASE_URL,
    });
  } catch (error) {
    // Pages carry on as if no key were saved; the worker pauses the shop with words asking for the key again.
    if (error instanceof SecretUnreadableError) return null;
    throw error;
  }
  return access ? makeTryOnClientFor("page", access) : null;
}

export async function loadShopCatalog(db: Pick<PrismaClient, "shopSettings">, shop: string): Promise<CatalogResult> {
  const settings = await db.shopSettings.findUnique({ where: { shop } });
  return loadCatalog(tryOnClientFor(settings));
}
