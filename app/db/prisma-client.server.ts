import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { makeNamingPool } from "./named-statements";

export interface PrismaClientOptions {
  /**
   * Connections in the pool. The embedded PGlite is a single session behind a multiplexing socket: statements
   * of two connections can interleave mid-protocol there, so it gets exactly one connection.
   */
  poolSize?: number;
}

/**
 * A Prisma client on the Rust-free engine, talking to PostgreSQL (server or embedded) through node-postgres. Its
 * pool sends the statements marked with `preparedSql` as named, prepared statements (./named-statements.ts).
 */
export function createPrismaClient(connectionString: string, options: PrismaClientOptions = {}): PrismaClient {
  const pool = makeNamingPool({ connectionString, ...(options.poolSize ? { max: options.poolSize } : {}) });
  return new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
}
