import { vi } from "vitest";
import { createTestDatabase, type DatabaseKind, type TestDatabase } from "../../harness/database";

/**
 * Binds the app's server modules to a fresh test database of the given kind: DATABASE_URL is set before
 * app/db.server.ts is (re)imported, as the launcher does for the real app. Import app modules dynamically
 * after calling this.
 */
export async function useAppDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const database = await createTestDatabase(kind);
  process.env.DATABASE_URL = database.url;
  process.env.DATABASE_POOL_SIZE = kind === "pglite" ? "1" : "";
  globalThis.__modelShotsPrisma = undefined;
  vi.resetModules();
  return {
    ...database,
    async close() {
      await globalThis.__modelShotsPrisma?.$disconnect();
      globalThis.__modelShotsPrisma = undefined;
      await database.close();
    },
  };
}
