import { randomUUID } from "node:crypto";
import { messageKey } from "~/lib/staff-message";
import type { CollectionListing, Prisma, PrismaClient } from "@prisma/client";
import { z } from "zod";
import type { CollectionExport, ExportStatus, ProductForRender, ProductSource } from "~/catalog/catalog-port";

/**
 * Large collections are read from Shopify by the worker instead of inside a staff request: page by page, at the
 * Standard plan's rate, 1,000 products take about 97 s (docs/benchmarks.md, benchmark 5), so a listing first asks
 * Shopify for a bulk export (ADR 055), one per shop at a time, and reads its file as it streams; when Shopify
 * refuses or fails it, the listing reads pages as before. Planning a run then reads the stored products. A listing
 * is resumable (from its bulk operation, or its cursor) and fenced by a lease, like a render.
 */

type Db = Pick<PrismaClient, "collectionListing" | "collectionListingProduct" | "$transaction" | "$queryRaw">;

/** A finished listing plans runs for this long; after it, the collection is read again. */
export const LISTING_FRESH_MS = 15 * 60_000;

/** Where a listing under way stands, for the preview: waiting for another export, exporting, storing, or pages. */
export type ListingPhase = "queued" | "exporting" | "storing" | "pages";

export type ListingState =
  | { status: "ready"; products: ProductForRender[] }
  | { status: "listing"; listed: number; expected: number; phase: ListingPhase; exported: number }
  | { status: "failed"; message: string };

function phaseOf(listing: Pick<CollectionListing, "method" | "bulkStatus" | "listed">): ListingPhase {
  if (listing.method === "pages") return "pages";
  if (listing.bulkStatus === "QUEUED") return "queued";
  return listing.bulkStatus === "COMPLETED" || listing.listed > 0 ? "storing" : "exporting";
}

const photoSchema = z.object({ mediaId: z.string(), url: z.string().nullable(), alt: z.string().nullable() });
const storedProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  productType: z.string().nullable(),
  // Listings stored before categories were read have none: their products are decided by type and title.
  category: z.object({ id: z.string(), name: z.string(), fullName: z.string() }).nullable().default(null),
  photos: z.array(photoSchema),
  variants: z.array(z.object({ id: z.string(), title: z.string() })),
});

/**
 * The products of a large collection for planning: a fresh finished listing's, or the progress of one under way
 * (started here when there is none, or when the last is stale or failed).
 */
export async function collectionListing(
  db: Db,
  input: { shop: string; collectionId: string; expected: number; now: Date },
): Promise<ListingState> {
  const key = { shop_collectionId: { shop: input.shop, collectionId: input.collectionId } };
  const existing = await db.collectionListing.findUnique({ where: key });
  if (existing?.status === "listing")
    return {
      status: "listing",
      listed: existing.listed,
      expected: existing.expected,
      phase: phaseOf(existing),
      exported: existing.bulkObjects,
    };
  if (
    existing?.status === "ready" &&
    existing.finishedAt &&
    input.now.getTime() - existing.finishedAt.getTime() < LISTING_FRESH_MS
  ) {
    const rows = await db.collectionListingProduct.findMany({
      where: { listingId: existing.id },
      orderBy: { position: "asc" },
    });
    return { status: "ready", products: rows.map((row) => storedProductSchema.parse(row.product)) };
  }
  // None yet, stale or failed: start over. The lease token moves on, so a worker still holding the old listing
  // writes nothing more. A failure is reported once, on the preview that finds it, while the next attempt starts.
  await db.$transaction(async (tx) => {
    if (existing) await tx.collectionListingProduct.deleteMany({ where: { listingId: existing.id } });
    await tx.collectionListing.upsert({
      where: key,
      create: { shop: input.shop, collectionId: input.collectionId, expected: input.expected },
      update: {
        status: "listing",
        expected: input.expected,
        listed: 0,
        cursor: null,
        error: null,
        method: "bulk",
        bulkOperationId: null,
        bulkStatus: null,
        bulkObjects: 0,
        finishedAt: null,
        leaseOwner: null,
        leaseUntil: null,
        leaseToken: { increment: 1 },
      },
    });
  });
  if (existing?.status === "failed")
    return { status: "failed", message: existing.error ?? messageKey("messages:listing.failed") };
  return { status: "listing", listed: 0, expected: input.expected, phase: "exporting", exported: 0 };
}

