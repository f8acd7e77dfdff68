import type { LoaderFunctionArgs } from "@remix-run/node";
import prisma from "~/db.server";
import { env } from "~/env.server";
import { metricsResponse } from "~/metrics/metrics-endpoint.server";
import { makeMetrics, type Metrics } from "~/metrics/metrics.server";

declare global {
  // One registry per web process, across Remix dev reloads.
  var __modelShotsWebMetrics: Metrics | undefined;
}

/** `GET /metrics` of the web process: only with the operators' bearer token, never part of the public app. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  globalThis.__modelShotsWebMetrics ??= makeMetrics(prisma, { process: "web" });
  return metricsResponse(request, env().METRICS_TOKEN, globalThis.__modelShotsWebMetrics.registry);
};
