/**
 * Benchmark 6, staff pages: server time of the review and history route loaders (authenticate.admin with a
 * signed session token, the database queries, the review page's previews from the fake Admin API in-process,
 * JSON) with 10,000 renders in the shop, p50/p95 over 50 requests walking the pages, on PGlite and on PostgreSQL.
 * Baseline, same process and database: the same loaders for a shop with 100 renders.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import type { DatabaseKind } from "../harness/database";
import { fixed, summarize } from "./lib/stats";
import type { Benchmark } from "./lib/types";
import type { StaffPagesReport } from "./staff-pages-child";

const ENTRY = join(import.meta.dirname, "staff-pages-child.ts");
const GOAL_P95_MS = 150;

function runChild(kind: DatabaseKind): Promise<StaffPagesReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", ENTRY], {
      env: { ...process.env, BENCH_DB_KIND: kind },
      // The Shopify library logs a line per authenticated request: still written (as in production), not shown.
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    let report: StaffPagesReport | undefined;
    child.on("message", (message: StaffPagesReport) => (report = message));
    child.once("exit", (code) =>
      report ? resolve(report) : reject(new Error(`staff pages (${kind}) exited with ${code} and no report`)),
    );
  });
}

export const staffPages: Benchmark = {
  id: "staff-pages",
  number: 6,
  title: "Staff pages",
  summary:
    "Server time of the review and history loaders (session token auth, queries, JSON; Shopify is asked for previews only for renders without stored image URLs, by the in-process fake Admin API) with 10,000 renders in the shop: p50/p95 over 50 requests walking the pages, after 5 warm-up requests, on PGlite and on PostgreSQL. Baseline: a shop with 100 renders in the same database.",
  async run(ctx) {
    const reports: StaffPagesReport[] = [];
    for (const kind of ["pglite", "postgres"] as const) {
      ctx.log(`${kind}: seeding 10,100 renders and measuring…`);
      reports.push(await runChild(kind));
    }
    const figures: Array<[string, string]> = [];
    let met = true;
    const headline: string[] = [];
    const baseline: string[] = [];
    for (const report of reports) {
      const name = report.kind === "pglite" ? "PGlite" : "PostgreSQL";
      figures.push([
        `${name}`,
        `${report.version.split(" on ")[0]}; seeded in ${fixed(report.seedMs / 1000, 1)} s; review previews: ${report.admin.requests} Admin API requests (requested cost ${report.admin.requestedCost} each), ${report.admin.throttled} THROTTLED`,
      ]);
      for (const page of ["review", "review back-to-back", "history"]) {
        const large = summarize(report.timings[`${page} 10,000`] ?? []);
        const small = summarize(report.timings[`${page} 100`] ?? []);
        // Back-to-back review loads drain the shop's Admin API bucket: shown, not held to the goal (see notes).
        const judged = page !== "review back-to-back";
        const pageMet = large.p95 <= GOAL_P95_MS;
        if (judged) met &&= pageMet;
        figures.push([
          `  ${page}`,
          `10,000 renders: p50 ${fixed(large.p50, 1)} ms, p95 ${fixed(large.p95, 1)} ms, max ${fixed(large.max, 1)} ms; 100 renders: p50 ${fixed(small.p50, 1)} ms, p95 ${fixed(small.p95, 1)} ms${judged ? ` → ${pageMet ? "MET" : "NOT MET"}` : ""}`,
        ]);
        if (judged) {
          headline.push(`${name} ${page} p50 ${fixed(large.p50, 0)} / p95 ${fixed(large.p95, 0)} ms`);
          baseline.push(`${name} ${page} ${fixed(large.p95 / small.p95)}×`);
        }
      }
    }
    return {
      id: this.id,
      title: this.title,
      database: "PGlite and PostgreSQL",
      figures,
      headline: headline.join("; "),
      baseline: `p95 at 10,000 vs 100 renders: ${baseline.join(", ")}`,
      goal: `p95 ≤ ${GOAL_P95_MS} ms`,
      met,
      notes: reports.some((report) => report.admin.requests > 0)
        ? [
            "The review loader's previews come from the fake Admin API in the same process (no network): against Shopify that request adds its round trip to the page.",
            `Review loads asked Shopify for previews (${reports.map((report) => `${report.kind}: ${report.admin.requests} requests, ${report.admin.throttled} THROTTLED`).join(", ")}), although every seeded render has its image URLs stored: the loader should not need them.`,
          ]
        : [
            "The review loader answers from the image URLs the worker stored at import: 0 Admin API requests over all review loads, so the shop's API bucket (which the worker drains) cannot slow the page.",
          ],
    };
  },
};
