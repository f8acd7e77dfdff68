import { createHash } from "node:crypto";
import type { Prisma, PrismaClient, Render, Run } from "@prisma/client";
import type { ProductForRender } from "./product-source";
import { creditsForJob } from "../tryon/cost";
import { jobInputFor, type RenderOptions, type SourceImages } from "./render-options";
import type { RunPlan } from "./plan-run.server";
import { isUniqueViolation } from "./render-store.server";
import type { VariantColour } from "./colour-variants";

type Db = Pick<PrismaClient, "render" | "run" | "$transaction">;

/** The look's identity: the same options give the same key, whatever their order. */
export function lookKeyOf(options: RenderOptions): string {
  const canonical = JSON.stringify(Object.fromEntries(Object.entries(options).sort(([a], [b]) => a.localeCompare(b))));
  return createHash("sha256").update(canonical).digest("hex").slice(0, 32);
}

function renderRow(
  shop: string,
  product: ProductForRender,
  images: SourceImages,
  options: RenderOptions,
  extra: { runId?: string; requestKey?: string; regeneratedFromId?: string; variantColour?: VariantColour | null },
): Prisma.RenderCreateManyInput {
  const params = jobInputFor(options, images);
  return {
    shop,
    productId: product.id,
    productTitle: product.title,
    sourceImages: images as unknown as Prisma.InputJsonValue,
    params: params as unknown as Prisma.InputJsonValue,
    resolution: options.resolution,
    lookKey: lookKeyOf(options),
    creditsCost: creditsForJob(options.resolution),
    ...(extra.runId ? { runId: extra.runId } : {}),
    ...(extra.requestKey ? { requestKey: extra.requestKey } : {}),
    ...(extra.regeneratedFromId ? { regeneratedFromId: extra.regeneratedFromId } : {}),
    // One shot per colour (colour-variants.ts): the colour, and the variants publishing puts the render on.
    ...(extra.variantColour ? { variantColour: extra.variantColour as unknown as Prisma.InputJsonValue } : {}),
  };
}

/**
 * How many renders may wait in one shop's queue (the app's MAX_QUEUED_PER_SHOP). The worker's claim costs the
 * same whatever the backlog; the cap keeps one shop from filling the database with work it will take days to do.
 */
export const DEFAULT_MAX_QUEUED_PER_SHOP = 50_000;

/** A run or render refused because the shop's queue is full; `message` is written for staff. */
export class QueueFullError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "QueueFullError";
  }
}

const count = (value: number) => value.toLocaleString("en-US");

/** Null when `adding` more renders fit in the shop's queue, else the sentence staff see. */
export async function queueRoomProblem(
  db: Pick<PrismaClient, "render">,
  shop: string,
  adding: number,
  maxQueued: number = DEFAULT_MAX_QUEUED_PER_SHOP,
): Promise<string | null> {
  if (adding === 0) return null;
  const queued = await db.render.count({ where: { shop, state: "queued" } });
  if (queued + adding <= maxQueued) return null;
  return (
    `This would add ${count(adding)} ${adding === 1 ? "render" : "renders"} to a queue that already has ${count(queued)} waiting; ` +
    `at most ${count(maxQueued)} may wait at once. Start it when more of the queue is done, or choose fewer products.`
  );
}

