/**
 * Writes a new migration from the change to prisma/schema.prisma since the last commit:
 *   npm run db:new-migration -- <name>
 * `prisma migrate dev` needs a shadow database, which Prisma's JS schema engine does not support with a driver
 * adapter; a diff between two datamodels needs none. A test checks the migrations add up to the schema.
 */
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmbeddedPostgres } from "../app/db/embedded-postgres.server";
import { prismaCliEnv } from "./local-env";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run db:new-migration -- <snake_case_name>");
  process.exit(2);
}
const previous = join(mkdtempSync(join(tmpdir(), "schema-")), "previous.prisma");
writeFileSync(previous, execFileSync("git", ["show", "HEAD:prisma/schema.prisma"]));

// The CLI connects to a database even for a datamodel-to-datamodel diff; an empty in-memory one will do. It is
// served by this process, so the CLI runs asynchronously: a synchronous call would block the server it waits on.
const database = await startEmbeddedPostgres();
try {
  const { stdout: sql } = await promisify(execFile)(
    "prisma",
    [
      "migrate",
      "diff",
      "--from-schema-datamodel",
      previous,
      "--to-schema-datamodel",
      "prisma/schema.prisma",
      "--script",
    ],
    { env: { ...process.env, ...prismaCliEnv(), DATABASE_URL: database.url }, encoding: "utf8" },
  );
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const dir = join("prisma", "migrations", `${stamp}_${name}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "migration.sql"), sql);
  console.log(`Wrote ${dir}/migration.sql`);
} finally {
  await database.stop();
}