/** Takes one listing that is under way and not leased (or whose lease ran out), for this worker. */
export async function claimCollectionListing(
  db: Db,
  input: { owner: string; now: Date; leaseMs: number },
): Promise<CollectionListing | null> {
  const until = new Date(input.now.getTime() + input.leaseMs);
  const rows = await db.$queryRaw<CollectionListing[]>`
    UPDATE "CollectionListing" SET "leaseOwner" = ${input.owner}, "leaseUntil" = ${until}, "leaseToken" = "leaseToken" + 1
    WHERE id = (
      SELECT id FROM "CollectionListing"
      WHERE status = 'listing' AND ("leaseUntil" IS NULL OR "leaseUntil" < ${input.now})
      ORDER BY "updatedAt" LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING *`;
  return rows[0] ?? null;
}

export interface ListingStep {
  source: ProductSource;
  now: () => Date;
  leaseMs: number;
}

/**
 * Reads one page of a claimed listing and stores it, with the new cursor, in one transaction fenced by the lease
 * token. Returns the listing as it now stands, or null when another worker (or a restart from a preview) has
 * taken it over: then nothing was written.
 */
export async function readListingPage(
  db: Db,
  listing: CollectionListing,
  step: ListingStep,
): Promise<CollectionListing | null> {
  const page = await step.source.collectionPage(listing.collectionId, listing.cursor);
  return db.$transaction(async (tx) => {
    const fence = { id: listing.id, leaseToken: listing.leaseToken, status: "listing" as const };
    // The listing as this write leaves it (the fence guarantees nobody else wrote in between).
    const update: Partial<CollectionListing> = page
      ? {
          listed: listing.listed + page.products.length,
          cursor: page.nextCursor,
          leaseUntil: page.nextCursor === null ? null : new Date(step.now().getTime() + step.leaseMs),
          ...(page.nextCursor === null ? { status: "ready" as const, leaseOwner: null, finishedAt: step.now() } : {}),
        }
      : {
          status: "failed",
          error: messageKey("messages:plan.collectionGone"),
          leaseOwner: null,
          leaseUntil: null,
          finishedAt: step.now(),
        };
    const written = await tx.collectionListing.updateMany({ where: fence, data: update });
    if (written.count !== 1) return null;
    if (page) {
      await tx.collectionListingProduct.createMany({
        data: page.products.map((product, index) => ({
          listingId: listing.id,
          position: listing.listed + index,
          product: product as unknown as Prisma.InputJsonValue,
        })),
      });
    }
    return { ...listing, ...update } as CollectionListing;
  });
}

/** Gives up on a listing with a reason staff can read; fenced like every other write. False: taken over first. */
export async function failListing(db: Db, listing: CollectionListing, message: string, now: Date): Promise<boolean> {
  const failed = await db.collectionListing.updateMany({
    where: { id: listing.id, leaseToken: listing.leaseToken, status: "listing" },
    data: { status: "failed", error: message, leaseOwner: null, leaseUntil: null, finishedAt: now },
  });
  return failed.count === 1;
}

/**
 * The bulk export a listing that just failed leaves running at Shopify, if any: nothing will read it, and it
 * would hold one of the shop's bulk operation slots (and our one export per shop) until it finished.
 */
export function abandonedExportOf(listing: CollectionListing): string | null {
  if (listing.method !== "bulk" || !listing.bulkOperationId) return null;
  return EXPORT_UNDER_WAY.includes(listing.bulkStatus ?? "") ? listing.bulkOperationId : null;
}

/** A worker id for listing leases when the caller has none. */
export const listingOwnerId = () => `lister-${process.pid}-${randomUUID().slice(0, 8)}`;

// ----- reading a listing through a bulk export (ADR 055) ------------------------------------------------------

/** Bulk statuses of ours (QUEUED, STARTING) and Shopify's that hold the shop's one export slot. */
const EXPORT_UNDER_WAY = ["STARTING", "CREATED", "RUNNING", "CANCELING"];

export interface ExportStep {
  export: CollectionExport;
  now: () => Date;
  leaseMs: number;
  /** How long until the status is asked again when no bulk_operations/finish webhook comes. */
  pollMs: number;
  /** Products written per statement while the file streams. */
  batchSize?: number;
  logger?: { warn(message: string, context: Record<string, unknown>): void };
  /** Told the bytes of each stored batch, to give memory back while a large file streams (ADR 058). */
  transferGc?: { moved(bytes: number): void };
}

