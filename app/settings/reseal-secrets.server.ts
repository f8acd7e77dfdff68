import type { PrismaClient } from "@prisma/client";
import { SecretUnreadableError, type SecretBox } from "~/lib/secret-box.server";
import { NOT_PAUSED } from "~/shops/pause.server";

/**
 * Re-seals every stored secret with the keyring's newest key: shops' try-on keys and Shopify sessions' access and
 * refresh tokens (sealing any still in plaintext, from before they were encrypted, and binding old-format v1 values,
 * which the app no longer opens, to their row's shop: ADR 067). Idempotent: a value already
 * sealed by the newest key is left alone, so it runs safely at every deploy (`npm run secrets:rotate`, and
 * `npm run setup`). A value no key opens is counted and left for staff to re-enter; it never stops the others.
 */

export interface ResealReport {
  resealed: number;
  unchanged: number;
  unreadable: string[];
}

type Db = Pick<PrismaClient, "shopSettings" | "session">;

export async function resealStoredSecrets(db: Db, box: SecretBox): Promise<ResealReport> {
  const report: ResealReport = { resealed: 0, unchanged: 0, unreadable: [] };
  /** The value re-sealed, or null when it already is (or cannot be read). */
  const reseal = (value: string, shop: string, where: string): string | null => {
    if (box.isSealed(value) && !box.needsReseal(value)) {
      report.unchanged += 1;
      return null;
    }
    try {
      // An old-format value (bound to no shop) is read here only, and bound to the shop whose row holds it.
      const plaintext = box.isSealed(value) ? box.openForRotation(value, shop) : value;
      report.resealed += 1;
      return box.seal(plaintext, shop);
    } catch (error) {
      if (!(error instanceof SecretUnreadableError)) throw error;
      report.unreadable.push(where);
      return null;
    }
  };

  const settings = await db.shopSettings.findMany({
    where: { tryOnApiKeyEncrypted: { not: null } },
    select: { shop: true, tryOnApiKeyEncrypted: true, pausedReason: true },
  });
  for (const row of settings) {
    const sealed = reseal(row.tryOnApiKeyEncrypted ?? "", row.shop, `try-on key of ${row.shop}`);
    // Conditional on the value read: a key saved meanwhile by staff is newer and stays. A worker that ran before
    // this (an old-format key it may not open) paused the shop as unreadable; the key reads now, so the pause goes.
    if (sealed !== null) {
      await db.shopSettings.updateMany({
        where: { shop: row.shop, tryOnApiKeyEncrypted: row.tryOnApiKeyEncrypted },
        data: { tryOnApiKeyEncrypted: sealed, ...(row.pausedReason === "key_unreadable" ? NOT_PAUSED : {}) },
      });
    }
  }

  const sessions = await db.session.findMany({
    select: { id: true, shop: true, accessToken: true, refreshToken: true },
  });
  for (const row of sessions) {
    const accessToken = reseal(row.accessToken, row.shop, `access token of session ${row.id}`);
    const refreshToken = row.refreshToken
      ? reseal(row.refreshToken, row.shop, `refresh token of session ${row.id}`)
      : null;
    if (accessToken === null && refreshToken === null) continue;
    await db.session.updateMany({
      where: { id: row.id, accessToken: row.accessToken, refreshToken: row.refreshToken },
      data: { ...(accessToken !== null && { accessToken }), ...(refreshToken !== null && { refreshToken }) },
    });
  }
  return report;
}
