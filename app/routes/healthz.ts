import prisma from "~/db.server";
import { checkHealth } from "~/web/health.server";

/** `GET /healthz` for load balancers and uptime checks: 200 when this process and its database answer, else 503. */
export const loader = async () => {
  const health = await checkHealth(prisma);
  return Response.json(health, { status: health.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
};
