import type { Render, RenderState } from "@prisma/client";
import { productAdminUrl } from "~/lib/gid";
import { colourLabelOf, variantColourOf } from "../lifecycle/variant-colour";

/** What every list of renders starts a row with: the product (with its admin link) and the render's state (the screens word it from states.json). */
export interface RenderSummary {
  id: string;
  productId: string;
  productTitle: string;
  productUrl: string | null;
  /** "Color: Red" for a render of one colour (one shot per colour), shown beside the title; null otherwise. */
  colourLabel: string | null;
  state: RenderState;
}

export function renderSummaryOf(
  render: Pick<Render, "id" | "productId" | "productTitle" | "state"> & Partial<Pick<Render, "variantColour">>,
): RenderSummary {
  return {
    id: render.id,
    productId: render.productId,
    productTitle: render.productTitle,
    productUrl: productAdminUrl(render.productId),
    colourLabel: colourLabelOf(variantColourOf(render.variantColour)),
    state: render.state,
  };
}
