import type { PrismaClient, RenderState } from "@prisma/client";
import { type LookView } from "~/looks/looks.server";
import { colourChoiceOf, type ColourChoiceView } from "~/renders/colour-variants/queue-colour-renders.server";
import { chooseSourceImages } from "~/catalog/source-images";
import type { AdminRequest } from "~/web/admin-request.server";
import { failure, type FormFailure } from "~/lib/validation";
import { toGid } from "~/lib/gid";
import { messageKey } from "~/lib/staff-message";
import { loadRenderForm, type RenderFormContext } from "~/web/render-form-context.server";
import { GENERATE_INTENTS, isGenerateIntent } from "./generate-intents.server";

type Db = PrismaClient;

export interface ProductPhotoView {
  mediaId: string;
  url: string;
  alt: string | null;
}

export interface RecentRenderView {
  id: string;
  state: RenderState;
  createdAt: string;
  creditsCost: number;
}

export type GeneratePageView =
  | { kind: "pick" }
  | { kind: "not_found"; productId: string }
  | ({
      kind: "product";
      product: { id: string; title: string; productType: string | null };
      photos: ProductPhotoView[];
      defaultFrontMediaId: string | null;
      defaultBackMediaId: string | null;
      /** The product's colours, when its variants differ by colour: "one shot per colour" is offered. */
      colourChoice: ColourChoiceView | null;
      recentRenders: RecentRenderView[];
    } & RenderFormContext);

export async function loadGeneratePage(db: Db, admin: AdminRequest, url: URL): Promise<GeneratePageView> {
  const requested = url.searchParams.get("productId");
  if (!requested) return { kind: "pick" };
  const productId = toGid("Product", requested);
  if (!productId) return { kind: "not_found", productId: requested };

  const [product, recent] = await Promise.all([
    admin.productSource.getProduct(productId),
    loadRecentRenders(db, admin.shop, productId),
  ]);
  if (!product) return { kind: "not_found", productId };
  const form = await loadRenderForm(db, admin.shop, product);
  const photos = product.photos.flatMap((photo) =>
    photo.url ? [{ mediaId: photo.mediaId, url: photo.url, alt: photo.alt }] : [],
  );
  const choice = chooseSourceImages(product.photos);
  return {
    kind: "product",
    product: { id: product.id, title: product.title, productType: product.productType },
    photos,
    defaultFrontMediaId: choice.ok ? choice.frontMediaId : null,
    defaultBackMediaId: choice.ok ? (choice.backMediaId ?? null) : null,
    colourChoice: colourChoiceOf(product),
    ...form,
    recentRenders: recent,
  };
}

/**
 * The product's five latest renders, read on their own by the card that shows them while any is in flight
 * (`?recent=1`), so the page's product and catalog are not read from Shopify again every few seconds.
 */
export async function loadRecentRenders(db: Db, shop: string, productId: string): Promise<RecentRenderView[]> {
  const recent = await db.render.findMany({
    where: { shop, productId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 5,
    select: { id: true, state: true, createdAt: true, creditsCost: true },
  });
  return recent.map((render) => ({
    id: render.id,
    state: render.state,
    createdAt: render.createdAt.toISOString(),
    creditsCost: render.creditsCost,
  }));
}

export async function loadRecentRendersFor(db: Db, shop: string, url: URL) {
  const productId = toGid("Product", url.searchParams.get("productId") ?? "");
  return { kind: "recent" as const, recentRenders: productId ? await loadRecentRenders(db, shop, productId) : [] };
}

export type GenerateActionResult =
  | {
      ok: true;
      intent: "generate";
      renderId: string;
      renderIds: string[];
      renderCount: number;
      /**
       * The confirmation's heading, an encoded message like `message`: "Render queued", "3 candidates queued",
       * "4 renders queued" (one per colour).
       */
      title: string;
      created: boolean;
      message: string;
    }
  | { ok: true; intent: "save-look"; look: LookView; message: string }
  | { ok: true; intent: "delete-look"; message: string }
  | (FormFailure & { intent: string });

/** POST with `intent` (generate by default): one handler per intent (generate-intents.server.ts). */
export async function generateAction(db: Db, admin: AdminRequest, formData: FormData): Promise<GenerateActionResult> {
  const intent = String(formData.get("intent") ?? "generate");
  if (!isGenerateIntent(intent)) return { ...failure({}, messageKey("common:errors.unavailable")), intent };
  return GENERATE_INTENTS[intent]({ db, admin, formData, intent });
}
