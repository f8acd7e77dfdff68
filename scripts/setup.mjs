/**
 * `npm run setup`: applies the committed migrations to DATABASE_URL through Prisma's JavaScript schema engine.
 * Plain JavaScript, so a production install runs it with nothing but `node` and its dependencies. Without
 * DATABASE_URL (local development) it migrates the embedded database instead (`npm run db:migrate`).
 */
import { spawnSync } from "node:child_process";
import { prismaCliEnv } from "./prisma-cli-env.mjs";

const run = (file, args) => {
  const result = spawnSync(file, args, { stdio: "inherit", env: { ...process.env, ...prismaCliEnv() } });
  process.exit(result.status ?? 1);
};

if (process.env.DATABASE_URL) run("prisma", ["migrate", "deploy"]);
if (process.env.NODE_ENV === "production") {
  console.error("DATABASE_URL is not set: production applies migrations to its PostgreSQL server.");
  process.exit(1);
}
run("npm", ["run", "db:migrate"]);
