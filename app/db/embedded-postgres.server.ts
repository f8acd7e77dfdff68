import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export interface EmbeddedPostgres {
  /** A postgresql:// URL that pg, Prisma's adapter and Prisma's CLI can all use. */
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Folder that keeps the data between runs; omit for an in-memory database (tests). */
  dataDir?: string;
  /** 0 lets the OS choose a free port. */
  port?: number;
  /** PGlite is one connection; the socket server multiplexes up to this many clients onto it. */
  maxConnections?: number;
}

/**
 * Serves a PGlite database over the PostgreSQL wire protocol on 127.0.0.1, so the app, the worker and
 * `prisma migrate deploy` reach it exactly as they reach a real server.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const db = await PGlite.create(options.dataDir);
  const server = new PGLiteSocketServer({
    db,
    host: "127.0.0.1",
    port: options.port ?? 0,
    maxConnections: options.maxConnections ?? 16,
  });
  await server.start();
  const url = `postgresql://postgres:postgres@${server.getServerConn()}/postgres?sslmode=disable`;
  let stopped = false;
  return {
    url,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
    },
  };
}
