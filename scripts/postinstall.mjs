/**
 * After `npm install` or `npm ci`: generate the Prisma client (offline), and in a development install also
 * fetch Shopify's Admin schema for the fake Admin API and the schema tests. Plain JavaScript, so a
 * production-only install (`npm ci --omit=dev`) runs it with nothing but its own dependencies.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { prismaCliEnv } from "./prisma-cli-env.mjs";

const run = (file, args) => execFileSync(file, args, { stdio: "inherit", env: { ...process.env, ...prismaCliEnv() } });

run("prisma", ["generate"]);
if (existsSync("node_modules/.bin/tsx")) run("tsx", ["scripts/fetch-admin-schema.ts"]);
