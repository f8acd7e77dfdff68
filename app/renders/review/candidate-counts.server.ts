import type { PrismaClient, Render } from "@prisma/client";
import { candidateLabel } from "./candidates";

/** Each candidate group's size (renders not cancelled) and how many of them wait in review. */
export type CandidateGroupCounts = Map<string, { size: number; inReview: number }>;

/** One grouped count for the candidate groups of a page of renders (Review, History). */
export async function candidateGroupCounts(
  db: Pick<PrismaClient, "render">,
  shop: string,
  renders: ReadonlyArray<Pick<Render, "candidateGroup">>,
): Promise<CandidateGroupCounts> {
  const groups = [...new Set(renders.flatMap((render) => (render.candidateGroup ? [render.candidateGroup] : [])))];
  const counts: CandidateGroupCounts = new Map();
  if (groups.length === 0) return counts;
  const rows = await db.render.groupBy({
    by: ["candidateGroup", "state"],
    where: { shop, candidateGroup: { in: groups }, state: { not: "cancelled" } },
    _count: { _all: true },
  });
  for (const row of rows) {
    if (!row.candidateGroup) continue;
    const entry = counts.get(row.candidateGroup) ?? { size: 0, inReview: 0 };
    entry.size += row._count._all;
    if (row.state === "in_review") entry.inReview += row._count._all;
    counts.set(row.candidateGroup, entry);
  }
  return counts;
}

/** "Candidate 2 of 3" for a render of a group, null for a render made on its own. */
export function candidateLabelOf(
  render: Pick<Render, "candidateGroup" | "candidateIndex">,
  counts: CandidateGroupCounts,
): string | null {
  if (!render.candidateGroup) return null;
  return candidateLabel(render.candidateIndex, counts.get(render.candidateGroup)?.size);
}
