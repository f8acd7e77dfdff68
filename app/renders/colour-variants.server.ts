import type { PrismaClient, Render } from "@prisma/client";
import {
  colourPlanOf,
  colourPlanSentence,
  colourRequestKey,
  productColours,
  type ColourPlan,
  type ColourTarget,
} from "./colour-variants";
import { queueRender, queueRoomProblem, QueueFullError } from "./create-renders.server";
import type { ProductForRender } from "./product-source";
import type { RenderOptions } from "./render-options";

type Db = Pick<PrismaClient, "render" | "run" | "$transaction">;

/**
 * Queues one render per colour of one product (Generate, the product action): each colour's render from its own
 * photos, keyed by the request's key and the colour, so a retried request queues each colour once. The room for
 * all of them is checked first; a queue that fills meanwhile may leave some colours unqueued, which the same
 * request sent again adds.
 */
export async function queueColourRenders(
  db: Db,
  input: {
    shop: string;
    product: ProductForRender;
    targets: ColourTarget[];
    options: RenderOptions;
    requestKey: string;
    /** Candidates of each colour, 1 to 4: each colour's candidates stand side by side in Review. */
    candidates?: number;
    maxQueuedPerShop?: number;
  },
): Promise<{ renders: Render[]; created: number }> {
  const candidates = input.candidates ?? 1;
  const problem = await queueRoomProblem(db, input.shop, input.targets.length * candidates, input.maxQueuedPerShop);
  if (problem) throw new QueueFullError(problem);
  const renders: Render[] = [];
  let created = 0;
  for (const target of input.targets) {
    const queued = await queueRender(db, {
      shop: input.shop,
      product: input.product,
      images: target.images,
      options: input.options,
      variantColour: target.colour,
      requestKey: colourRequestKey(input.requestKey, target.colour.value),
      candidates,
      ...(input.maxQueuedPerShop ? { maxQueuedPerShop: input.maxQueuedPerShop } : {}),
    });
    renders.push(...queued.renders);
    if (queued.created) created += 1;
  }
  return { renders, created };
}

/** What a page shows of a product's colours before "one per colour" is chosen; null when it has none. */
export interface ColourChoiceView {
  optionName: string;
  /** Renders "one per colour" makes: the colours with a photo of their own, or 1 when it falls back. */
  renders: number;
  fallsBack: boolean;
  sentence: string | null;
  colours: Array<{ value: string; variantCount: number; photoUrl: string | null; ownPhoto: boolean }>;
}

export function colourChoiceOf(product: Pick<ProductForRender, "photos" | "variants">): ColourChoiceView | null {
  const colours = productColours(product);
  if (!colours) return null;
  const plan: ColourPlan = colourPlanOf(product);
  return {
    optionName: colours[0]?.optionName ?? "Color",
    renders: plan.kind === "per_colour" ? plan.targets.length : 1,
    fallsBack: plan.kind !== "per_colour",
    sentence: colourPlanSentence(plan),
    colours: colours.map((colour) => ({
      value: colour.value,
      variantCount: colour.variantIds.length,
      photoUrl: colour.photos[0]?.url ?? null,
      ownPhoto: colour.photos.length > 0,
    })),
  };
}
