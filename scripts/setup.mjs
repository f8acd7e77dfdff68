/**
 * `npm run setup`: applies the committed migrations to DATABASE_URL through Prisma's JavaScript schema engine, then
 * re-seals stored secrets with the newest key of APP_ENCRYPTION_KEYS (scripts/secrets-rotate.ts; idempotent).
 * Plain JavaScript, so a production install runs it with nothing but `node` and its dependencies: there the
 * re-sealing runs compiled (build/worker/secrets-rotate.js). Without DATABASE_URL (local development) it does both
 * on the embedded database (`npm run db:migrate`, `npm run secrets:rotate`).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { prismaCliEnv } from "./prisma-cli-env.mjs";

const run = (file, args) => {
  const result = spawnSync(file, args, { stdio: "inherit", env: { ...process.env, ...prismaCliEnv() } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (process.env.DATABASE_URL) {
  run("prisma", ["migrate", "deploy"]);
  if (existsSync("build/worker/secrets-rotate.js")) run("node", ["build/worker/secrets-rotate.js"]);
  else if (existsSync("node_modules/.bin/tsx")) run("tsx", ["scripts/secrets-rotate.ts"]);
  else {
    console.error("Build first (npm run build): re-sealing secrets runs from build/worker/secrets-rotate.js.");
    process.exit(1);
  }
} else if (process.env.NODE_ENV === "production") {
  console.error("DATABASE_URL is not set: production applies migrations to its PostgreSQL server.");
  process.exit(1);
} else {
  run("npm", ["run", "db:migrate"]);
  run("npm", ["run", "secrets:rotate"]);
}
