import type { CollectionListing, PrismaClient } from "@prisma/client";
import { messageKey } from "~/lib/staff-message";
import {
  advanceExport,
  claimCollectionListing,
  abandonedExportOf,
  failListing,
  listingOwnerId,
  readListingPage,
} from "~/renders/runs/collection-listings.server";
import type { CollectionExport, ProductSource } from "~/catalog/catalog-port";
import { AdminApiError } from "~/shopify/admin-errors";
import { abortableSleep, type WorkerLogger } from "./tick-context";
import type { TransferGc } from "./transfer-gc";

export interface CollectionListerDeps {
  db: PrismaClient;
  productSourceFor(shop: string): Promise<ProductSource>;
  /** Shopify's bulk export of a collection (ADR 055); a listing reads pages only when that is refused or fails. */
  collectionExportFor(shop: string): Promise<CollectionExport>;
  /** How long until a bulk export's status is asked again when no bulk_operations/finish webhook comes. */
  exportPollMs?: number;
  now?: () => Date;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  logger?: WorkerLogger;
  /**
   * Held per page; a page may wait out Shopify's throttle (the Admin client's wait budget is 120 s), so longer
   * than that. A lister that dies leaves the listing to another after this.
   */
  leaseMs?: number;
  /** Sleep between looks for work when there is none. */
  idleMs?: number;
  owner?: string;
  /** Told the bytes of each stored batch of a bulk export (ADR 058). */
  transferGc?: TransferGc;
}

export interface CollectionLister {
  /** Takes one listing under way and reads it to its end; false when there was none to take. */
  runOnce(): Promise<boolean>;
  run(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Reads large collections from Shopify in the background (app/renders/runs/collection-listings.server.ts), one at a
 * time per process, beside the render worker: a listing mostly waits (for Shopify's bulk export, or its rate
 * limit), so it gets its own loop rather than a slot in the render tick. A listing waiting for its export is
 * released and taken again when the bulk_operations/finish webhook wakes it, or at its next poll.
 */
export function makeCollectionLister(deps: CollectionListerDeps): CollectionLister {
  const now = deps.now ?? (() => new Date());
  const sleep = deps.sleep ?? abortableSleep;
  const leaseMs = deps.leaseMs ?? 180_000;
  const owner = deps.owner ?? listingOwnerId();
  const shutdown = new AbortController();
  let running: Promise<void> | undefined;

  /** Best effort: the failure that got us here may be Shopify not answering, and then this fails too. */
  async function cancelAbandonedExport(listing: CollectionListing): Promise<void> {
    const operationId = abandonedExportOf(listing);
    if (!operationId) return;
    try {
      const cancelled = await (await deps.collectionExportFor(listing.shop)).cancel(operationId);
      if (!cancelled.ok)
        deps.logger?.info("bulk export not cancelled", { shop: listing.shop, operationId, reason: cancelled.reason });
    } catch (error) {
      deps.logger?.warn("cancelling a bulk export failed", { shop: listing.shop, operationId, error: String(error) });
    }
  }

  async function runOnce(): Promise<boolean> {
    let listing = await claimCollectionListing(deps.db, { owner, now: now(), leaseMs });
    if (!listing) return false;
    try {
      if (listing.method === "bulk") {
        const outcome = await advanceExport(deps.db, listing, {
          export: await deps.collectionExportFor(listing.shop),
          now,
          leaseMs,
          pollMs: deps.exportPollMs ?? 10_000,
          ...(deps.logger ? { logger: deps.logger } : {}),
          ...(deps.transferGc ? { transferGc: deps.transferGc } : {}),
        });
        if (outcome.kind === "done") return true;
        listing = outcome.listing;
      }
      const source = await deps.productSourceFor(listing.shop);
      while (listing.status === "listing" && !shutdown.signal.aborted) {
        const next = await readListingPage(deps.db, listing, { source, now, leaseMs });
        // Taken over (a preview restarted it, or our lease ran out): nothing was written; leave it.
        if (!next) return true;
        listing = next;
      }
      if (listing.status === "listing") {
        // Stopping: hand the listing back so another process carries on from its cursor.
        await deps.db.collectionListing.updateMany({
          where: { id: listing.id, leaseToken: listing.leaseToken },
          data: { leaseOwner: null, leaseUntil: null },
        });
      }
    } catch (error) {
      deps.logger?.warn("reading a collection failed", {
        shop: listing.shop,
        collectionId: listing.collectionId,
        error: String(error),
      });
      const message =
        error instanceof AdminApiError
          ? messageKey("messages:listing.shopifyUnexpected")
          : messageKey("messages:listing.unreadable");
      if (await failListing(deps.db, listing, message, now())) await cancelAbandonedExport(listing);
    }
    return true;
  }

  return {
    runOnce,
    run() {
      running ??= (async () => {
        while (!shutdown.signal.aborted) {
          let worked = false;
          try {
            worked = await runOnce();
          } catch (error) {
            deps.logger?.error("collection lister error", { error: String(error) });
          }
          if (!worked) await sleep(deps.idleMs ?? 1_000, shutdown.signal);
        }
      })();
      return running;
    },
    async stop() {
      shutdown.abort();
      await running;
    },
  };
}
