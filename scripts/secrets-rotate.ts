/**
 * Re-seals every stored secret with the newest key of APP_ENCRYPTION_KEYS, and seals Shopify tokens stored before
 * they were encrypted:
 *
 *   npm run secrets:rotate      (also part of `npm run setup`; safe to run any number of times)
 *
 * Old-format (v1) values, which the app no longer opens, are bound to their row's shop here (ADR 067).
 *
 * Rotation: put the new id:key first in APP_ENCRYPTION_KEYS (keep the old one after it), deploy, run this, then
 * remove the old key. Exits 1 when some value could not be read by any key (those shops are paused by the worker
 * until staff enter their key again); everything readable is re-sealed either way.
 */
import prisma from "../app/db.server";
import { env } from "../app/env.server";
import { resealStoredSecrets } from "../app/settings/reseal-secrets.server";
import { keyringFromEnv } from "../app/lib/secret-box.server";

const box = keyringFromEnv(env());
const report = await resealStoredSecrets(prisma, box);
console.log(
  `secrets:rotate: ${report.resealed} re-sealed with key "${box.newestKeyId}", ${report.unchanged} already current, ${report.unreadable.length} unreadable`,
);
for (const where of report.unreadable) console.error(`  unreadable: ${where}`);
await prisma.$disconnect();
process.exit(report.unreadable.length > 0 ? 1 : 0);
