import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import pg from "pg";
import { rememberPool } from "./prepared-query";

export interface PrismaClientOptions {
  /**
   * Connections in the pool. The embedded PGlite is a single session behind a multiplexing socket: statements
   * of two connections can interleave mid-protocol there, so it gets exactly one connection.
   */
  poolSize?: number;
}

/**
 * A Prisma client on the Rust-free engine, talking to PostgreSQL (server or embedded) through node-postgres. The
 * worker's hot statements use the same pool directly, as prepared statements (./prepared-query.ts).
 */
export function createPrismaClient(connectionString: string, options: PrismaClientOptions = {}): PrismaClient {
  const pool = new pg.Pool({ connectionString, ...(options.poolSize ? { max: options.poolSize } : {}) });
  const client = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  rememberPool(client, pool);
  return client;
}
