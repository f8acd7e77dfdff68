import { timingSafeEqual } from "node:crypto";
import type { Registry } from "prom-client";

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The web process's metrics: 404 unless a token is configured (the route does not exist for the public), 401
 * without the right bearer token, otherwise the registry in Prometheus' text format.
 */
export async function metricsResponse(request: Request, token: string | undefined, registry: Registry) {
  if (!token) return new Response("Not Found", { status: 404 });
  const given = /^Bearer (.+)$/.exec(request.headers.get("Authorization") ?? "")?.[1] ?? "";
  if (!sameToken(given, token)) {
    return new Response("Unauthorized", { status: 401, headers: { "WWW-Authenticate": "Bearer" } });
  }
  return new Response(await registry.metrics(), {
    headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" },
  });
}
