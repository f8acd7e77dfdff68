import { existsSync } from "node:fs";

/**
 * Local commands read `.env` when there is one, else `.env.example`, whose values are safe local defaults.
 * Variables already set in the environment win. Production never runs these scripts.
 */
export function loadLocalEnv(): void {
  const file = existsSync(".env") ? ".env" : ".env.example";
  if (existsSync(file)) process.loadEnvFile(file);
}

export { prismaCliEnv } from "./prisma-cli-env.mjs";
