import { existsSync } from "node:fs";

/**
 * Local commands read `.env` when there is one, else `.env.example`, whose values are safe local defaults.
 * Variables already set in the environment win. Production never runs these scripts.
 */
export function loadLocalEnv(): void {
  const file = existsSync(".env") ? ".env" : ".env.example";
  if (existsSync(file)) process.loadEnvFile(file);
}

/**
 * Prisma's CLI downloads engine binaries on start-up unless these point at a file. The app uses the
 * Rust-free client and the JS schema engine (prisma.config.ts), so the binaries are never used.
 */
export function prismaCliEnv(): Record<string, string> {
  return {
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? "/dev/null",
    PRISMA_QUERY_ENGINE_LIBRARY: process.env.PRISMA_QUERY_ENGINE_LIBRARY ?? "/dev/null",
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
  };
}
