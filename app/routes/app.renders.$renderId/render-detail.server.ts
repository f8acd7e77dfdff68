import type { PrismaClient } from "@prisma/client";
import { z } from "zod";
import { optionFieldsOf } from "~/looks/render-options";
import { formValuesOf, type RenderOptionsFormValues } from "~/web/render-options-form";
import { ReviewError, stopWaiting } from "~/renders/review/review-actions.server";
import { tryOnClientFor } from "~/settings/tryon-client.server";
import { loadCatalog, type CatalogResult } from "~/tryon/catalog-view";
import { creditsForJob } from "~/tryon/cost";
import type { AdminRequest } from "~/web/admin-request.server";
import { altTextLocale, suggestedAltText } from "~/renders/review/alt-text";
import { variantColourOf } from "~/renders/lifecycle/variant-colour";
import { messageKey } from "~/lib/staff-message";

type Db = PrismaClient;

export interface RenderDetailView {
  id: string;
  productId: string;
  variants: Array<{ id: string; title: string }>;
  productExists: boolean;
  catalog: CatalogResult;
  options: RenderOptionsFormValues;
  creditsPerRender: Record<string, number>;
  /** How many images the product has now: the places the approved image can take. */
  mediaCount: number;
  /** The alt text offered when approving, in the shop's primary language; staff edit it. */
  altSuggestion: string;
}

/** What the approve and regenerate forms need for one render: its product's variants and the catalog. */
export async function loadRenderDetail(
  db: Db,
  admin: AdminRequest,
  renderId: string,
): Promise<RenderDetailView | null> {
  const render = await db.render.findFirst({ where: { id: renderId, shop: admin.shop } });
  if (!render) return null;
  const settings = await db.shopSettings.findUnique({ where: { shop: admin.shop } });
  const [product, catalog, media, locale] = await Promise.all([
    admin.productSource.getProduct(render.productId).catch(() => null),
    loadCatalog(tryOnClientFor(settings)),
    admin.renderMedia.productMedia(render.productId).catch(() => null),
    // A shop whose languages cannot be read gets the suggestion in English; staff can rewrite it.
    altTextLocale(admin.readPrimaryLocale),
  ]);
  return {
    id: render.id,
    productId: render.productId,
    variants: product?.variants ?? [],
    productExists: product !== null,
    catalog,
    options: formValuesOf(optionFieldsOf(render.params)),
    creditsPerRender: { "2K": creditsForJob("2K"), "4K": creditsForJob("4K") },
    mediaCount: media?.mediaIds.filter((id) => id !== render.fileId).length ?? 0,
    altSuggestion: suggestedAltText(locale, render.productTitle, variantColourOf(render.variantColour)?.value ?? null),
  };
}

const stopWaitingSchema = z.object({ intent: z.literal("stop-waiting") });

/**
 * Staff stop waiting for a job that never finished (stalled, or given up on past its maximum age: ADR 044). The
 * answer is a message key (renderPage namespace) or a ReviewError's message, put in words by the page (`say`).
 */
export async function renderDetailAction(
  db: Db,
  admin: { shop: string; staff: string },
  renderId: string,
  formData: FormData,
): Promise<{ ok: true; message: string } | { ok: false; message: string }> {
  const parsed = stopWaitingSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return { ok: false, message: messageKey("renderPage:unknownAction") };
  try {
    await stopWaiting(db, { shop: admin.shop, renderId, reviewer: admin.staff });
    return { ok: true, message: messageKey("renderPage:stoppedWaiting") };
  } catch (error) {
    if (error instanceof ReviewError) return { ok: false, message: error.message };
    throw error;
  }
}
