/**
 * Benchmark 7, completion to review: per render, the time from the service completing the job (the simulator's
 * end time) to the render being in review (importedAt, set when the worker sees the file READY). Real time, a
 * worker process with the default configuration, the simulator and the fake Admin API server (Shopify's file
 * processing 0.2 s + 0.8 s, its defaults) in this process. 20 renders at 4K, jobs of 15-30 s so the run is
 * short; the shop's history matches that range, so first polls come when completion is plausible.
 * Baseline, same run: the work itself, done directly once per render: download the result, staged upload and
 * fileCreate, then ask for the file's status every 50 ms until READY.
 */
import { seededRandom } from "~/lib/seeded-random";
import { jobInputFor } from "~/looks/render-options";
import { createTryOnClient, silentTryOnLogger } from "~/tryon";
import { fakeAdminGraphql } from "../harness/pipeline";
import { makeRenderMedia } from "~/shopify/render-media.server";
import { startTryOnSimulator } from "../fakes/tryon-service";
import { startFakeAdminServer } from "../fakes/shopify-admin";
import { createTestDatabase } from "../harness/database";
import { BENCH_OPTIONS, insertRenders, seedServiceShop } from "./lib/fixtures";
import { fixed, sleep, summarize } from "./lib/stats";
import type { Benchmark } from "./lib/types";
import { startBenchWorker } from "./lib/worker-process";

const SHOP = "completion.myshopify.com";
const RENDERS = 20;
const DURATION = { min: 15_000, max: 30_000 };
const OPTIONS = { ...BENCH_OPTIONS, resolution: "4K" as const };

