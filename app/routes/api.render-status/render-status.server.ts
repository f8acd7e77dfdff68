import type { PrismaClient, RenderState } from "@prisma/client";
import { z } from "zod";
import { messageKey } from "~/lib/staff-message";
import { FINAL_STATES, SETTLED_STATES, WAITING_STATES } from "~/renders/lifecycle/render-states";
import { okAnswer, refusal, type ApiAnswer } from "~/web/api-response.server";

/** Where a render the product action queued is, in the dialog's few words. */
export type RenderStage = "waiting" | "rendering" | "in_review" | "published" | "failed";

export interface RenderStatusAnswer {
  renders: Array<{ id: string; stage: RenderStage; reason: string | null }>;
  /** Every render has reached review or an end: the dialog stops asking. */
  settled: boolean;
}

// A product action queues at most a few colours × 4 candidates; the cap only bounds the query.
const idsSchema = z
  .string()
  .transform((value) => value.split(",").filter(Boolean))
  .pipe(z.array(z.string().min(1).max(64)).min(1).max(100));

function stageOf(state: RenderState): RenderStage {
  if (WAITING_STATES.includes(state)) return "waiting";
  if (state === "in_review") return "in_review";
  if (state === "published" || state === "publishing") return "published";
  if (FINAL_STATES.includes(state)) return "failed";
  // Rendering, and the states a person settles on the app's pages (stalled, submit_unknown): still under way here.
  return "rendering";
}

/**
 * GET /api/render-status?ids=a,b: the renders the product action queued, for its dialog to follow them until they
 * reach review or fail (issue 28 point 2). Only this shop's renders are answered; others are simply not found.
 */
export async function renderStatus(db: PrismaClient, shop: string, url: URL): Promise<ApiAnswer<RenderStatusAnswer>> {
  const ids = idsSchema.safeParse(url.searchParams.get("ids") ?? "");
  if (!ids.success) return refusal(400, messageKey("messages:api.rendersMissing"));
  const rows = await db.render.findMany({
    where: { shop, id: { in: ids.data } },
    select: { id: true, state: true, errorMessage: true },
  });
  const renders = rows.map((row) => {
    const stage = stageOf(row.state);
    return { id: row.id, stage, reason: stage === "failed" ? row.errorMessage : null };
  });
  return okAnswer({
    renders,
    settled: rows.length > 0 && rows.every((row) => SETTLED_STATES.includes(row.state)),
  });
}
