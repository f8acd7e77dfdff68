import { createHash } from "node:crypto";
import { Prisma, type PrismaClient, type Render, type Run } from "@prisma/client";
import { guessGarment } from "./garment-guess";
import type { ProductForRender, ProductSource } from "./product-source";
import { jobInputFor, renderCost, type RenderOptions, type SourceImages } from "./render-options";
import { chooseSourceImages } from "./source-images";

type Db = Pick<PrismaClient, "render" | "run" | "$transaction">;

/** The look's identity: the same options give the same key, whatever their order. */
export function lookKeyOf(options: RenderOptions): string {
  const canonical = JSON.stringify(Object.fromEntries(Object.entries(options).sort(([a], [b]) => a.localeCompare(b))));
  return createHash("sha256").update(canonical).digest("hex").slice(0, 32);
}

export type SkipReason = "no_image" | "image_unusable" | "already_approved" | "product_not_found" | "no_pose";

export const SKIP_REASON_TEXT: Record<SkipReason, string> = {
  no_image: "The product has no photo to dress the model in.",
  image_unusable: "The product's photo cannot be used (not a JPEG, PNG or WebP, or over 10 MB).",
  already_approved: "The product already has an approved render with this look. Choose \"Regenerate\" to make another.",
  product_not_found: "The product no longer exists.",
  no_pose: "The try-on service has no pose for this kind of garment.",
};

export interface PlannedRender {
  product: ProductForRender;
  images: SourceImages;
  /** The run's options, with this product's garment type (and a pose that suits it) when garments are detected. */
  options: RenderOptions;
}

export interface RunPlan {
  eligible: PlannedRender[];
  skipped: Array<{ productId: string; title: string; reason: SkipReason; detail?: string }>;
  creditsPerRender: number;
  estimateCredits: number;
}

export interface PlanOptions {
  shop: string;
  options: RenderOptions;
  /** Also render products that already have an approved render of this look. */
  regenerate: boolean;
  /** Checks an image URL before credits are planned for it; returns a reason when it cannot be used. */
  checkImage?: (url: string) => Promise<string | null>;
  /**
   * Render each product as the garment its Shopify product type or title says (the options' type when it says
   * nothing), keeping the chosen pose where it suits that garment and otherwise taking the first that does.
   */
  detectGarments?: { posesFor: (productType: string) => string[] };
}

/** The options one product is rendered with: a mixed collection's trousers must not be sent as a top. */
export function optionsForProduct(
  options: RenderOptions,
  product: Pick<ProductForRender, "productType" | "title">,
  detect: PlanOptions["detectGarments"],
): RenderOptions | null {
  if (!detect) return options;
  const guess = guessGarment(product);
  if (!guess) return options;
  const sameType = guess.productType === options.productType;
  const poses = sameType ? [options.poseId] : detect.posesFor(guess.productType);
  const poseId = poses.includes(options.poseId) ? options.poseId : poses[0];
  if (!poseId) return null;
  // The product's own category when it says one ("shirt" in a run of tees); the chosen one only for the same type.
  const productCategory = guess.productCategory ?? (sameType ? options.productCategory : undefined);
  const { productCategory: _chosen, ...rest } = options;
  return { ...rest, productType: guess.productType, ...(productCategory ? { productCategory } : {}), poseId };
}

function imagesFor(product: ProductForRender): SourceImages | null {
  const choice = chooseSourceImages(product.photos);
  if (!choice.ok) return null;
  return {
    front: [choice.frontUrl],
    ...(choice.backUrl ? { back: choice.backUrl } : {}),
    mediaIds: [choice.frontMediaId, ...(choice.backMediaId ? [choice.backMediaId] : [])],
  };
}

/**
 * Decides, before anything is spent, which products a bulk run will render and why the others are skipped,
 * with the credit estimate. Approved renders of the same look are found in one indexed query.
 */
