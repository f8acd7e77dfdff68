/**
 * Benchmark 3, database cost per tick: SQL statements one worker tick sends with 10, 100, 1,000 and 2,000
 * renders in flight, all due. The try-on service is a scripted in-memory client (the count cannot depend on
 * it), the clock is fixed, and the database is PostgreSQL. Counted twice: statements on the wire (pg pool,
 * BEGIN/COMMIT included) and Prisma operations (as test/pipeline/worker-tick.test.ts counts them).
 */
import type { TryOnClient, TryOnJobStatus } from "~/tryon";
import { makeWorker } from "~/worker/worker";
import { createTestDatabase } from "../harness/database";
import { countingPrisma, insertRenders, readyFilesMedia, secretBox, seedServiceShop } from "./lib/fixtures";
import { fixed } from "./lib/stats";
import type { Benchmark } from "./lib/types";

const SIZES = [10, 100, 1_000, 2_000];
const SHOP = "tick-cost.myshopify.com";
const T0 = Date.UTC(2026, 2, 2, 9, 0, 0);

/** Answers every status poll at once; `completedShare` of the jobs report completed. */
function scriptedTryOn(completedShare: number): TryOnClient {
  return {
    async getJobStatus(jobId: string): Promise<TryOnJobStatus> {
      const index = Number(jobId.split("-")[1]);
      const done = index % Math.round(1 / Math.max(completedShare, 1e-9)) === 0 && completedShare > 0;
      return done
        ? { jobId, status: "completed", rawStatus: "completed", outputUrl: `https://tryon.test/results/${jobId}.jpg` }
        : { jobId, status: "running", rawStatus: "processing" };
    },
  } as unknown as TryOnClient;
}

interface Measured {
  size: number;
  wire: number;
  operations: number;
  ms: number;
  /** The tick after it: the imports of the renders that completed (informational, not the goal). */
  next?: { wire: number; imports: number };
}

export const tickStatements: Benchmark = {
  id: "tick-statements",
  number: 3,
  title: "Statements per tick",
  summary:
    "SQL statements of one worker tick with 10, 100, 1,000 and 2,000 renders in flight and due (workBatchSize 5,000 so one tick takes them all), with every job still running and with 10 % completing in that tick. PostgreSQL, scripted try-on client, fixed clock.",
  async run(ctx) {
    const database = await createTestDatabase("postgres");
    const scenarios = [
      { name: "all still running", completedShare: 0 },
      { name: "10 % complete", completedShare: 0.1 },
    ];
    const results: Array<{ name: string; rows: Measured[] }> = [];
    try {
      for (const scenario of scenarios) {
        const rows: Measured[] = [];
        for (const size of SIZES) {
          const db = database.prisma;
          await db.render.deleteMany();
          await db.shop.deleteMany();
          await seedServiceShop(db, SHOP, {
            apiKey: "bench-tick-key-0001",
            baseUrl: "https://tryon.test",
            concurrencyCap: 5_000,
          });
          await insertRenders(db, SHOP, size, (index) => ({
            frontImage: `https://images.test/${index}.jpg`,
            state: "running",
            externalJobId: `job-${index}`,
            submittedAt: new Date(T0 - 120_000),
            creditsCharged: 5,
            nextAttemptAt: new Date(T0),
          }));
          const counting = countingPrisma(database.url);
          try {
            await counting.client.$queryRaw`SELECT 1`;
            counting.counter.wire = 0;
            counting.counter.operations = 0;
            const tryOn = scriptedTryOn(scenario.completedShare);
            const worker = makeWorker({
              db: counting.client,
              secretBox: secretBox(),
              makeTryOnClient: () => tryOn,
              renderMediaFor: async () => readyFilesMedia(),
              now: () => new Date(T0),
              random: () => 0.5,
              config: { workBatchSize: 5_000, submitBatchSize: 50 },
            });
            const started = performance.now();
            const report = await worker.tick();
            const ms = performance.now() - started;
            const polled = await db.render.count({ where: { shop: SHOP, pollCount: 1 } });
            if (report.worked !== size || polled !== size) throw new Error(`tick polled ${polled} of ${size} renders`);
            const measured: Measured = {
              size,
              wire: counting.counter.wire,
              operations: counting.counter.operations,
              ms,
            };
            if (scenario.completedShare > 0) {
              counting.counter.wire = 0;
              const next = await worker.tick();
              measured.next = { wire: counting.counter.wire, imports: next.worked };
            }
            rows.push(measured);
            ctx.log(`${scenario.name}, ${size} in flight: ${counting.counter.wire} statements, ${fixed(ms, 0)} ms`);
          } finally {
            await counting.close();
          }
        }
        results.push({ name: scenario.name, rows });
      }
    } finally {
      await database.close();
    }
    const flat = results.every(
      ({ rows }) =>
        new Set(rows.map((row) => row.wire)).size === 1 && new Set(rows.map((row) => row.operations)).size === 1,
    );
    const figures: Array<[string, string]> = results.map(({ name, rows }) => [
      name,
      rows
        .map(
          (row) =>
            `${row.size.toLocaleString("en-US")}: ${row.wire} statements (${row.operations} Prisma operations), ${fixed(row.ms, 0)} ms`,
        )
        .join("; "),
    ]);
    const ratios = results.map(({ name, rows }) => {
      const base = rows[0] as Measured;
      return `${name}: ${rows.map((row) => `${fixed(row.wire / base.wire)}×`).join(" / ")}`;
    });
    figures.push(["ratio to 10 in flight (10 / 100 / 1,000 / 2,000)", ratios.join("; ")]);
    const imports = results.flatMap(({ rows }) => rows.flatMap((row) => (row.next ? [row.next] : [])));
    figures.push([
      "the tick after, importing the 10 % that completed (not flat by design: imports cost statements per render, bounded by workBatchSize)",
      imports.map((next) => `${next.imports} imports: ${next.wire} statements`).join("; "),
    ]);
    const [running, completing] = results as [(typeof results)[number], (typeof results)[number]];
    return {
      id: this.id,
      title: this.title,
      database: "PostgreSQL",
      figures,
      headline: `${running.rows.map((row) => row.wire).join(" / ")} statements (all running), ${completing.rows.map((row) => row.wire).join(" / ")} (10 % complete) at 10 / 100 / 1,000 / 2,000`,
      baseline: `10 in flight: ${running.rows[0]?.wire} and ${completing.rows[0]?.wire}; 2,000 is ${fixed((running.rows[3]?.wire ?? 0) / (running.rows[0]?.wire ?? 1))}× and ${fixed((completing.rows[3]?.wire ?? 0) / (completing.rows[0]?.wire ?? 1))}×`,
      goal: "flat: the same count at every size",
      met: flat,
      notes: [],
    };
  },
};
