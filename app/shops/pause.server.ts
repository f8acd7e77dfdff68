import type { PrismaClient, ShopSettings } from "@prisma/client";
import { messageKey } from "~/lib/staff-message";

/**
 * A shop's pause: the worker stops sending its renders when the try-on service refuses its key, it has no key,
 * or its account is out of credits; staff lift it from Home (after adding credits) or by saving a key the service
 * accepts. Renders wait in line meanwhile; nothing is lost or charged.
 */

export type PauseReason = "auth" | "out_of_credits" | "missing_key" | "key_unreadable";

/**
 * Why a shop is paused, as the message key staff's words come from (messages:paused.*), with the service's own
 * words kept beside it (`serviceSaid`) for support; stored as keys, as failure reasons are (ADR 093).
 */
function pauseMessageKey(reason: PauseReason, serviceSaid?: string): string {
  return messageKey(`messages:paused.${reason}`, serviceSaid ? { serviceSaid } : undefined);
}

/** The settings columns that mean "not paused": written when a pause is lifted. */
export const NOT_PAUSED = { pausedReason: null, pausedMessage: null, pausedAt: null } as const;

/** Pauses the shop's work, keeping the service's own words when it gave any. */
export async function pauseShop(
  db: Pick<PrismaClient, "shopSettings">,
  input: { shop: string; reason: PauseReason; at: Date; detail?: string | undefined },
): Promise<void> {
  const paused = {
    pausedReason: input.reason,
    pausedMessage: pauseMessageKey(input.reason, input.detail),
    pausedAt: input.at,
  };
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
    ? {
        reason: row.pausedReason,
        message: row.pausedMessage ?? messageKey(`messages:paused.${row.pausedReason}`),
        at: row.pausedAt.toISOString(),
      }
    : null;
}
