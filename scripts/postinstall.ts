/**
 * After `npm install`: apply patches, generate the Prisma client offline, and fetch the Admin schema.
 * npm 11 runs no dependency install scripts here (package.json "allowScripts"), so nothing downloads
 * Prisma's engines; the app needs none of them.
 */
import { execFileSync } from "node:child_process";
import { ensureAdminSchema } from "./admin-schema";
import { prismaCliEnv } from "./local-env";

const run = (file: string, args: string[]) =>
  execFileSync(file, args, { stdio: "inherit", env: { ...process.env, ...prismaCliEnv() } });

run("patch-package", []);
run("prisma", ["generate"]);
console.log(`Admin API schema: ${ensureAdminSchema()}`);
