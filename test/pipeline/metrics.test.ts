/**
 * Metrics for operators: the database's figures read at scrape time, the worker's own events, the worker's
 * metrics port and the web endpoint's token.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSecretBox } from "~/lib/secret-box.server";
import type { TryOnClient } from "~/tryon";
import { metricsResponse } from "~/metrics/metrics-endpoint.server";
import { startMetricsServer } from "~/metrics/serve-metrics.server";
import { makeMetrics } from "~/metrics/metrics.server";
import { makeWorker } from "~/worker/worker";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { TEST_ENCRYPTION_KEY } from "../../harness/pipeline";
import { seedRenders, seedShop } from "../../harness/render-fixtures";

const SHOP = "metrics.myshopify.com";
const value = (text: string, series: string) => {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe("metrics", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    await seedShop(database.prisma, SHOP);
    await seedRenders(database.prisma, SHOP, 3, { state: "in_review", creditsCharged: 5 });
    await seedRenders(database.prisma, SHOP, 2, { state: "failed", creditsCharged: 5, creditsRefunded: 5 });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("report renders by state and credits from the database at scrape time", async () => {
    const metrics = makeMetrics(database.prisma, { process: "worker" });
    let text = await metrics.registry.metrics();
    expect(value(text, 'model_shots_renders{state="in_review",process="worker"}')).toBe(3);
    expect(value(text, 'model_shots_renders{state="failed",process="worker"}')).toBe(2);
    expect(value(text, 'model_shots_renders{state="queued",process="worker"}')).toBe(0);
    expect(value(text, 'model_shots_credits{kind="charged",process="worker"}')).toBe(25);
    expect(value(text, 'model_shots_credits{kind="refunded",process="worker"}')).toBe(10);

    await seedRenders(database.prisma, SHOP, 4, { state: "queued" });
    text = await metrics.registry.metrics();
    expect(value(text, 'model_shots_renders{state="queued",process="worker"}')).toBe(4);
  });

  it("count the worker's claims and how late each step was claimed after it fell due", async () => {
    const metrics = makeMetrics(database.prisma, { process: "worker" });
    const now = new Date();
    await database.prisma.render.updateMany({
      where: { state: "queued" },
      data: { nextAttemptAt: new Date(now.getTime() - 2_000) },
    });
    const worker = makeWorker({
      db: database.prisma,
      secretBox: makeSecretBox(TEST_ENCRYPTION_KEY),
      // The shop has no key: the claimed submits are held back, which is all this test needs.
      makeTryOnClient: () => ({}) as TryOnClient,
      renderMediaFor: async () => {
        throw new Error("not used");
      },
      now: () => now,
      metrics,
    });
    const report = await worker.tick();
    const text = await metrics.registry.metrics();
    expect(value(text, 'model_shots_submits_total{process="worker"}')).toBe(report.submitted);
    expect(report.submitted).toBeGreaterThan(0);
    expect(value(text, 'model_shots_step_lateness_seconds_count{process="worker",step="submit"}')).toBe(
      report.submitted,
    );
    // Each was claimed 2 s after it fell due: all in the 2 s bucket, none in the 1 s one.
    expect(value(text, 'model_shots_step_lateness_seconds_bucket{le="1",process="worker",step="submit"}')).toBe(0);
    expect(value(text, 'model_shots_step_lateness_seconds_bucket{le="2",process="worker",step="submit"}')).toBe(
      report.submitted,
    );
  });

  it("are served by the worker on its own port, and nothing else is", async () => {
    const metrics = makeMetrics(database.prisma, { process: "worker" });
    const server = await startMetricsServer(metrics.registry, { port: 0, host: "127.0.0.1" });
    try {
      const answer = await fetch(server.url);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain("model_shots_renders");
      expect((await fetch(server.url.replace("/metrics", "/"))).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it("are served by the web process only with the operators' token", async () => {
    const { registry } = makeMetrics(database.prisma, { process: "web" });
    const token = "operators-only-token-0123456789";
    const get = (headers: Record<string, string> = {}) => new Request("https://app.example.com/metrics", { headers });
    expect((await metricsResponse(get(), undefined, registry)).status).toBe(404);
    expect((await metricsResponse(get({ Authorization: `Bearer ${token}` }), undefined, registry)).status).toBe(404);
    expect((await metricsResponse(get(), token, registry)).status).toBe(401);
    expect(
      (await metricsResponse(get({ Authorization: "Bearer wrong-token-0123456789xx" }), token, registry)).status,
    ).toBe(401);
    const answer = await metricsResponse(get({ Authorization: `Bearer ${token}` }), token, registry);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('model_shots_renders{state="in_review",process="web"} 3');
  });
});
