import type { PrismaClient } from "@prisma/client";
import { createPrismaClient } from "~/db/prisma-client.server";
import { env } from "./env.server";

declare global {
  // Remix's dev server re-imports modules on change; keep one pool across reloads.
  var __modelShotsPrisma: PrismaClient | undefined;
}

function databaseUrl(): string {
  const url = env().DATABASE_URL;
  if (!url) {
    // scripts/with-database.ts starts the embedded PostgreSQL and sets DATABASE_URL for every local command.
    throw new Error(
      "DATABASE_URL is not set. Start the app with `npm run sandbox` (embedded database) or set DATABASE_URL.",
    );
  }
  return url;
}

const prisma: PrismaClient = (globalThis.__modelShotsPrisma ??= createPrismaClient(databaseUrl(), {
  ...(env().DATABASE_POOL_SIZE ? { poolSize: env().DATABASE_POOL_SIZE } : {}),
}));

export default prisma;
