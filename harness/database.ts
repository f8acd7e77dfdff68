import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { PrismaClient } from "@prisma/client";
import pg from "pg";
import { createPrismaClient } from "~/db/prisma-client.server";
import { startEmbeddedPostgres } from "~/db/embedded-postgres.server";

export type DatabaseKind = "pglite" | "postgres";
export const DATABASE_KINDS: DatabaseKind[] = ["pglite", "postgres"];

export interface TestDatabase {
  kind: DatabaseKind;
  url: string;
  prisma: PrismaClient;
  close(): Promise<void>;
}

const MIGRATIONS_DIR = join(import.meta.dirname, "..", "prisma", "migrations");

export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(MIGRATIONS_DIR, entry.name, "migration.sql"))
    .sort();
}

/** Applies the committed migrations, the same SQL `prisma migrate deploy` runs, without the CLI's start-up cost. */
export async function applyMigrations(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const file of migrationFiles()) await client.query(readFileSync(file, "utf8"));
  } finally {
    await client.end();
  }
}

/** The real PostgreSQL server of the machine (CI starts it); each test database gets its own name. */
export function postgresServerUrl(): string {
  return process.env.TEST_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A new, empty database of the given kind; `migrate: false` leaves it without tables. */
export async function createEmptyDatabase(kind: DatabaseKind): Promise<{ url: string; drop(): Promise<void> }> {
  if (kind === "pglite") {
    const embedded = await startEmbeddedPostgres();
    return { url: embedded.url, drop: () => embedded.stop() };
  }
  const name = `model_shots_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: postgresServerUrl() });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `Cannot reach the PostgreSQL server at ${postgresServerUrl()} (set TEST_DATABASE_URL, or start it: ` +
        "pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start): " +
        (error instanceof Error ? error.message : String(error)),
      { cause: error },
    );
  }
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  return {
    url: withDatabaseName(postgresServerUrl(), name),
    async drop() {
      const cleanup = new pg.Client({ connectionString: postgresServerUrl() });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const database = await createEmptyDatabase(kind);
  await applyMigrations(database.url);
  const prisma = createPrismaClient(database.url, kind === "pglite" ? { poolSize: 1 } : {});
  return {
    kind,
    url: database.url,
    prisma,
    async close() {
      await prisma.$disconnect();
      await database.drop();
    },
  };
}

/** Every row of every table, for asserting that a rejected request changed nothing. */
export async function snapshotAllRows(prisma: PrismaClient): Promise<Record<string, unknown[]>> {
  const tables = await prisma.$queryRawUnsafe<{ tablename: string }[]>(
    "SELECT tablename::text AS tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY tablename",
  );
  const snapshot: Record<string, unknown[]> = {};
  for (const { tablename } of tables) {
    snapshot[tablename] = await prisma.$queryRawUnsafe(`SELECT * FROM "${tablename}" ORDER BY 1`);
  }
  return snapshot;
}
