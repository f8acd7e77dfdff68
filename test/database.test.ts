import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { Session } from "@shopify/shopify-api";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/db/prisma-client.server";
import { eraseShopData, recordShopInstalled, recordShopUninstalled } from "~/shops/shop-lifecycle.server";
import { prismaCliEnv } from "../scripts/local-env";
import { applyMigrations, createEmptyDatabase, DATABASE_KINDS, migrationFiles } from "../harness/database";

const run = promisify(execFile);
// Each Prisma CLI start loads its WASM engines: seconds when idle, over 30 s on a loaded 2-core machine.
const PRISMA_CLI_TIMEOUT_MS = 180_000;

describe.each(DATABASE_KINDS)("the committed migrations on %s", (kind) => {
  let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
  beforeAll(async () => {
    database = await createEmptyDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it(
    "are applied by `prisma migrate deploy` offline, and a second deploy has nothing to do",
    async () => {
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
    },
    PRISMA_CLI_TIMEOUT_MS,
  );

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
      expect(
        (await prisma.shop.findUnique({ where: { domain: "db-test.myshopify.com" } }))?.uninstalledAt,
      ).toBeInstanceOf(Date);

      await eraseShopData(prisma, "db-test.myshopify.com");
      expect(await prisma.shop.count()).toBe(0);
    } finally {
      await prisma.$disconnect();
    }
  });
});

/** A comparable description of a database's schema: columns, indexes, constraints and enum types. */
async function describeSchema(url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const rows = async (sql: string) =>
    (await client.query(sql)).rows.map((row) => Object.values(row).join(" | ")).sort();
  try {
    return {
      columns: await rows(
        "SELECT table_name, column_name, data_type, udt_name, is_nullable, coalesce(column_default, '') FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'",
      ),
      indexes: await rows(
        "SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'",
      ),
      constraints: await rows(
        "SELECT c.conrelid::regclass::text, c.conname, pg_get_constraintdef(c.oid) FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public' AND c.conrelid::regclass::text <> '_prisma_migrations'",
      ),
      enums: await rows(
        "SELECT t.typname, string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname",
      ),
    };
  } finally {
    await client.end();
  }
}

describe("prisma/migrations", () => {
  it(
    "add up to exactly the schema in prisma/schema.prisma",
    async () => {
      const fromMigrations = await createEmptyDatabase("pglite");
      const fromSchema = await createEmptyDatabase("pglite");
      try {
        await applyMigrations(fromMigrations.url);
        const env = { ...process.env, ...prismaCliEnv(), DATABASE_URL: fromSchema.url };
        const { stdout: sql } = await run(
          "npx",
          ["prisma", "migrate", "diff", "--from-empty", "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
          { env },
        );
        const client = new pg.Client({ connectionString: fromSchema.url });
        await client.connect();
        await client.query(sql);
        await client.end();
        expect(await describeSchema(fromMigrations.url)).toEqual(await describeSchema(fromSchema.url));
      } finally {
        await fromMigrations.drop();
        await fromSchema.drop();
      }
    },
    PRISMA_CLI_TIMEOUT_MS,
  );
});

describe("the data a migration rewrites", () => {
  it("pause_message_keys: a shop paused with English words gets its reason's message key; others stay as they are", async () => {
    const database = await createEmptyDatabase("postgres");
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const files = migrationFiles();
      const at = files.findIndex((file) => file.includes("_pause_message_keys/"));
      expect(at).toBeGreaterThan(0);
      for (const file of files.slice(0, at)) await client.query(readFileSync(file, "utf8"));
      await client.query(
        `INSERT INTO "Shop" (domain, "updatedAt") VALUES ('paused.myshopify.com', now()), ('running.myshopify.com', now())`,
      );
      await client.query(
        `INSERT INTO "ShopSettings" (shop, "pausedReason", "pausedMessage", "pausedAt", "updatedAt") VALUES
         ('paused.myshopify.com', 'auth', 'The try-on service refused the API key. (key revoked)', now(), now()),
         ('running.myshopify.com', NULL, NULL, NULL, now())`,
      );
      await client.query(readFileSync(files[at] ?? "", "utf8"));
      const rows = await client.query<{ shop: string; pausedMessage: string | null }>(
        `SELECT shop, "pausedMessage" FROM "ShopSettings" ORDER BY shop`,
      );
      expect(rows.rows).toEqual([
        { shop: "paused.myshopify.com", pausedMessage: "messages:paused.auth" },
        { shop: "running.myshopify.com", pausedMessage: null },
      ]);
    } finally {
      await client.end();
      await database.drop();
    }
  });
});
