import type { LoaderFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { productSummary } from "./product-summary.server";
import { requireAdmin, timed } from "~/web/admin-request.server";
import { apiResponse } from "~/web/api-response.server";

/**
 * GET /api/product-summary?productId=gid: for the product details action, what it will render and what it costs.
 * authenticate.admin verifies the extension's session token (and answers CORS preflights itself).
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(request);
  return apiResponse(
    admin,
    await timed("api.product-summary", admin.shop, () => productSummary(prisma, admin, new URL(request.url))),
    request,
  );
};
