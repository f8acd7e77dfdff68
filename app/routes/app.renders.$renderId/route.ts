import { json, type LoaderFunctionArgs } from "@remix-run/node";
import prisma from "../../db.server";
import { requireAdmin, timed } from "../../web/admin-request.server";
import { loadRenderDetail } from "./render-detail.server";

/**
 * JSON for the Review page's large view (loaded by a fetcher when it opens): the product's variants to attach
 * the image to, and the catalog and options for regenerating. No page of its own.
 */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(request);
  const detail = await timed("app.renders.$renderId", admin.shop, () =>
    loadRenderDetail(prisma, admin, params.renderId ?? ""),
  );
  if (!detail) return json({ ok: false as const, message: "This render does not exist." }, { status: 404 });
  return json({ ok: true as const, detail });
};
