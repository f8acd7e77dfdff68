/**
 * What the app remembers of a shop's install and what it forgets, against a real database (issue 27 point 7: the
 * behaviours the webhook route tests reached without naming them).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { captureAppLogLines } from "../../harness/app-log-lines";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { seedRenders, seedShop } from "../../harness/render-fixtures";
import {
  eraseShopData,
  forgetInstall,
  recordProductDeleted,
  recordReinstalledSince,
  recordScopesUpdated,
  recordShopInstalled,
  recordShopUninstalled,
  redactApplies,
  shopIdUnknown,
} from "./shop-lifecycle.server";

const SHOP = "lifecycle.myshopify.com";
const OTHER = "lifecycle-other.myshopify.com";
const at = (time: string) => new Date(`2026-11-${time}Z`);

describe("a shop's install", () => {
  let database: TestDatabase;
  const shopRow = (domain = SHOP) => database.prisma.shop.findUniqueOrThrow({ where: { domain } });
  const session = (id: string, shop: string) =>
    database.prisma.session.create({ data: { id, shop, state: "", accessToken: "t", scope: "read_products" } });

  let logLines: Array<Record<string, unknown>>;
  let restoreLogger: () => void;
  const bulkLines = () => logLines.filter((line) => line.event === "render_transition_bulk");

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    ({ lines: logLines, restore: restoreLogger } = captureAppLogLines());
    await database.prisma.session.deleteMany();
    await database.prisma.shop.deleteMany();
  });
  afterEach(() => restoreLogger());

  describe("recorded at install and token exchange", () => {
    it("creates the shop with its scopes, install times and Shopify id", async () => {
      await recordShopInstalled(database.prisma, {
        shop: SHOP,
        scopes: "read_products",
        at: at("20T10:00:00"),
        shopifyShopId: "42",
      });
      expect(await shopRow()).toMatchObject({
        scopes: "read_products",
        latestInstallAt: at("20T10:00:00"),
        currentInstallSince: at("20T10:00:00"),
        uninstalledAt: null,
        shopifyShopId: "42",
      });
      expect(await shopIdUnknown(database.prisma, SHOP)).toBe(false);
    });

    it("a token exchange moves the latest install only; a reinstall after an uninstall begins a new install", async () => {
      await recordShopInstalled(database.prisma, { shop: SHOP, scopes: "a", at: at("20T10:00:00") });
      await recordShopInstalled(database.prisma, { shop: SHOP, scopes: "a,b", at: at("20T11:00:00") });
      expect(await shopRow()).toMatchObject({
        scopes: "a,b",
        latestInstallAt: at("20T11:00:00"),
        currentInstallSince: at("20T10:00:00"),
        shopifyShopId: null,
      });
      expect(await shopIdUnknown(database.prisma, SHOP)).toBe(true);

      await database.prisma.shop.update({ where: { domain: SHOP }, data: { uninstalledAt: at("20T12:00:00") } });
      await recordShopInstalled(database.prisma, { shop: SHOP, scopes: "a", at: at("20T13:00:00") });
      expect(await shopRow()).toMatchObject({
        uninstalledAt: null,
        latestInstallAt: at("20T13:00:00"),
        currentInstallSince: at("20T13:00:00"),
      });
    });

    it("keeps a Shopify id already known when the exchange does not give one", async () => {
      await recordShopInstalled(database.prisma, {
        shop: SHOP,
        scopes: "a",
        at: at("20T10:00:00"),
        shopifyShopId: "42",
      });
      await recordShopInstalled(database.prisma, {
        shop: SHOP,
        scopes: "a",
        at: at("20T11:00:00"),
        shopifyShopId: null,
      });
      expect((await shopRow()).shopifyShopId).toBe("42");
      expect(await shopIdUnknown(database.prisma, "never-installed.myshopify.com")).toBe(true);
    });
  });

  describe("app/uninstalled", () => {
    it("drops the shop's sessions, marks it uninstalled and cancels its queued renders, nothing of another shop", async () => {
      await seedShop(database.prisma, SHOP);
      await seedShop(database.prisma, OTHER);
      await database.prisma.shop.updateMany({
        data: { currentInstallSince: at("01T00:00:00"), latestInstallAt: null },
      });
      await session("offline_a", SHOP);
      await session("offline_b", OTHER);
      const [queued] = await seedRenders(database.prisma, SHOP, 1, { state: "queued", leaseToken: 2 });
      await seedRenders(database.prisma, SHOP, 1, { state: "running", externalJobId: "job-1" });
      await seedRenders(database.prisma, OTHER, 1, { state: "queued" });

      expect(await recordShopUninstalled(database.prisma, SHOP, at("20T12:00:00"))).toBe("recorded");
      expect((await shopRow()).uninstalledAt).toEqual(at("20T12:00:00"));
      expect((await shopRow(OTHER)).uninstalledAt).toBeNull();
      expect((await database.prisma.session.findMany()).map((row) => row.id)).toEqual(["offline_b"]);
      const renders = await database.prisma.render.findMany({ orderBy: { createdAt: "asc" } });
      expect(renders.map((render) => [render.shop, render.state])).toEqual([
        [SHOP, "cancelled"],
        [SHOP, "running"],
        [OTHER, "queued"],
      ]);
      expect(renders[0]).toMatchObject({
        id: queued!.id,
        finishedAt: at("20T12:00:00"),
        nextAttemptAt: null,
        errorCode: "app_uninstalled",
        errorMessage: "The app was uninstalled.",
        leaseToken: 3,
      });
      // The audit trail says what happened to how many, and why.
      expect(bulkLines()).toEqual([
        expect.objectContaining({
          shop: SHOP,
          from: "queued",
          to: "cancelled",
          count: 1,
          reason: "app uninstalled",
          at: at("20T12:00:00").toISOString(),
        }),
      ]);

      // Delivered twice: the first uninstall time stands.
      await recordShopUninstalled(database.prisma, SHOP, at("20T13:00:00"));
      expect((await shopRow()).uninstalledAt).toEqual(at("20T12:00:00"));
    });

    it("triggered before the latest token exchange, changes nothing but the start of the current install", async () => {
      await recordShopInstalled(database.prisma, { shop: SHOP, scopes: "a", at: at("20T10:00:00") });
      await recordShopInstalled(database.prisma, { shop: SHOP, scopes: "a", at: at("20T14:00:00") });
      await session("offline_a", SHOP);
      await seedRenders(database.prisma, SHOP, 1, { state: "queued" });
      expect(await recordShopUninstalled(database.prisma, SHOP, at("20T15:00:00"), at("20T12:00:00"))).toBe("stale");
      expect(await shopRow()).toMatchObject({ uninstalledAt: null, currentInstallSince: at("20T12:00:00") });
      expect(await database.prisma.session.count()).toBe(1);
      expect((await database.prisma.render.findFirstOrThrow()).state).toBe("queued");
    });

    it("triggered at the latest token exchange or after it, is recorded", async () => {
      await recordShopInstalled(database.prisma, { shop: SHOP, scopes: "a", at: at("20T10:00:00") });
      expect(await recordShopUninstalled(database.prisma, SHOP, at("20T10:00:01"), at("20T10:00:00"))).toBe("recorded");
      expect((await shopRow()).uninstalledAt).toEqual(at("20T10:00:01"));
    });

    it("moves the start of the current install later, never earlier", async () => {
      await recordShopInstalled(database.prisma, { shop: SHOP, scopes: "a", at: at("20T10:00:00") });
      await recordShopInstalled(database.prisma, { shop: OTHER, scopes: "a", at: at("20T10:00:00") });
      await recordReinstalledSince(database.prisma, SHOP, at("20T09:00:00"));
      expect((await shopRow()).currentInstallSince).toEqual(at("20T10:00:00"));
      await recordReinstalledSince(database.prisma, SHOP, at("20T11:00:00"));
      expect((await shopRow()).currentInstallSince).toEqual(at("20T11:00:00"));
      expect((await shopRow(OTHER)).currentInstallSince).toEqual(at("20T10:00:00"));
    });

    it("forgetting an install keeps the first uninstall time of a shop already uninstalled", async () => {
      await seedShop(database.prisma, SHOP);
      await database.prisma.shop.update({ where: { domain: SHOP }, data: { uninstalledAt: at("19T00:00:00") } });
      await forgetInstall(database.prisma, SHOP, at("20T00:00:00"));
      expect((await shopRow()).uninstalledAt).toEqual(at("19T00:00:00"));
    });
  });

  it("products/delete cancels the product's renders not yet sent, and nothing else", async () => {
    await seedShop(database.prisma, SHOP);
    await seedShop(database.prisma, OTHER);
    const product = "gid://shopify/Product/77";
    const [queued] = await seedRenders(database.prisma, SHOP, 1, {
      state: "queued",
      productId: product,
      leaseToken: 1,
    });
    await seedRenders(database.prisma, SHOP, 1, { state: "in_review", productId: product });
    await seedRenders(database.prisma, SHOP, 1, { state: "queued", productId: "gid://shopify/Product/78" });
    await seedRenders(database.prisma, OTHER, 1, { state: "queued", productId: product });
    await recordProductDeleted(database.prisma, SHOP, product, at("20T12:00:00"));
    const renders = await database.prisma.render.findMany({ orderBy: { createdAt: "asc" } });
    expect(renders.map((render) => render.state)).toEqual(["cancelled", "in_review", "queued", "queued"]);
    expect(renders[0]).toMatchObject({
      id: queued!.id,
      finishedAt: at("20T12:00:00"),
      nextAttemptAt: null,
      errorCode: "product_deleted",
      errorMessage: "The product was deleted.",
      leaseToken: 2,
    });
    expect(bulkLines()).toEqual([
      expect.objectContaining({
        shop: SHOP,
        from: "queued",
        to: "cancelled",
        count: 1,
        reason: "product deleted",
        at: at("20T12:00:00").toISOString(),
      }),
    ]);
  });

  it("app/scopes_update stores the granted scopes on the shop and its sessions, not another shop's", async () => {
    await seedShop(database.prisma, SHOP);
    await seedShop(database.prisma, OTHER);
    await session("offline_a", SHOP);
    await session("offline_b", OTHER);
    await recordScopesUpdated(database.prisma, SHOP, ["read_products", "write_files"]);
    expect((await shopRow()).scopes).toBe("read_products,write_files");
    expect((await shopRow(OTHER)).scopes).toBe("");
    const sessions = await database.prisma.session.findMany({ orderBy: { id: "asc" } });
    expect(sessions.map((row) => row.scope)).toEqual(["read_products,write_files", "read_products"]);
  });

  it("shop/redact erases the shop's rows and sessions, and another shop's stay", async () => {
    await seedShop(database.prisma, SHOP);
    await seedShop(database.prisma, OTHER);
    await session("offline_a", SHOP);
    await session("offline_b", OTHER);
    await seedRenders(database.prisma, SHOP, 2);
    await seedRenders(database.prisma, OTHER, 1);
    await eraseShopData(database.prisma, SHOP);
    expect((await database.prisma.shop.findMany()).map((row) => row.domain)).toEqual([OTHER]);
    expect((await database.prisma.session.findMany()).map((row) => row.id)).toEqual(["offline_b"]);
    expect(await database.prisma.render.count()).toBe(1);
    expect(await database.prisma.shopSettings.count({ where: { shop: SHOP } })).toBe(0);
  });

  it("a redact applies to a shop uninstalled when it was triggered, or before", () => {
    const uninstalled = { uninstalledAt: at("20T12:00:00") };
    expect(redactApplies(uninstalled, at("22T12:00:00"))).toBe(true);
    expect(redactApplies(uninstalled, at("20T12:00:00"))).toBe(true);
    expect(redactApplies(uninstalled, at("20T11:59:59"))).toBe(false);
    expect(redactApplies({ uninstalledAt: null }, at("22T12:00:00"))).toBe(false);
  });
});
