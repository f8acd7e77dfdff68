import type { PrismaClient, Render } from "@prisma/client";
import {
  colourPlanOf,
  colourPlanSentence,
  colourRequestKey,
  type ColourPlan,
  type ColourTarget,
} from "./colour-variants";
import { productColours } from "~/catalog/colour-option";
import { queueRenderGroups, type QueueLimits } from "../lifecycle/queue-renders.server";
import type { ProductForRender } from "~/catalog/catalog-port";
import type { RenderOptions } from "~/looks/render-options";

type Db = Pick<PrismaClient, "render" | "run" | "$transaction">;

/**
 * Queues one render per colour of one product (Generate, the product action): each colour's render from its own
 * photos, keyed by the request's key and the colour. All colours are queued in one transaction or none (a full
 * queue refuses the whole request), and a retried request finds them and queues nothing more.
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
    limits: QueueLimits;
  },
): Promise<{ renders: Render[]; created: number }> {
  const { renders, created } = await queueRenderGroups(db, {
    shop: input.shop,
    product: input.product,
    options: input.options,
    groups: input.targets.map((target) => ({
      images: target.images,
      variantColour: target.colour,
      requestKey: colourRequestKey(input.requestKey, target.colour.value),
    })),
    ...(input.candidates ? { candidates: input.candidates } : {}),
    limits: input.limits,
  });
  return { renders, created: created ? input.targets.length : 0 };
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
