/**
 * Runs a command with a database: DATABASE_URL when it is set, otherwise the embedded PostgreSQL (PGlite)
 * kept in EMBEDDED_DATABASE_DIR. Committed migrations are applied first, so every local command starts
 * on an up-to-date schema.
 *
 *   tsx scripts/with-database.ts [--no-migrate] [-- command args...]
 */
import { spawn } from "node:child_process";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../app/db/embedded-postgres.server";
import { loadLocalEnv, prismaCliEnv } from "./local-env";

loadLocalEnv();

const separator = process.argv.indexOf("--");
const flags = separator === -1 ? process.argv.slice(2) : process.argv.slice(2, separator);
const command = separator === -1 ? [] : process.argv.slice(separator + 1);
const migrate = !flags.includes("--no-migrate");

function run(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const [file, ...args] = argv;
  if (!file) return Promise.resolve(0);
  const child = spawn(file, args, { stdio: "inherit", env, shell: process.platform === "win32" });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  return new Promise((resolve) => {
    child.on("exit", (code, signal) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

let embedded: EmbeddedPostgres | undefined;
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  const dataDir = process.env.EMBEDDED_DATABASE_DIR || ".data/pglite";
  embedded = await startEmbeddedPostgres({ dataDir });
  databaseUrl = embedded.url;
  console.log(`Embedded PostgreSQL (PGlite) in ${dataDir}, serving ${databaseUrl}`);
}
const childEnv = {
  ...process.env,
  ...prismaCliEnv(),
  DATABASE_URL: databaseUrl,
  // PGlite is one session: one connection per process keeps statements of different requests from interleaving.
  ...(embedded ? { DATABASE_POOL_SIZE: "1" } : {}),
};

let exitCode = 0;
if (migrate) exitCode = await run(["prisma", "migrate", "deploy"], childEnv);
if (exitCode === 0) exitCode = await run(command, childEnv);
await embedded?.stop();
process.exit(exitCode);
