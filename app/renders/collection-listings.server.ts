import { randomUUID } from "node:crypto";
import type { CollectionListing, Prisma, PrismaClient } from "@prisma/client";
import { z } from "zod";
import type { ProductForRender, ProductSource } from "./product-source";

/**
 * Large collections are read from Shopify by the worker, page by page, instead of inside a staff request: at the
 * Standard plan's rate 1,000 products take about 97 s (docs/benchmarks.md, benchmark 5). Planning a run then reads
 * the stored products. A listing is resumable from its cursor and fenced by a lease, like a render.
 */

type Db = Pick<PrismaClient, "collectionListing" | "collectionListingProduct" | "$transaction" | "$queryRaw">;

/** A finished listing plans runs for this long; after it, the collection is read again. */
export const LISTING_FRESH_MS = 15 * 60_000;

export type ListingState =
  | { status: "ready"; products: ProductForRender[] }
  | { status: "listing"; listed: number; expected: number }
  | { status: "failed"; message: string };

const photoSchema = z.object({ mediaId: z.string(), url: z.string().nullable(), alt: z.string().nullable() });
const storedProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  productType: z.string().nullable(),
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
    return { status: "listing", listed: existing.listed, expected: existing.expected };
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
        finishedAt: null,
        leaseOwner: null,
        leaseUntil: null,
        leaseToken: { increment: 1 },
      },
    });
  });
  if (existing?.status === "failed")
    return { status: "failed", message: existing.error ?? "Reading the collection from Shopify failed." };
  return { status: "listing", listed: 0, expected: input.expected };
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
          error: "The collection no longer exists in Shopify.",
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

/** Gives up on a listing with a reason staff can read; fenced like every other write. */
export async function failListing(db: Db, listing: CollectionListing, message: string, now: Date): Promise<void> {
  await db.collectionListing.updateMany({
    where: { id: listing.id, leaseToken: listing.leaseToken, status: "listing" },
    data: { status: "failed", error: message, leaseOwner: null, leaseUntil: null, finishedAt: now },
  });
}

/** A worker id for listing leases when the caller has none. */
export const listingOwnerId = () => `lister-${process.pid}-${randomUUID().slice(0, 8)}`;