export type ExportOutcome =
  /** Nothing more to do now: finished, waiting (lease released until `leaseUntil`), or taken over. */
  | { kind: "done" }
  /** Shopify refused or failed the export: read the listing page by page, from the start, under the same lease. */
  | { kind: "pages"; listing: CollectionListing };

const fenceOf = (listing: CollectionListing) => ({
  id: listing.id,
  leaseToken: listing.leaseToken,
  status: "listing" as const,
});

/**
 * Moves a claimed listing's bulk export on by one step: start it (unless another export of the shop is under way,
 * then it waits its turn), ask how it stands, or read its finished file into the listing's products.
 */
export async function advanceExport(db: Db, listing: CollectionListing, step: ExportStep): Promise<ExportOutcome> {
  const fence = fenceOf(listing);
  const later = (ms: number) => new Date(step.now().getTime() + ms);
  const release = (data: Prisma.CollectionListingUpdateManyMutationInput, ms: number) =>
    db.collectionListing.updateMany({ where: fence, data: { ...data, leaseOwner: null, leaseUntil: later(ms) } });

  if (!listing.bulkOperationId) {
    // One export per shop at a time, ours: decided under a per-shop lock so two listers cannot both start one.
    const turn = await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${"collection-export:" + listing.shop}))`;
      const busy = await tx.collectionListing.count({
        where: { shop: listing.shop, status: "listing", id: { not: listing.id }, bulkStatus: { in: EXPORT_UNDER_WAY } },
      });
      const data =
        busy > 0
          ? { bulkStatus: "QUEUED", leaseOwner: null, leaseUntil: later(step.pollMs) }
          : { bulkStatus: "STARTING" };
      const written = await tx.collectionListing.updateMany({ where: fence, data });
      return written.count === 1 ? (busy > 0 ? "queued" : "mine") : "lost";
    });
    if (turn !== "mine") return { kind: "done" };
    const started = await step.export.start(listing.collectionId);
    if (!started.ok) return readPagesInstead(db, listing, `Shopify refused the bulk export: ${started.reason}`, step);
    await release({ bulkOperationId: started.operationId, bulkStatus: "CREATED", bulkObjects: 0 }, step.pollMs);
    return { kind: "done" };
  }

  const status = await step.export.status(listing.bulkOperationId);
  if (!status) return readPagesInstead(db, listing, "Shopify no longer knows the bulk export", step);
  if (status.status === "FAILED" || status.status === "CANCELED" || status.status === "EXPIRED") {
    const reason = `the bulk export ended ${status.status}${status.errorCode ? ` (${status.errorCode})` : ""}`;
    return readPagesInstead(db, listing, reason, step);
  }
  if (status.status !== "COMPLETED") {
    await release({ bulkStatus: status.status, bulkObjects: status.objectCount }, step.pollMs);
    return { kind: "done" };
  }
  const marked = await db.collectionListing.updateMany({
    where: fence,
    data: { bulkStatus: "COMPLETED", bulkObjects: status.objectCount, leaseUntil: later(step.leaseMs) },
  });
  if (marked.count !== 1) return { kind: "done" };
  try {
    const stored = await storeExport(db, listing, status.url, step);
    if (stored) await wakeQueuedExports(db, listing.shop, step.now());
    return { kind: "done" };
  } catch (error) {
    return readPagesInstead(db, listing, `reading the bulk export failed: ${String(error)}`, step);
  }
}

/**
 * Streams the export's products into the listing in batches, each batch one transaction fenced by the lease
 * token that also extends the lease; then applies children that came after their product was stored and marks
 * the listing ready. False when another lister (or a new preview) took it over: it then wrote nothing more.
 */
async function storeExport(db: Db, listing: CollectionListing, url: string | null, step: ExportStep): Promise<boolean> {
  const fence = fenceOf(listing);
  const batchSize = step.batchSize ?? 500;
  let listed = 0;
  let batch: ProductForRender[] = [];
  const late = new Map<string, Array<(product: ProductForRender) => ProductForRender>>();
  const positions = new Map<string, number>();

  const flush = async () => {
    if (batch.length === 0) return true;
    const rows = batch;
    batch = [];
    const json = JSON.stringify(rows);
    step.transferGc?.moved(json.length);
    return db.$transaction(async (tx) => {
      const written = await tx.collectionListing.updateMany({
        where: fence,
        data: { listed: listed + rows.length, leaseUntil: new Date(step.now().getTime() + step.leaseMs) },
      });
      if (written.count !== 1) return false;
      // The batch goes as one JSON parameter: a createMany of 500 JSON rows builds 1,500 parameters and
      // several copies of each row on our side (benchmark 5: 164 MB above idle for 50,000 products).
      await tx.$executeRaw`
        INSERT INTO "CollectionListingProduct" ("listingId", "position", "product")
        SELECT ${listing.id}, ${listed}::int + (item.ordinality::int - 1), item.value
        FROM jsonb_array_elements(${json}::jsonb) WITH ORDINALITY AS item`;
      listed += rows.length;
      return true;
    });
  };

  if (url) {
    for await (const event of step.export.read(url)) {
      if (event.kind === "late") {
        // Still in the batch: applied in place; already written: applied at the end.
        const index = batch.findIndex((product) => product.id === event.productId);
        if (index !== -1) batch[index] = event.apply(batch[index] as ProductForRender);
        else late.set(event.productId, [...(late.get(event.productId) ?? []), event.apply]);
        continue;
      }
      positions.set(event.product.id, listed + batch.length);
      batch.push(event.product);
      if (batch.length >= batchSize && !(await flush())) return false;
    }
  }
  if (!(await flush())) return false;
  return db.$transaction(async (tx) => {
    const done = await tx.collectionListing.updateMany({
      where: fence,
      data: { status: "ready", listed, leaseOwner: null, leaseUntil: null, finishedAt: step.now() },
    });
    if (done.count !== 1) return false;
    for (const [productId, patches] of late) {
      const position = positions.get(productId);
      if (position === undefined) continue;
      const row = await tx.collectionListingProduct.findUnique({
        where: { listingId_position: { listingId: listing.id, position } },
      });
      if (!row) continue;
      const product = patches.reduce((current, apply) => apply(current), storedProductSchema.parse(row.product));
      await tx.collectionListingProduct.update({
        where: { listingId_position: { listingId: listing.id, position } },
        data: { product: product as unknown as Prisma.InputJsonValue },
      });
    }
    return true;
  });
}

/** Switches a listing to reading pages from the start (what was stored from the export goes), keeping the lease. */
async function readPagesInstead(
  db: Db,
  listing: CollectionListing,
  reason: string,
  step: ExportStep,
): Promise<ExportOutcome> {
  step.logger?.warn("bulk export of a collection not used; reading it page by page", {
    shop: listing.shop,
    collectionId: listing.collectionId,
    reason,
  });
  const update = { method: "pages" as const, bulkStatus: null, listed: 0, cursor: null };
  const switched = await db.$transaction(async (tx) => {
    const written = await tx.collectionListing.updateMany({ where: fenceOf(listing), data: update });
    if (written.count !== 1) return false;
    await tx.collectionListingProduct.deleteMany({ where: { listingId: listing.id } });
    return true;
  });
  if (!switched) return { kind: "done" };
  await wakeQueuedExports(db, listing.shop, step.now());
  return { kind: "pages", listing: { ...listing, ...update } };
}

/** Listings of the shop waiting for its export slot are looked at now instead of at their next poll. */
async function wakeQueuedExports(db: Db, shop: string, now: Date): Promise<void> {
  await db.collectionListing.updateMany({
    where: { shop, status: "listing", bulkStatus: "QUEUED", leaseOwner: null },
    // Claims take leases that ran out strictly before their now.
    data: { leaseUntil: new Date(now.getTime() - 1) },
  });
}

/**
 * Shopify says a bulk operation ended (bulk_operations/finish): the listing waiting on it is looked at now
 * rather than at its next poll. Only a released listing is touched (a lister holding it is already on it), and
 * a repeated or unknown webhook changes nothing that matters.
 */
export async function exportFinished(
  db: Pick<Db, "collectionListing">,
  input: { shop: string; operationId: string; status: string; now: Date },
): Promise<number> {
  const woken = await db.collectionListing.updateMany({
    where: { shop: input.shop, bulkOperationId: input.operationId, status: "listing", leaseOwner: null },
    data: { leaseUntil: new Date(input.now.getTime() - 1), bulkStatus: input.status },
  });
  return woken.count;
}

export type { ExportStatus };