export async function planRun(db: Db, products: ProductForRender[], plan: PlanOptions): Promise<RunPlan> {
  const perProduct = new Map(products.map((product) => [product.id, optionsForProduct(plan.options, product, plan.detectGarments)]));
  const lookKeys = new Map([...perProduct].flatMap(([id, options]) => (options ? [[id, lookKeyOf(options)] as const] : [])));
  // "Already approved with this look" is per product: with detected garments, products differ in their look.
  const approved = plan.regenerate
    ? new Set<string>()
    : new Set(
        (
          await db.render.findMany({
            where: {
              shop: plan.shop,
              lookKey: { in: [...new Set(lookKeys.values())] },
              productId: { in: products.map((product) => product.id) },
              state: { in: ["publishing", "published"] },
            },
            select: { productId: true, lookKey: true },
          })
        )
          .filter((row) => lookKeys.get(row.productId) === row.lookKey)
          .map((row) => row.productId),
      );
  const result: RunPlan = { eligible: [], skipped: [], creditsPerRender: renderCost(plan.options), estimateCredits: 0 };
  for (const product of products) {
    const skip = (reason: SkipReason, detail?: string) =>
      result.skipped.push({ productId: product.id, title: product.title, reason, ...(detail ? { detail } : {}) });
    const options = perProduct.get(product.id);
    if (!options) {
      skip("no_pose", guessGarment(product)?.productType);
      continue;
    }
    if (approved.has(product.id)) {
      skip("already_approved");
      continue;
    }
    const images = imagesFor(product);
    if (!images) {
      skip("no_image");
      continue;
    }
    const problem = plan.checkImage ? await plan.checkImage(images.front[0] as string) : null;
    if (problem) {
      skip("image_unusable", problem);
      continue;
    }
    result.eligible.push({ product, images, options });
  }
  result.estimateCredits = result.eligible.length * result.creditsPerRender;
  return result;
}

/** Collects every product of a run's scope from Shopify. */
export async function productsInScope(
  source: ProductSource,
  scope: { kind: "collection"; collectionId: string } | { kind: "products"; productIds: string[] },
): Promise<ProductForRender[]> {
  if (scope.kind === "products") {
    const products = await Promise.all(scope.productIds.map((id) => source.getProduct(id)));
    return products.filter((product): product is ProductForRender => product !== null);
  }
  const products: ProductForRender[] = [];
  for await (const product of source.collectionProducts(scope.collectionId)) products.push(product);
  return products;
}

function renderRow(
  shop: string,
  product: ProductForRender,
  images: SourceImages,
  options: RenderOptions,
  extra: { runId?: string; requestKey?: string; regeneratedFromId?: string },
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
    creditsCost: renderCost(options),
    ...(extra.runId ? { runId: extra.runId } : {}),
    ...(extra.requestKey ? { requestKey: extra.requestKey } : {}),
    ...(extra.regeneratedFromId ? { regeneratedFromId: extra.regeneratedFromId } : {}),
  };
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/**
 * Queues one render. `requestKey` (the client's idempotency key) makes a retried or double-clicked request
 * return the render the first one created instead of queueing (and paying for) a second.
 */
export async function queueRender(
  db: Db,
  input: { shop: string; product: ProductForRender; images: SourceImages; options: RenderOptions; requestKey?: string; regeneratedFromId?: string },
): Promise<{ render: Render; created: boolean }> {
  if (input.requestKey) {
    const existing = await db.render.findUnique({ where: { shop_requestKey: { shop: input.shop, requestKey: input.requestKey } } });
    if (existing) return { render: existing, created: false };
  }
  try {
    const render = await db.render.create({
      data: renderRow(input.shop, input.product, input.images, input.options, input) as Prisma.RenderUncheckedCreateInput,
    });
    return { render, created: true };
  } catch (error) {
    if (input.requestKey && isUniqueViolation(error)) {
      const render = await db.render.findUniqueOrThrow({ where: { shop_requestKey: { shop: input.shop, requestKey: input.requestKey } } });
      return { render, created: false };
    }
    throw error;
  }
}

/** Starts a bulk run from a plan: the run and all its renders in one transaction, idempotent by `requestKey`. */
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
  },
): Promise<{ run: Run; created: boolean }> {
  if (input.requestKey) {
    const existing = await db.run.findUnique({ where: { shop_requestKey: { shop: input.shop, requestKey: input.requestKey } } });
    if (existing) return { run: existing, created: false };
  }
  try {
    const run = await db.$transaction(async (tx) => {
      const created = await tx.run.create({
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
        data: input.plan.eligible.map(({ product, images, options }) =>
          renderRow(input.shop, product, images, options, { runId: created.id }),
        ),
      });
      return created;
    });
    return { run, created: true };
  } catch (error) {
    if (input.requestKey && isUniqueViolation(error)) {
      const run = await db.run.findUniqueOrThrow({ where: { shop_requestKey: { shop: input.shop, requestKey: input.requestKey } } });
      return { run, created: false };
    }
    throw error;
  }
}
