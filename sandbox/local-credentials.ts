import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";

/**
 * The app credentials the sandbox runs with: the local values committed in .env.example, which only work
 * against the offline fakes. Read from the file rather than copied here, so the two cannot drift.
 */
export interface LocalCredentials {
  apiKey: string;
  apiSecret: string;
  encryptionKey: string;
}

const ENV_EXAMPLE = new URL("../.env.example", import.meta.url);

export function readLocalCredentials(): LocalCredentials {
  const values = parseEnv(readFileSync(ENV_EXAMPLE, "utf8"));
  const apiKey = values.SHOPIFY_API_KEY;
  const apiSecret = values.SHOPIFY_API_SECRET;
  const encryptionKey = values.APP_ENCRYPTION_KEYS ?? values.APP_ENCRYPTION_KEY;
  if (!apiKey || !apiSecret || !encryptionKey) {
    throw new Error(
      ".env.example must define SHOPIFY_API_KEY, SHOPIFY_API_SECRET and APP_ENCRYPTION_KEYS for the sandbox",
    );
  }
  return { apiKey, apiSecret, encryptionKey };
}
