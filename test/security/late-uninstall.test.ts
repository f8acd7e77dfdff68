import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordShopInstalled, recordShopUninstalled } from "~/shops/shop-lifecycle.server";
import { createTestDatabase, type TestDatabase } from "../../harness/database";

const SHOP = "reinstalled.myshopify.com";

describe("an app/uninstalled delivered after a reinstall", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => database?.close());

  it("is compared with the latest install, which every authentication records", async () => {
    const uninstalledAt = new Date("2026-11-23T10:00:00Z");
    const reinstalledAt = new Date("2026-11-23T10:05:00Z");
    await recordShopInstalled(database.prisma, {
      shop: SHOP,
      scopes: "read_products",
      at: new Date("2026-11-01T00:00:00Z"),
    });
    // The merchant uninstalls at 10:00 and reinstalls at 10:05; the uninstall's webhook arrives at 10:06.
    await recordShopInstalled(database.prisma, { shop: SHOP, scopes: "read_products", at: reinstalledAt });
    await database.prisma.session.create({
      data: { id: `offline_${SHOP}`, shop: SHOP, state: "", accessToken: "new-install-token" },
    });
    const late = await recordShopUninstalled(database.prisma, SHOP, new Date("2026-11-23T10:06:00Z"), uninstalledAt);
    expect(late).toBe("stale");
    expect(await database.prisma.session.count({ where: { shop: SHOP } })).toBe(1);
    expect((await database.prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } })).uninstalledAt).toBeNull();

    const real = await recordShopUninstalled(
      database.prisma,
      SHOP,
      new Date("2026-11-23T11:00:00Z"),
      new Date("2026-11-23T10:59:00Z"),
    );
    expect(real).toBe("recorded");
    expect(await database.prisma.session.count({ where: { shop: SHOP } })).toBe(0);
  });
});
