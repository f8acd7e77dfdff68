import { createHash, randomUUID } from "node:crypto";
import type { Prisma, PrismaClient, Render } from "@prisma/client";
import type { ProductForRender } from "~/catalog/catalog-port";
import { creditsForJob } from "~/tryon/cost";
import { jobInputFor, type RenderOptions, type SourceImages } from "~/looks/render-options";
import { env } from "~/env.server";
import { isUniqueViolation } from "./render-store.server";
import type { VariantColour } from "./variant-colour";
import { messageKey } from "~/lib/staff-message";

type Db = Pick<PrismaClient, "render" | "run" | "$transaction">;

/** The look's identity: the same options give the same key, whatever their order. */
export function lookKeyOf(options: RenderOptions): string {
  const canonical = JSON.stringify(Object.fromEntries(Object.entries(options).sort(([a], [b]) => a.localeCompare(b))));
  return createHash("sha256").update(canonical).digest("hex").slice(0, 32);
}

export function renderRow(
  shop: string,
  product: ProductForRender,
  images: SourceImages,
  options: RenderOptions,
  extra: {
    runId?: string;
    requestKey?: string;
    regeneratedFromId?: string;
    candidate?: { group: string; index: number };
    variantColour?: VariantColour | null;
  },
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
    ...(extra.candidate ? { candidateGroup: extra.candidate.group, candidateIndex: extra.candidate.index } : {}),
    // One shot per colour (colour-variants.ts): the colour, and the variants publishing puts the render on.
    ...(extra.variantColour ? { variantColour: extra.variantColour as unknown as Prisma.InputJsonValue } : {}),
  };
}

/**
 * The candidate numbering of `count` renders of one product made together: none for one render, else a new group
 * numbered 1…count. A regenerated candidate instead joins its original's group (regenerateRender).
 */
export function candidatesOf(count: number): Array<{ group: string; index: number } | undefined> {
  if (count <= 1) return [undefined];
  const group = randomUUID();
  return Array.from({ length: count }, (_, index) => ({ group, index: index + 1 }));
}

/**
 * How many renders may wait in one shop's queue. The worker's claim costs the same whatever the backlog; the cap
 * keeps one shop from filling the database with work it will take days to do. Every function that queues takes it
 * as a required input, and checks it under the shop's queue lock (reserveQueueRoom): a path that forgot it would not
 * compile (docs/decisions/066-queue-limits-required.md).
 */
export interface QueueLimits {
  maxQueuedPerShop: number;
}

/** The app's limits: MAX_QUEUED_PER_SHOP, parsed once at boot (its default is written there only). */
export const appQueueLimits = (): QueueLimits => ({ maxQueuedPerShop: env().MAX_QUEUED_PER_SHOP });

/** A run or render refused because the shop's queue is full; `message` is written for staff. */
export class QueueFullError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "QueueFullError";
  }
}

/** Null when `adding` more renders fit in the shop's queue, else the sentence staff see. */
export async function queueRoomProblem(
  db: Pick<PrismaClient, "render">,
  shop: string,
  adding: number,
  limits: QueueLimits,
): Promise<string | null> {
  if (adding === 0) return null;
  const queued = await db.render.count({ where: { shop, state: "queued" } });
  if (queued + adding <= limits.maxQueuedPerShop) return null;
  // A message key (messages.json), worded in the staff member's language where it is shown.
  return messageKey("messages:queue.full", { count: adding, queued, max: limits.maxQueuedPerShop });
}

