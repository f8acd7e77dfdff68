import type { PrismaClient, ShopSettings } from "@prisma/client";

/**
 * A shop's pause: the worker stops sending its renders when the try-on service refuses its key, it has no key,
 * or its account is out of credits; staff lift it from Home (after adding credits) or by saving a key the service
 * accepts. Renders wait in line meanwhile; nothing is lost or charged.
 */

export type PauseReason = "auth" | "out_of_credits" | "missing_key" | "key_unreadable";

/** Words for staff, by reason. */
const PAUSE_MESSAGES: Record<PauseReason, string> = {
  auth: "The try-on service refused the API key. Check the key in Settings; renders will continue once it works.",
  out_of_credits: "The try-on service account has run out of credits. Add credits, then resume from the home page.",
  missing_key: "Add the try-on service API key in Settings to start rendering.",
  key_unreadable:
    "The saved try-on service API key can no longer be read (the app's encryption keys changed). Enter the key again in Settings; renders will continue once the service accepts it.",
};

/** The settings columns that mean "not paused": written when a pause is lifted. */
export const NOT_PAUSED = { pausedReason: null, pausedMessage: null, pausedAt: null } as const;

/** Pauses the shop's work, with the service's own words after ours when it gave any. */
export async function pauseShop(
  db: Pick<PrismaClient, "shopSettings">,
  input: { shop: string; reason: PauseReason; at: Date; detail?: string | undefined },
): Promise<void> {
  const message = input.detail ? `${PAUSE_MESSAGES[input.reason]} (${input.detail})` : PAUSE_MESSAGES[input.reason];
  const paused = { pausedReason: input.reason, pausedMessage: message, pausedAt: input.at };
  await db.shopSettings.upsert({
    where: { shop: input.shop },
    create: { shop: input.shop, ...paused },
    update: paused,
  });
}

/** Lifts a shop's pause (after staff added credits or fixed the key); a shop that is not paused is left untouched. */
export async function resumeShop(db: Pick<PrismaClient, "shopSettings">, shop: string): Promise<void> {
  await db.shopSettings.updateMany({ where: { shop, pausedReason: { not: null } }, data: NOT_PAUSED });
}

/** The shop's pause as staff see it, or null when its work runs. */
export function pauseOf(row: ShopSettings | null): { reason: string; message: string; at: string } | null {
  return row?.pausedReason && row.pausedAt
    ? { reason: row.pausedReason, message: row.pausedMessage ?? "", at: row.pausedAt.toISOString() }
    : null;
}
