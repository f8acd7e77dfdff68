/**
 * Prisma's CLI downloads engine binaries on start-up unless these point at a file. The app uses the Rust-free
 * client and the JavaScript schema engine (prisma.config.ts), so the binaries are never used; pointing the
 * variables at a placeholder keeps every Prisma command offline-capable. Plain JavaScript: the production
 * install (no tsx) runs it too.
 */
export function prismaCliEnv() {
  return {
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? "/dev/null",
    PRISMA_QUERY_ENGINE_LIBRARY: process.env.PRISMA_QUERY_ENGINE_LIBRARY ?? "/dev/null",
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
  };
}
