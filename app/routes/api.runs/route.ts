import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { startRunFromExtension } from "./start-run-request.server";
import { preflightOnlyLoader, requireAdmin } from "~/web/admin-request.server";
import { apiResponse } from "~/web/api-response.server";
import { withBodyLimit } from "~/web/body-limits.server";

/**
 * POST /api/runs { scope, requestKey, lookId?, regenerate?, candidates?, perColour?, budgetCredits? }: starts a bulk
 * run, once per requestKey.
 */
export const action = withBodyLimit("extensionApi", async ({ request }: ActionFunctionArgs) => {
  const admin = await requireAdmin(request);
  return apiResponse(admin, await startRunFromExtension(prisma, admin, request), request);
});

// Answers the extension's CORS preflight.
export const loader = preflightOnlyLoader;
