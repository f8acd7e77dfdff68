import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { createRenderFromExtension } from "./create-render.server";
import { preflightOnlyLoader, requireAdmin } from "~/web/admin-request.server";
import { apiResponse } from "~/web/api-response.server";
import { withBodyLimit } from "~/web/body-limits.server";

/** POST /api/renders { productId, requestKey, lookId? }: queues one render, once per requestKey. */
export const action = withBodyLimit("extensionApi", async ({ request }: ActionFunctionArgs) => {
  const admin = await requireAdmin(request);
  return apiResponse(admin, await createRenderFromExtension(prisma, admin, request), request);
});

// Answers the extension's CORS preflight.
export const loader = preflightOnlyLoader;
