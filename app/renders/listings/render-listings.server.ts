import type { Prisma, PrismaClient, Render, RenderState, Run } from "@prisma/client";
import { z } from "zod";
import { RENDER_STATES, type NeedsPersonState } from "../lifecycle/render-states";

/**
 * The pages' reads, every one scoped by shop and paged by keyset on the indexes the schema declares:
 * (shop, createdAt desc) for lists, (shop, state) and (runId, state) for counts, (shop, createdAt) on the ledger.
 * Keyset paging keeps page 200 as fast as page 1; offsets would scan every row before the page.
 */

type Db = Pick<PrismaClient, "render" | "run" | "creditLedgerEntry" | "shopSettings">;

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

export interface RenderFilters {
  states?: readonly RenderState[] | undefined;
  runId?: string | undefined;
  productId?: string | undefined;
  /** Colour fidelity verdict: good, check, drift or not_scored. */
  colourVerdict?: string | undefined;
}

export interface PageRequest {
  /** Older than this cursor (the next page). */
  after?: string | undefined;
  /** Newer than this cursor (the previous page). */
  before?: string | undefined;
  pageSize?: number | undefined;
}

export interface Page<T> {
  rows: T[];
  nextCursor: string | null;
  previousCursor: string | null;
}

interface Cursor {
  createdAt: Date;
  id: string;
}

const cursorSchema = z.tuple([z.iso.datetime(), z.string().min(1).max(64)]);

export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString("base64url");
}

/** A cursor from the URL; anything unreadable means "first page" rather than an error page. */
export function decodeCursor(value: string | null | undefined): Cursor | null {
  if (!value) return null;
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
    return parsed.success ? { createdAt: new Date(parsed.data[0]), id: parsed.data[1] } : null;
  } catch {
    return null;
  }
}

