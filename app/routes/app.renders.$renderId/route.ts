import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { requireAdmin, timed } from "~/web/admin-request.server";
import { loadRenderDetail, renderDetailAction } from "./render-detail.server";
import { withBodyLimit } from "~/web/body-limits.server";
import { messageKey } from "~/lib/staff-message";

/**
 * JSON for the Review page's large view (loaded by a fetcher when it opens): the product's variants to attach
 * the image to, and the catalog and options for regenerating. No page of its own: its messages are keys of the
 * renderPage namespace, put in words where they are shown (Review's large view, History's stop-waiting dialog).
 */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(request);
  const detail = await timed("app.renders.$renderId", admin.shop, () =>
    loadRenderDetail(prisma, admin, params.renderId ?? ""),
  );
  if (!detail) return data({ ok: false as const, message: messageKey("renderPage:notFound") }, { status: 404 });
  return { ok: true as const, detail };
};

/** POST intent=stop-waiting: staff end a render whose job never finished (no resubmit). */
export const action = withBodyLimit("appForm", async ({ request, params }: ActionFunctionArgs) => {
  const admin = await requireAdmin(request);
  const result = await renderDetailAction(prisma, admin, params.renderId ?? "", await request.formData());
  return data(result, { status: result.ok ? 200 : 400 });
});