export const completionToReview: Benchmark = {
  id: "completion-to-review",
  number: 7,
  title: "Completion to review",
  summary:
    "Per render, from the service completing a 4K job to the render being in review, in real time: 20 renders, jobs of 15-30 s, a worker process with the default configuration, simulator and fake Admin API (file processing 1 s) in the parent. Baseline: the same download, upload and READY wait done directly. PostgreSQL.",
  async run(ctx) {
    const database = await createTestDatabase("postgres");
    const sim = await startTryOnSimulator({ initialCredits: 1_000_000, jobDurationMs: DURATION, seed: 7 });
    const admin = await startFakeAdminServer();
    try {
      admin.fake.store.addShop({ domain: SHOP });
      const token = admin.fake.issueAccessToken(SHOP);
      const tokens = new Map([[SHOP, token]]);
      const history = seededRandom(3);
      await seedServiceShop(database.prisma, SHOP, {
        apiKey: sim.apiKey,
        baseUrl: sim.baseUrl,
        concurrencyCap: RENDERS,
        durationSamplesMs: Array.from({ length: 50 }, () =>
          Math.round(DURATION.min + history() * (DURATION.max - DURATION.min)),
        ),
      });
      const front = sim.sampleImageUrl("tee-front.jpg");

      // Baseline jobs are submitted first and done by the time the worker's run is over; their work is timed after.
      const client = createTryOnClient({ baseUrl: sim.baseUrl, apiKey: sim.apiKey, logger: silentTryOnLogger });
      const baselineJobs: string[] = [];
      for (let i = 0; i < 5; i++)
        baselineJobs.push((await client.submitTryOnJob(jobInputFor(OPTIONS, { front: [front], mediaIds: [] }))).jobId);

      const worker = await startBenchWorker({ mode: "run", databaseUrl: database.url, adminUrl: admin.url, tokens });
      let seconds: number;
      try {
        ctx.log(`${RENDERS} renders through the worker…`);
        const started = performance.now();
        await insertRenders(
          database.prisma,
          SHOP,
          RENDERS,
          () => ({ frontImage: front, nextAttemptAt: new Date() }),
          OPTIONS,
        );
        const deadline = Date.now() + 180_000;
        for (;;) {
          const done = await database.prisma.render.count({
            where: { shop: SHOP, state: { in: ["in_review", "failed"] } },
          });
          if (done === RENDERS) break;
          if (Date.now() > deadline) throw new Error("renders did not reach review within 3 minutes");
          await sleep(250);
        }
        seconds = (performance.now() - started) / 1000;
      } finally {
        await worker.stop();
      }
      ctx.log("baseline: direct download, upload and READY wait…");
      const media = makeRenderMedia(fakeAdminGraphql(admin.url, SHOP, token));
      const baseline: number[] = [];
      for (const [i, jobId] of baselineJobs.entries()) {
        let status = await client.getJobStatus(jobId);
        while (status.status !== "completed") {
          await sleep(500);
          status = await client.getJobStatus(jobId);
        }
        const started = performance.now();
        const result = await client.downloadJobResult({
          jobId,
          ...(status.outputUrl ? { outputUrl: status.outputUrl } : {}),
        });
        const file = await media.importImage({
          body: result.body,
          byteLength: result.byteLength,
          contentType: result.contentType,
          filename: `baseline-${i}.jpg`,
          alt: "baseline",
        });
        for (;;) {
          const states = await media.fileStates([file.fileId]);
          if (states.get(file.fileId)?.status === "READY") break;
          await sleep(50);
        }
        baseline.push(performance.now() - started);
      }

      const rows = await database.prisma.render.findMany({
        where: { shop: SHOP },
        select: { state: true, externalJobId: true, renderedAt: true, importedAt: true, pollCount: true },
      });
      const total: number[] = [];
      const detect: number[] = [];
      const importToReview: number[] = [];
      for (const row of rows) {
        const job = row.externalJobId ? sim.getJob(row.externalJobId) : undefined;
        if (row.state !== "in_review" || !job?.endsAt || !row.importedAt || !row.renderedAt)
          throw new Error(`render not in review: ${row.state}`);
        total.push(row.importedAt.getTime() - job.endsAt);
        detect.push(row.renderedAt.getTime() - job.endsAt);
        importToReview.push(row.importedAt.getTime() - row.renderedAt.getTime());
      }
      const t = summarize(total);
      const d = summarize(detect);
      const r = summarize(importToReview);
      const b = summarize(baseline);
      return {
        id: this.id,
        title: this.title,
        database: "PostgreSQL",
        figures: [
          [
            "completed → in review",
            `p50 ${fixed(t.p50 / 1000)} s, p95 ${fixed(t.p95 / 1000)} s, max ${fixed(t.max / 1000)} s over ${rows.length} renders (run took ${fixed(seconds, 1)} s)`,
          ],
          ["  completed → noticed (poll)", `p50 ${fixed(d.p50 / 1000)} s, p95 ${fixed(d.p95 / 1000)} s`],
          [
            "  noticed → in review (import, Shopify processing, file check)",
            `p50 ${fixed(r.p50 / 1000)} s, p95 ${fixed(r.p95 / 1000)} s`,
          ],
          [
            "baseline: download + upload + READY, done directly",
            `p50 ${fixed(b.p50 / 1000)} s, max ${fixed(b.max / 1000)} s over ${baseline.length} renders`,
          ],
        ],
        headline: `p50 ${fixed(t.p50 / 1000, 1)} s, p95 ${fixed(t.p95 / 1000, 1)} s (noticing p50 ${fixed(d.p50 / 1000, 1)} s, then ${fixed(r.p50 / 1000, 1)} s to review)`,
        baseline: `direct work p50 ${fixed(b.p50 / 1000, 2)} s; ${fixed(t.p50 / b.p50, 1)}×`,
        goal: "none set (informational)",
        met: null,
        notes: [
          "Noticing is the poll schedule (benchmark 1); after that the worker waits fileReadyPollMs (2 s) before its first file check, so Shopify's processing (1 s here) costs 2 s at least.",
        ],
      };
    } finally {
      await sim.stop();
      await admin.close();
      await database.close();
    }
  },
};
