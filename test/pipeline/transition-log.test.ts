/**
 * Operators can follow a render through the pipeline in the logs: one line per transition with the shop, the
 * render, the run, the states and how long the previous one lasted (the database records when a state began).
 */
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeLogger, replaceAppLogger } from "~/lib/logger.server";
import { makeMetrics, type Metrics } from "~/metrics/metrics.server";
import type { TestDatabase } from "../../harness/database";
import {
  startRunningPipeline,
  waitForRenders,
  type PipelineHarness,
  type RunningPipeline,
} from "../../harness/pipeline";

const SHOP = "transition-log.myshopify.com";
const TIME_FACTOR = 0.005;

interface TransitionLine {
  event: string;
  renderId: string;
  shop: string;
  runId?: string;
  from: string;
  to: string;
  durationMs?: number;
}

describe("render transitions in the logs, and the worker's metrics", () => {
  let pipeline: RunningPipeline;
  let database: TestDatabase;
  let harness: PipelineHarness;
  let metrics: Metrics;
  const lines: string[] = [];
  const moved: number[] = [];
  let restoreLogger: () => void;

  beforeAll(async () => {
    restoreLogger = replaceAppLogger(
      makeLogger({
        destination: new Writable({
          write(chunk: Buffer, _encoding, done) {
            lines.push(...chunk.toString().split("\n").filter(Boolean));
            done();
          },
        }),
      }),
    );
    pipeline = await startRunningPipeline({
      timeFactor: TIME_FACTOR,
      deps: (db) => ({
        metrics: (metrics = makeMetrics(db, { process: "worker" })),
        transferGc: { moved: (bytes) => moved.push(bytes) },
      }),
    });
    ({ database, harness } = pipeline);
  });
  afterAll(async () => {
    await pipeline?.stop();
    restoreLogger?.();
  });

  it("logs every step of a render from queued to review with its shop, run and time in the previous state", async () => {
    const { collectionId } = await harness.addShop(SHOP, { products: 1 });
    const runId = await harness.startCollectionRun(SHOP, collectionId);
    await waitForRenders(database.prisma, (counts) => counts.in_review === 1, { timeoutMs: 60_000, pollMs: 100 });
    const render = await database.prisma.render.findFirstOrThrow({ where: { shop: SHOP } });

    const transitions = lines
      .map((line) => JSON.parse(line) as TransitionLine)
      .filter((line) => line.event === "render_transition" && line.renderId === render.id);
    expect(transitions.map((line) => `${line.from}→${line.to}`)).toEqual([
      "queued→submitting",
      "submitting→running",
      "running→rendered",
      "rendered→importing",
      "importing→in_review",
    ]);
    for (const line of transitions) {
      expect(line).toMatchObject({ shop: SHOP, runId });
      expect(line.durationMs).toEqual(expect.any(Number));
    }
    // The render spent a while at the service: its time in `running` is the longest of the steps.
    const running = transitions.find((line) => line.from === "running");
    expect(running?.durationMs).toBeGreaterThan(0);

    // The same render in the worker's metrics: one submit claimed, one import timed and weighed.
    expect((await metrics.submits.get()).values[0]?.value).toBe(1);
    const imports = (await metrics.importSeconds.get()).values.find((sample) => sample.metricName?.endsWith("_count"));
    expect(imports?.value).toBe(1);
    const sizes = (await metrics.importBytes.get()).values.find((sample) => sample.metricName?.endsWith("_sum"));
    expect(sizes?.value).toBeGreaterThan(10_000);
    // The bytes imported are what the worker counts toward collecting garbage after large transfers (ADR 058).
    expect(moved).toEqual([sizes?.value]);
  });
});
