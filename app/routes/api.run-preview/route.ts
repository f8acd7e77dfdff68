import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { previewRunFromExtension } from "./run-preview.server";
import { preflightOnlyLoader, requireAdmin } from "~/web/admin-request.server";
import { apiResponse } from "~/web/api-response.server";
import { withBodyLimit } from "~/web/body-limits.server";

/**
 * POST /api/run-preview { scope, lookId?, regenerate?, candidates?, perColour? }: eligible count, skipped products and
 * the estimate, or a large collection's listing progress in words. Changes nothing.
 */
export const action = withBodyLimit("extensionApi", async ({ request }: ActionFunctionArgs) => {
  const admin = await requireAdmin(request);
  return apiResponse(admin, await previewRunFromExtension(prisma, admin, request), request);
});

// Answers the extension's CORS preflight.
export const loader = preflightOnlyLoader;
