import type { Render } from "@prisma/client";
import { logRenderTransition, timeInState } from "~/renders/lifecycle/transition-log";
import { messageKey } from "~/lib/staff-message";
import type { TickContext } from "../tick-context";

/**
 * A result that is not a usable image (see app/tryon/result-image.ts) fails its render the way a render the service
 * failed does: no retry (the same URL gives the same bytes), its credits recorded as refunded on the render and in the
 * ledger, and a sentence for staff. Nothing reaches the shop's Files. One transaction, fenced by the lease token.
 */
export async function rejectResult(ctx: TickContext, render: Render, reason: string): Promise<void> {
  const refund = render.creditsCharged - render.creditsRefunded;
  const at = ctx.now();
  await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.render.updateMany({
      where: { id: render.id, state: render.state, leaseToken: render.leaseToken },
      data: {
        state: "failed",
        leaseOwner: null,
        leaseExpiresAt: null,
        nextAttemptAt: null,
        errorCode: "result_rejected",
        errorMessage:
          refund > 0
            ? messageKey("messages:render.resultRejected", { reason, count: refund })
            : messageKey("messages:render.resultRejectedNoRefund", { reason }),
        creditsRefunded: { increment: Math.max(0, refund) },
        finishedAt: at,
      },
    });
    if (count === 1) {
      logRenderTransition({
        renderId: render.id,
        shop: render.shop,
        runId: render.runId,
        from: render.state,
        to: "failed",
        durationMs: timeInState(render, at),
      });
    }
    if (count === 1 && refund > 0) {
      await tx.creditLedgerEntry.createMany({
        data: [
          {
            id: `refund_${render.id}`,
            shop: render.shop,
            renderId: render.id,
            kind: "refund",
            credits: refund,
            createdAt: at,
          },
        ],
        skipDuplicates: true,
      });
    }
  });
}