const olderThan = (cursor: Cursor) => ({
  OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }],
});
const newerThan = (cursor: Cursor) => ({
  OR: [{ createdAt: { gt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { gt: cursor.id } }],
});

/**
 * One page of rows ordered newest first, by (createdAt, id). `find` runs the query with the keyset condition
 * and order it is given, so renders and runs share the paging logic.
 */
async function keysetPage<T extends { createdAt: Date; id: string }>(
  page: PageRequest,
  find: (args: {
    where: Record<string, unknown>;
    orderBy: Array<Record<string, "asc" | "desc">>;
    take: number;
  }) => Promise<T[]>,
): Promise<Page<T>> {
  const size = Math.min(Math.max(page.pageSize ?? DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  const before = decodeCursor(page.before);
  const after = before ? null : decodeCursor(page.after);
  if (before) {
    const rows = await find({
      where: newerThan(before),
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: size + 1,
    });
    const hasNewer = rows.length > size;
    const pageRows = rows.slice(0, size).reverse();
    const first = pageRows[0];
    const last = pageRows[pageRows.length - 1];
    return {
      rows: pageRows,
      previousCursor: hasNewer && first ? encodeCursor(first) : null,
      nextCursor: last ? encodeCursor(last) : null,
    };
  }
  const rows = await find({
    where: after ? olderThan(after) : {},
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: size + 1,
  });
  const pageRows = rows.slice(0, size);
  const first = pageRows[0];
  const last = pageRows[pageRows.length - 1];
  return {
    rows: pageRows,
    nextCursor: rows.length > size && last ? encodeCursor(last) : null,
    previousCursor: after && first ? encodeCursor(first) : null,
  };
}

export function renderWhere(shop: string, filters: RenderFilters): Prisma.RenderWhereInput {
  return {
    shop,
    ...(filters.states && filters.states.length > 0 ? { state: { in: [...filters.states] } } : {}),
    ...(filters.runId ? { runId: filters.runId } : {}),
    ...(filters.productId ? { productId: filters.productId } : {}),
    ...(filters.colourVerdict ? { colourVerdict: filters.colourVerdict } : {}),
  };
}

const OFFSET_CURSOR = /^offset:(\d{1,6})$/;

/**
 * One page of renders, the largest colour change first (unscored last), for Review's "sort by colour". Paged by
 * offset (`offset:50` cursors): this order is for a review queue, hundreds of renders, not the whole history, and
 * a keyset over a score that ties often would need a third key for little gain.
 */
export async function listRendersByColourChange(
  db: Db,
  shop: string,
  filters: RenderFilters,
  page: PageRequest,
): Promise<Page<Render>> {
  const size = Math.min(Math.max(page.pageSize ?? DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  const offsetOf = (cursor: string | undefined) => Number(OFFSET_CURSOR.exec(cursor ?? "")?.[1] ?? "0");
  const offset = page.before ? Math.max(0, offsetOf(page.before) - size) : offsetOf(page.after);
  const rows = await db.render.findMany({
    where: renderWhere(shop, filters),
    orderBy: [{ colourDeltaE: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }, { id: "desc" }],
    skip: offset,
    take: size + 1,
  });
  return {
    rows: rows.slice(0, size),
    nextCursor: rows.length > size ? `offset:${offset + size}` : null,
    previousCursor: offset > 0 ? `offset:${offset}` : null,
  };
}

export async function listRenders(db: Db, shop: string, filters: RenderFilters, page: PageRequest) {
  const base = renderWhere(shop, filters);
  return keysetPage(page, ({ where, orderBy, take }) =>
    db.render.findMany({ where: { AND: [base, where as Prisma.RenderWhereInput] }, orderBy, take }),
  );
}

export type StateCounts = Partial<Record<RenderState, number>>;

export async function countRendersByState(db: Db, where: Prisma.RenderWhereInput): Promise<StateCounts> {
  const groups = await db.render.groupBy({ by: ["state"], where, _count: { _all: true } });
  const counts: StateCounts = {};
  for (const group of groups) counts[group.state] = group._count._all;
  return counts;
}

export const sumCounts = (counts: StateCounts, states: readonly RenderState[] = RENDER_STATES) =>
  states.reduce((total, state) => total + (counts[state] ?? 0), 0);

/** The first instant of the current month, in UTC (the times shown are UTC too). */
export function startOfMonthUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export async function creditsSince(db: Db, shop: string, since: Date): Promise<{ charged: number; refunded: number }> {
  const groups = await db.creditLedgerEntry.groupBy({
    by: ["kind"],
    where: { shop, createdAt: { gte: since } },
    _sum: { credits: true },
  });
  const sum = (kind: "charge" | "refund") => groups.find((group) => group.kind === kind)?._sum.credits ?? 0;
  return { charged: sum("charge"), refunded: sum("refund") };
}

export async function publishedSince(db: Db, shop: string, since: Date): Promise<number> {
  return db.render.count({ where: { shop, state: "published", publishedAt: { gte: since } } });
}

/** Renders waiting on a person in one state, oldest first (they have waited longest). */
export async function rendersNeedingPerson(db: Db, shop: string, state: NeedsPersonState, take = 5) {
  return db.render.findMany({
    where: { shop, state },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take,
    select: {
      id: true,
      productId: true,
      productTitle: true,
      variantColour: true,
      creditsCost: true,
      errorMessage: true,
      externalJobId: true,
      submittingAt: true,
      submittedAt: true,
      createdAt: true,
    },
  });
}

export async function listRuns(db: Db, shop: string, page: PageRequest) {
  return keysetPage<Run>(page, ({ where, orderBy, take }) =>
    db.run.findMany({ where: { AND: [{ shop }, where as Prisma.RunWhereInput] }, orderBy, take }),
  );
}

/** Counts by state for several runs in one query (runId, state index). */
export async function runStateCounts(db: Db, shop: string, runIds: string[]): Promise<Map<string, StateCounts>> {
  const result = new Map<string, StateCounts>(runIds.map((id) => [id, {}]));
  if (runIds.length === 0) return result;
  const groups = await db.render.groupBy({
    by: ["runId", "state"],
    where: { shop, runId: { in: runIds } },
    _count: { _all: true },
  });
  for (const group of groups) {
    if (!group.runId) continue;
    const counts = result.get(group.runId);
    if (counts) counts[group.state] = group._count._all;
  }
  return result;
}

export async function findRun(db: Db, shop: string, runId: string): Promise<Run | null> {
  return db.run.findFirst({ where: { id: runId, shop } });
}

/** Credits a run has been charged and refunded so far. */
export async function runCredits(db: Db, shop: string, runId: string): Promise<{ charged: number; refunded: number }> {
  const sums = await db.render.aggregate({
    where: { shop, runId },
    _sum: { creditsCharged: true, creditsRefunded: true },
  });
  return { charged: sums._sum.creditsCharged ?? 0, refunded: sums._sum.creditsRefunded ?? 0 };
}
