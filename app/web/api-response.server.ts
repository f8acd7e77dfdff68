import { json } from "@remix-run/node";
import type { ApiAnswer } from "../pages/extension-api.server";
import type { AdminRequest } from "./admin-request.server";

/** An extension API answer as JSON with its status, with CORS headers for Shopify's extension origin. */
export function apiResponse<T>(admin: AdminRequest, answer: ApiAnswer<T>): Response {
  return admin.cors(json(answer.body, { status: answer.status }));
}
