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
});