/** Serialises queue-room checks of one shop, so two requests cannot both fill the last of its room. */
export const lockShopQueue = (tx: Prisma.TransactionClient, shop: string) =>
  tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${"queue:" + shop}))`;

/**
 * The one check every queueing path makes, inside the transaction that creates the renders: takes the shop's queue
 * lock (held until commit) and throws QueueFullError when `adding` renders do not fit.
 */
export async function reserveQueueRoom(
  tx: Prisma.TransactionClient,
  shop: string,
  adding: number,
  limits: QueueLimits,
): Promise<void> {
  await lockShopQueue(tx, shop);
  const problem = await queueRoomProblem(tx, shop, adding, limits);
  if (problem) throw new QueueFullError(problem);
}

/** The render an earlier create request with this key made, if any (the key is the client's idempotency key). */
export function renderForRequestKey(
  db: Pick<PrismaClient, "render">,
  shop: string,
  requestKey: string,
): Promise<Render | null> {
  return db.render.findUnique({ where: { shop_requestKey: { shop, requestKey } } });
}

/**
 * Creates a row once per request key: a retried or double-clicked request gets the row the first one made,
 * whether it is found before creating or the unique index refuses a twin created meanwhile.
 */
export async function oncePerRequestKey<T>(
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
 * Queues one render, or `candidates` renders of the product side by side (each its own submit and charge).
 * `requestKey` (the client's idempotency key) makes a retried or double-clicked request return the renders the
 * first one created instead of queueing (and paying for) more: the key is held by the first candidate, and all
 * candidates are created in one transaction, so finding it means finding them all.
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
    /** 1 to 4 (MAX_CANDIDATES); the caller has validated it. */
    candidates?: number;
    /** Join an existing group as this number (a regenerated candidate), instead of numbering a new one. */
    joinCandidateGroup?: { group: string; index: number };
    variantColour?: VariantColour | null;
    limits: QueueLimits;
  },
): Promise<{ render: Render; renders: Render[]; created: boolean }> {
  const numbering = input.joinCandidateGroup ? [input.joinCandidateGroup] : candidatesOf(input.candidates ?? 1);
  const { row, created } = await oncePerRequestKey(
    input.requestKey,
    (requestKey) => renderForRequestKey(db, input.shop, requestKey),
    () =>
      db.$transaction((tx) =>
        createQueued(
          tx,
          input.shop,
          numbering.map((candidate, position) =>
            renderRow(input.shop, input.product, input.images, input.options, {
              ...(position === 0 && input.requestKey ? { requestKey: input.requestKey } : {}),
              ...(input.regeneratedFromId ? { regeneratedFromId: input.regeneratedFromId } : {}),
              ...(input.variantColour ? { variantColour: input.variantColour } : {}),
              ...(candidate ? { candidate } : {}),
            }),
          ),
          input.limits,
        ),
      ),
  );
  const renders = await candidatesBeside(db, row);
  return { render: row, renders, created };
}

/** One group of renders of a product: its photos, its colour, and the request key its first render holds. */
export interface RenderGroupRequest {
  images: SourceImages;
  variantColour: VariantColour | null;
  requestKey: string;
}

/**
 * Queues several groups of renders of one product (one shot per colour: a group per colour, each of `candidates`
 * renders) all or none, in one transaction, checked against the queue's room as a whole. Each group's first render
 * holds that group's key; a retried request finds them and queues nothing more.
 */
export async function queueRenderGroups(
  db: Db,
  input: {
    shop: string;
    product: ProductForRender;
    options: RenderOptions;
    groups: RenderGroupRequest[];
    /** 1 to 4 per group (MAX_CANDIDATES); the caller has validated it. */
    candidates?: number;
    limits: QueueLimits;
  },
): Promise<{ renders: Render[]; created: boolean }> {
  const keys = input.groups.map((group) => group.requestKey);
  if (keys.length === 0) return { renders: [], created: false };
  const { created } = await oncePerRequestKey(
    keys[0],
    // All groups are made together, so any key found means the request was carried out.
    () => db.render.findFirst({ where: { shop: input.shop, requestKey: { in: keys } } }),
    () =>
      db.$transaction((tx) =>
        createQueued(
          tx,
          input.shop,
          input.groups.flatMap((group) =>
            candidatesOf(input.candidates ?? 1).map((candidate, position) =>
              renderRow(input.shop, input.product, group.images, input.options, {
                ...(position === 0 ? { requestKey: group.requestKey } : {}),
                ...(group.variantColour ? { variantColour: group.variantColour } : {}),
                ...(candidate ? { candidate } : {}),
              }),
            ),
          ),
          input.limits,
        ),
      ),
  );
  const renders: Render[] = [];
  for (const key of keys) {
    const first = await renderForRequestKey(db, input.shop, key);
    if (first) renders.push(...(await candidatesBeside(db, first)));
  }
  return { renders, created };
}

/** Creates queued renders under the shop's queue lock, after checking they all fit; returns the first. */
async function createQueued(
  tx: Prisma.TransactionClient,
  shop: string,
  rows: Prisma.RenderCreateManyInput[],
  limits: QueueLimits,
): Promise<Render> {
  await reserveQueueRoom(tx, shop, rows.length, limits);
  const [first, ...others] = rows;
  const render = await tx.render.create({ data: first as Prisma.RenderUncheckedCreateInput });
  if (others.length > 0) await tx.render.createMany({ data: others });
  return render;
}

/** The render and its fellow candidates (made with it), in candidate order; the render alone when it has none. */
export async function candidatesBeside(db: Pick<PrismaClient, "render">, render: Render): Promise<Render[]> {
  if (!render.candidateGroup) return [render];
  return db.render.findMany({
    where: { shop: render.shop, candidateGroup: render.candidateGroup },
    orderBy: [{ candidateIndex: "asc" }, { id: "asc" }],
  });
}
