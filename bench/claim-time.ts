/**
 * Benchmark 9, claim time against the queued backlog: one submit claim (the worker's transaction: advisory
 * lock, then the claim statement) while one shop has 1,000, 10,000 and 100,000 renders queued. Two cases: that
 * shop at its concurrency cap (the issue's case: it can take nothing, so it should cost nothing), and that
 * shop with room for two more. A second, small shop always has room, so every claim takes something. Each
 * claim's leases are released afterwards (not timed), so every sample sees the same rows. PostgreSQL.
 */
import type { PrismaClient } from "@prisma/client";
import { claimDueSubmits, lockSubmitClaims } from "~/worker/sql/claim-renders";
import { createTestDatabase } from "../harness/database";
import { insertRenders, seedServiceShop } from "./lib/fixtures";
import { fixed, summarize } from "./lib/stats";
import type { Benchmark } from "./lib/types";

const SIZES = [1_000, 10_000, 100_000];
const BIG = "backlog.myshopify.com";
const SMALL = "small.myshopify.com";
const CAP = 4;
const NOW = new Date(Date.UTC(2026, 2, 2, 9, 0, 0));
const WARM_UP = 5;
const SAMPLES = 40;

/** Grows the big shop's queue to `size` by copying one queued row in SQL (createMany would take minutes). */
async function growBacklog(db: PrismaClient, size: number) {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM "Render" WHERE shop = ${BIG} AND state = 'queued'`;
  const have = row?.n ?? 0;
  await db.$executeRaw`
    INSERT INTO "Render" (id, shop, "productId", "productTitle", "sourceImages", params, resolution, "lookKey",
                          "creditsCost", state, "nextAttemptAt", "createdAt", "updatedAt")
    SELECT 'backlog-' || g, t.shop, 'gid://shopify/Product/' || g, 'Product ' || g, t."sourceImages", t.params,
           t.resolution, t."lookKey", t."creditsCost", 'queued', t."nextAttemptAt",
           t."createdAt" + g * interval '1 second', t."updatedAt"
    FROM generate_series(${have + 1}::int, ${size}::int) g,
         (SELECT * FROM "Render" WHERE shop = ${BIG} AND state = 'queued' ORDER BY "createdAt" LIMIT 1) t`;
  await db.$executeRawUnsafe(`VACUUM ANALYZE "Render"`);
}

async function timeClaims(db: PrismaClient): Promise<{ ms: number[]; claimed: number[] }> {
  const ms: number[] = [];
  const claimed: number[] = [];
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    const started = performance.now();
    const [, rows] = await db.$transaction([
      lockSubmitClaims(db),
      claimDueSubmits(db, { workerId: "bench", now: NOW, leaseMs: 90_000, limit: 8 }),
    ]);
    const elapsed = performance.now() - started;
    if (i >= WARM_UP) {
      ms.push(elapsed);
      claimed.push(rows.length);
    }
    await db.render.updateMany({
      where: { id: { in: rows.map((render) => render.id) } },
      data: { leaseOwner: null, leaseExpiresAt: null },
    });
  }
  return { ms, claimed };
}

export const claimTime: Benchmark = {
  id: "claim-time",
  number: 9,
  title: "Claim time against the queued backlog",
  summary:
    "One submit claim (advisory lock + claim statement) with 1,000 / 10,000 / 100,000 renders queued by one shop, that shop at its cap and with room for 2; a second shop always has room. 40 claims after 5 warm-up, PostgreSQL.",
  async run(ctx) {
    const database = await createTestDatabase("postgres");
    const db = database.prisma;
    const cases: Array<{ name: string; running: number; rows: Array<{ size: number; p50: number; p95: number }> }> = [
      { name: "shop at its cap", running: CAP, rows: [] },
      { name: "shop with room for 2", running: CAP - 2, rows: [] },
    ];
    try {
      for (const shop of [BIG, SMALL]) {
        await seedServiceShop(db, shop, { apiKey: `${shop}-key`, baseUrl: "https://tryon.test", concurrencyCap: CAP });
      }
      await insertRenders(db, SMALL, 20, (index) => ({ frontImage: `https://images.test/s${index}.jpg` }));
      await insertRenders(db, BIG, CAP, (index) => ({
        frontImage: `https://images.test/r${index}.jpg`,
        state: "running",
        externalJobId: `job-${index}`,
        creditsCharged: 5,
        nextAttemptAt: new Date(NOW.getTime() + 3_600_000),
      }));
      await insertRenders(db, BIG, 1, () => ({ frontImage: "https://images.test/q.jpg" }));
      for (const size of SIZES) {
        await growBacklog(db, size);
        for (const scenario of cases) {
          // The big shop's in-flight renders set its room: running ones beyond `scenario.running` are parked.
          const running = await db.render.findMany({
            where: { shop: BIG, externalJobId: { not: null } },
            orderBy: { createdAt: "asc" },
          });
          for (const [index, render] of running.entries()) {
            await db.render.update({
              where: { id: render.id },
              data: { state: index < scenario.running ? "running" : "rendered" },
            });
          }
          const { ms, claimed } = await timeClaims(db);
          const stats = summarize(ms);
          scenario.rows.push({ size, p50: stats.p50, p95: stats.p95 });
          ctx.log(
            `${scenario.name}, ${size.toLocaleString("en-US")} queued: p50 ${fixed(stats.p50, 1)} ms, p95 ${fixed(stats.p95, 1)} ms, ${Math.min(...claimed)}–${Math.max(...claimed)} claimed`,
          );
        }
      }
    } finally {
      await database.close();
    }
    const growth = (rows: Array<{ p50: number }>) => (rows.at(-1)?.p50 ?? 0) / (rows[0]?.p50 ?? 1);
    const met = cases.every((scenario) => growth(scenario.rows) <= 1.2);
    return {
      id: this.id,
      title: this.title,
      database: "PostgreSQL",
      figures: cases.map((scenario) => [
        scenario.name,
        scenario.rows
          .map((row) => `${row.size.toLocaleString("en-US")}: p50 ${fixed(row.p50, 1)} ms, p95 ${fixed(row.p95, 1)} ms`)
          .join("; ") + `; 100,000 ÷ 1,000: ${fixed(growth(scenario.rows))}×`,
      ]),
      headline: cases
        .map((scenario) => `${scenario.name}: p50 ${scenario.rows.map((row) => fixed(row.p50, 1)).join(" / ")} ms`)
        .join("; "),
      baseline: `1,000 queued; 100,000 is ${cases.map((scenario) => `${fixed(growth(scenario.rows))}×`).join(" and ")}`,
      goal: "flat: p50 at 100,000 ≤ 1.2× p50 at 1,000",
      met,
      notes: [],
    };
  },
};
