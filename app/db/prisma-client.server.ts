import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";

export interface PrismaClientOptions {
  /**
   * Connections in the pool. The embedded PGlite is a single session behind a multiplexing socket: statements
   * of two connections can interleave mid-protocol there, so it gets exactly one connection.
   */
  poolSize?: number;
}

/** A Prisma client on the Rust-free engine, talking to PostgreSQL (server or embedded) through node-postgres. */
export function createPrismaClient(connectionString: string, options: PrismaClientOptions = {}): PrismaClient {
  return new PrismaClient({
    adapter: new PrismaPg({ connectionString, ...(options.poolSize ? { max: options.poolSize } : {}) }),
  });
}
