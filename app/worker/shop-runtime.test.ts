import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSecretBox, type SecretBox } from "~/lib/secret-box.server";
import type { TryOnClient } from "~/tryon";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { TEST_ENCRYPTION_KEY } from "../../harness/pipeline";
import { seedShop } from "../../harness/render-fixtures";
import { makeShopRuntimeLoader } from "./shop-runtime";

describe("the shops' runtimes from tick to tick", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await database?.close();
  });

  it("opens each shop's key and builds its client once, and again only when the key or the address changes", async () => {
    const box = makeSecretBox(TEST_ENCRYPTION_KEY);
    const opened: string[] = [];
    const counting: SecretBox = { ...box, open: (sealed, shop) => (opened.push(shop), box.open(sealed, shop)) };
    const made: string[] = [];
    const load = makeShopRuntimeLoader({
      db: database.prisma,
      secretBox: counting,
      makeTryOnClient: ({ apiKey, baseUrl }) => {
        made.push(`${apiKey}@${baseUrl}`);
        return { apiKey } as unknown as TryOnClient;
      },
    });
    const shops = ["a.myshopify.com", "b.myshopify.com"];
    for (const shop of shops) {
      await seedShop(database.prisma, shop, {
        tryOnApiKeyEncrypted: box.seal(`key-${shop}`, shop),
        tryOnBaseUrl: "https://tryon.test",
      });
    }

    const first = await load(shops);
    for (let tick = 0; tick < 5; tick++) {
      const again = await load(shops);
      expect(again.get(shops[0]!)?.tryOn).toBe(first.get(shops[0]!)?.tryOn);
      expect(again.get(shops[1]!)?.keyHash).toBe(first.get(shops[1]!)?.keyHash);
    }
    expect(opened).toEqual(shops);
    expect(made).toEqual(["key-a.myshopify.com@https://tryon.test", "key-b.myshopify.com@https://tryon.test"]);

    // Staff save a new key for one shop and a new address for the other: both are opened and built again.
    await seedShop(database.prisma, shops[0]!, { tryOnApiKeyEncrypted: box.seal("new-key-a", shops[0]!) });
    await seedShop(database.prisma, shops[1]!, { tryOnBaseUrl: "https://eu.tryon.test" });
    const changed = await load(shops);
    expect(opened).toEqual([...shops, ...shops]);
    expect(made.slice(2)).toEqual(["new-key-a@https://tryon.test", "key-b.myshopify.com@https://eu.tryon.test"]);
    expect(changed.get(shops[0]!)?.keyHash).not.toBe(first.get(shops[0]!)?.keyHash);
  });
  it("a key only re-sealed, same key and address, keeps its client instead of building another", async () => {
    const box = makeSecretBox(TEST_ENCRYPTION_KEY);
    const made: string[] = [];
    const load = makeShopRuntimeLoader({
      db: database.prisma,
      secretBox: box,
      makeTryOnClient: ({ apiKey }) => (made.push(apiKey), { apiKey } as unknown as TryOnClient),
    });
    const shop = "resealed.myshopify.com";
    await seedShop(database.prisma, shop, {
      tryOnApiKeyEncrypted: box.seal("same-key", shop),
      tryOnBaseUrl: "https://tryon.test",
    });
    const first = (await load([shop])).get(shop);
    const cached = (await load([shop])).get(shop);
    expect(cached?.keyUnreadable).toBe(false);
    expect(cached?.tryOn).toBe(first?.tryOn);

    await seedShop(database.prisma, shop, { tryOnApiKeyEncrypted: box.seal("same-key", shop) });
    const resealed = (await load([shop])).get(shop);
    expect(resealed?.tryOn).toBe(first?.tryOn);
    expect(made).toEqual(["same-key"]);
    expect(load.cachedClients()).toBe(1);
  });

  it("a key no keyring key opens pauses its own shop, and the other shops of the tick still get their clients", async () => {
    const box = makeSecretBox(TEST_ENCRYPTION_KEY);
    const otherBox = makeSecretBox(randomBytes(32).toString("base64"));
    const at = new Date("2026-11-28T03:00:00Z");
    const load = makeShopRuntimeLoader({
      db: database.prisma,
      secretBox: box,
      now: () => at,
      makeTryOnClient: ({ apiKey }) => ({ apiKey }) as unknown as TryOnClient,
    });
    const lost = "lost-key.myshopify.com";
    const fine = "fine-key.myshopify.com";
    await seedShop(database.prisma, lost, {
      tryOnApiKeyEncrypted: otherBox.seal("old", lost),
      tryOnBaseUrl: "https://tryon.test",
    });
    await seedShop(database.prisma, fine, {
      tryOnApiKeyEncrypted: box.seal("good", fine),
      tryOnBaseUrl: "https://tryon.test",
    });
    const runtimes = await load([lost, fine]);
    expect(runtimes.get(lost)).toMatchObject({ tryOn: null, keyHash: null, keyUnreadable: true });
    expect(runtimes.get(fine)?.keyUnreadable).toBe(false);
    expect(runtimes.get(fine)?.tryOn).not.toBeNull();
    const settings = await database.prisma.shopSettings.findUnique({ where: { shop: lost } });
    expect([settings?.pausedReason, settings?.pausedAt]).toEqual(["key_unreadable", at]);
    expect(settings?.pausedMessage).toBeTruthy();
  });

  it("without an injected clock, pauses a shop whose key no keyring key opens at the current time", async () => {
    const otherBox = makeSecretBox(randomBytes(32).toString("base64"));
    const load = makeShopRuntimeLoader({
      db: database.prisma,
      secretBox: makeSecretBox(TEST_ENCRYPTION_KEY),
      makeTryOnClient: ({ apiKey }) => ({ apiKey }) as unknown as TryOnClient,
    });
    const shop = "lost-key-now.myshopify.com";
    await seedShop(database.prisma, shop, {
      tryOnApiKeyEncrypted: otherBox.seal("old", shop),
      tryOnBaseUrl: "https://tryon.test",
    });
    const before = Date.now();
    expect((await load([shop])).get(shop)?.keyUnreadable).toBe(true);
    const pausedAt = (await database.prisma.shopSettings.findUnique({ where: { shop } }))?.pausedAt?.getTime() ?? 0;
    expect(pausedAt).toBeGreaterThanOrEqual(before - 1_000);
    expect(pausedAt).toBeLessThanOrEqual(Date.now() + 1_000);
  });

  it("any other failure to open a key fails the load instead of pausing the shop", async () => {
    const box = makeSecretBox(TEST_ENCRYPTION_KEY);
    const broken: SecretBox = {
      ...box,
      open: () => {
        throw new Error("keyring not loaded");
      },
    };
    const load = makeShopRuntimeLoader({
      db: database.prisma,
      secretBox: broken,
      makeTryOnClient: ({ apiKey }) => ({ apiKey }) as unknown as TryOnClient,
    });
    const shop = "broken-box.myshopify.com";
    await seedShop(database.prisma, shop, {
      tryOnApiKeyEncrypted: box.seal("k", shop),
      tryOnBaseUrl: "https://tryon.test",
    });
    await expect(load([shop])).rejects.toThrow("keyring not loaded");
    expect((await database.prisma.shopSettings.findUnique({ where: { shop } }))?.pausedReason).toBeNull();
  });
});
