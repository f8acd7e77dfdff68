import type { Render, RenderState } from "@prisma/client";
import { productAdminUrl } from "../lib/gid";
import { RENDER_STATE_LABELS } from "./render-states";

/** What every list of renders starts a row with: the product (with its admin link) and the render's state in words. */
export interface RenderSummary {
  id: string;
  productId: string;
  productTitle: string;
  productUrl: string | null;
  state: RenderState;
  stateLabel: string;
}

export function renderSummaryOf(render: Pick<Render, "id" | "productId" | "productTitle" | "state">): RenderSummary {
  return {
    id: render.id,
    productId: render.productId,
    productTitle: render.productTitle,
    productUrl: productAdminUrl(render.productId),
    state: render.state,
    stateLabel: RENDER_STATE_LABELS[render.state],
  };
}
