import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { Session } from "@shopify/shopify-api";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "../app/db/prisma-client.server";
import { eraseShopData, recordShopInstalled, recordShopUninstalled } from "../app/shops/shop-lifecycle.server";
import { prismaCliEnv } from "../scripts/local-env";
import { createEmptyDatabase, DATABASE_KINDS, migrationFiles } from "./support/database";

const run = promisify(execFile);

describe.each(DATABASE_KINDS)("the committed migrations on %s", (kind) => {
  let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
  beforeAll(async () => {
    database = await createEmptyDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("are applied by `prisma migrate deploy` offline, and a second deploy has nothing to do", async () => {
    const env = { ...process.env, ...prismaCliEnv(), DATABASE_URL: database.url };
    const first = await run("npx", ["prisma", "migrate", "deploy"], { env });
    expect(first.stdout).toMatch(/successfully applied/);
    const second = await run("npx", ["prisma", "migrate", "deploy"], { env });
    expect(second.stdout).toMatch(/No pending migrations to apply/);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const applied = await client.query("SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL");
    await client.end();
    expect(applied.rowCount).toBe(migrationFiles().length);
  });

  it("give the app a working schema: sessions round-trip through Shopify's Prisma session storage", async () => {
    const prisma = createPrismaClient(database.url);
    try {
      const storage = new PrismaSessionStorage(prisma);
      const session = new Session({
        id: "offline_db-test.myshopify.com",
        shop: "db-test.myshopify.com",
        state: "state",
        isOnline: false,
        scope: "read_products,write_products,write_files",
        accessToken: "shpat_test",
        expires: new Date(Date.now() + 3_600_000),
        refreshToken: "shprt_test",
        refreshTokenExpires: new Date(Date.now() + 86_400_000),
      });
      expect(await storage.storeSession(session)).toBe(true);
      const loaded = await storage.loadSession(session.id);
      expect(loaded?.accessToken).toBe("shpat_test");
      expect(loaded?.refreshToken).toBe("shprt_test");
      expect(loaded?.expires?.getTime()).toBe(session.expires?.getTime());
      expect((await storage.findSessionsByShop("db-test.myshopify.com")).map((s) => s.id)).toEqual([session.id]);

      await recordShopInstalled(prisma, { shop: "db-test.myshopify.com", scopes: "read_products" });
      await recordShopUninstalled(prisma, "db-test.myshopify.com", new Date());
      expect(await storage.loadSession(session.id)).toBeUndefined();
      expect((await prisma.shop.findUnique({ where: { domain: "db-test.myshopify.com" } }))?.uninstalledAt).toBeInstanceOf(Date);

      await eraseShopData(prisma, "db-test.myshopify.com");
      expect(await prisma.shop.count()).toBe(0);
    } finally {
      await prisma.$disconnect();
    }
  });
});
