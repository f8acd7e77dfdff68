import type { ShopSettings } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { makeKeyring } from "~/lib/secret-box.server";
import type { TryOnClient } from "~/tryon";
import { makeShopRuntimeLoader, WORKER_CLIENT_CACHE_MAX, type ShopRuntimeDeps } from "~/worker/shop-runtime";
import { randomBytes } from "node:crypto";

const SHOP = "cycling.myshopify.com";

describe("the worker's per-shop client cache", () => {
  it("stays within its cap while a shop cycles through 1,000 keys and addresses", async () => {
    const ring = makeKeyring([{ id: "k1", key: randomBytes(32) }]);
    let current: ShopSettings;
    // Only the settings read is needed; the row changes between ticks as a hostile shop re-saves Settings.
    const db = { shopSettings: { findMany: async () => [current] } } as unknown as ShopRuntimeDeps["db"];
    let built = 0;
    const load = makeShopRuntimeLoader({
      db,
      secretBox: ring,
      makeTryOnClient: () => {
        built += 1;
        return {} as TryOnClient;
      },
    });
    let peak = 0;
    for (let index = 0; index < 1_000; index += 1) {
      current = {
        shop: SHOP,
        tryOnApiKeyEncrypted: ring.seal(`key-${index}`, SHOP),
        tryOnBaseUrl: `https://tryon-${index}.example`,
      } as ShopSettings;
      await load([SHOP]);
      peak = Math.max(peak, load.cachedClients());
    }
    console.log(
      `worker client cache: 1,000 key/address pairs, ${built} clients built, peak ${peak} kept (cap ${WORKER_CLIENT_CACHE_MAX})`,
    );
    expect(built).toBe(1_000);
    expect(peak).toBeLessThanOrEqual(WORKER_CLIENT_CACHE_MAX);
    expect(peak).toBe(WORKER_CLIENT_CACHE_MAX);
  });
});