/** Serialises queue-room checks of one shop, so two requests cannot both fill the last of its room. */
const lockShopQueue = (tx: Prisma.TransactionClient, shop: string) =>
  tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${"queue:" + shop}))`;

/** The render an earlier create request with this key made, if any (the key is the client's idempotency key). */
export function renderForRequestKey(
  db: Pick<PrismaClient, "render">,
  shop: string,
  requestKey: string,
): Promise<Render | null> {
  return db.render.findUnique({ where: { shop_requestKey: { shop, requestKey } } });
}

/** The run an earlier start request with this key made, if any. */
export function runForRequestKey(db: Pick<PrismaClient, "run">, shop: string, requestKey: string): Promise<Run | null> {
  return db.run.findUnique({ where: { shop_requestKey: { shop, requestKey } } });
}

/**
 * Creates a row once per request key: a retried or double-clicked request gets the row the first one made,
 * whether it is found before creating or the unique index refuses a twin created meanwhile.
 */
async function oncePerRequestKey<T>(
  requestKey: string | undefined,
  existing: (requestKey: string) => Promise<T | null>,
  create: () => Promise<T>,
): Promise<{ row: T; created: boolean }> {
  const earlier = requestKey ? await existing(requestKey) : null;
  if (earlier) return { row: earlier, created: false };
  try {
    return { row: await create(), created: true };
  } catch (error) {
    const twin = requestKey && isUniqueViolation(error) ? await existing(requestKey) : null;
    if (twin) return { row: twin, created: false };
    throw error;
  }
}

/**
 * Queues one render. `requestKey` (the client's idempotency key) makes a retried or double-clicked request
 * return the render the first one created instead of queueing (and paying for) a second.
 */
export async function queueRender(
  db: Db,
  input: {
    shop: string;
    product: ProductForRender;
    images: SourceImages;
    options: RenderOptions;
    requestKey?: string;
    regeneratedFromId?: string;
    variantColour?: VariantColour | null;
    maxQueuedPerShop?: number;
  },
): Promise<{ render: Render; created: boolean }> {
  const { row, created } = await oncePerRequestKey(
    input.requestKey,
    (requestKey) => renderForRequestKey(db, input.shop, requestKey),
    () =>
      db.$transaction(async (tx) => {
        await lockShopQueue(tx, input.shop);
        const problem = await queueRoomProblem(tx, input.shop, 1, input.maxQueuedPerShop);
        if (problem) throw new QueueFullError(problem);
        return tx.render.create({
          data: renderRow(
            input.shop,
            input.product,
            input.images,
            input.options,
            input,
          ) as Prisma.RenderUncheckedCreateInput,
        });
      }),
  );
  return { render: row, created };
}

/**
 * Starts a bulk run from a plan: the run and all its renders in one transaction, idempotent by `requestKey`.
 * Throws QueueFullError when the shop's queue has no room for the plan (planScope says so before this).
 */
export async function startRun(
  db: Db,
  input: {
    shop: string;
    plan: RunPlan;
    options: RenderOptions;
    scope: Record<string, unknown>;
    budgetCredits?: number | null;
    requestKey?: string;
    createdBy?: string;
    maxQueuedPerShop?: number;
  },
): Promise<{ run: Run; created: boolean }> {
  const { row, created } = await oncePerRequestKey(
    input.requestKey,
    (requestKey) => runForRequestKey(db, input.shop, requestKey),
    () =>
      db.$transaction(async (tx) => {
        await lockShopQueue(tx, input.shop);
        const problem = await queueRoomProblem(tx, input.shop, input.plan.eligible.length, input.maxQueuedPerShop);
        if (problem) throw new QueueFullError(problem);
        const run = await tx.run.create({
          data: {
            shop: input.shop,
            scope: input.scope as Prisma.InputJsonValue,
            options: input.options as unknown as Prisma.InputJsonValue,
            estimateCredits: input.plan.estimateCredits,
            budgetCredits: input.budgetCredits ?? null,
            ...(input.requestKey ? { requestKey: input.requestKey } : {}),
            ...(input.createdBy ? { createdBy: input.createdBy } : {}),
            ...(input.plan.eligible.length === 0 ? { status: "completed", completedAt: new Date() } : {}),
          },
        });
        await tx.render.createMany({
          data: input.plan.eligible.map(({ product, images, options, variantColour }) =>
            renderRow(input.shop, product, images, options, { runId: run.id, variantColour }),
          ),
        });
        return run;
      }),
  );
  return { run: row, created };
}
