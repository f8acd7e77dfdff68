import type { LoaderFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { renderStatus } from "./render-status.server";
import { requireAdmin } from "~/web/admin-request.server";
import { apiResponse } from "~/web/api-response.server";

/**
 * GET /api/render-status?ids=a,b: where the product action's renders are, asked every few seconds by its dialog
 * until they reach review or fail. authenticate.admin verifies the session token (and answers CORS preflights).
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(request);
  return apiResponse(admin, await renderStatus(prisma, admin.shop, new URL(request.url)), request);
};
