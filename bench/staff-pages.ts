/**
 * Benchmark 6, staff pages: server time of the review and history route loaders (authenticate.admin with a
 * signed session token, the database queries, the review page's previews from the fake Admin API in-process,
 * JSON) with 10,000 renders in the shop, p50/p95 over 50 requests walking the pages, on PGlite and on PostgreSQL;
 * then, on PostgreSQL, whole HTML documents of both pages (first page, filtered views, next pages) from the
 * production build over HTTP, authenticated as the admin loads them. Baseline, same process and database: the
 * same requests for a shop with 100 renders.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { DatabaseKind } from "../harness/database";
import { buildProductionApp } from "./lib/production-build";
import { fixed, summarize } from "./lib/stats";
import type { Benchmark } from "./lib/types";
import type { DocumentsReport, StaffPagesReport } from "./staff-pages-child";

const ENTRY = join(import.meta.dirname, "staff-pages-child.ts");
const GOAL_P95_MS = 150;

function runChild(kind: DatabaseKind, encryptionKeys: string): Promise<StaffPagesReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", ENTRY], {
      // Sessions are sealed with a key of this run: the production build refuses the example key of .env.example.
      env: { ...process.env, BENCH_DB_KIND: kind, APP_ENCRYPTION_KEYS: encryptionKeys },
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

const kb = (bytes: number | undefined) => `${fixed((bytes ?? Number.NaN) / 1024, 0)} KB`;

const cpuText = (documents: DocumentsReport, key: string) =>
  `server ${fixed(documents.serverCpuMs[key] ?? Number.NaN, 1)} ms, PostgreSQL ${fixed(documents.databaseCpuMs[key] ?? Number.NaN, 1)} ms`;

/** "0 Admin API requests", or "2 Admin API requests (oauth refresh_token 200 ×2)". */
function adminRequestsText(requests: string[]): string {
  const counts = new Map<string, number>();
  for (const request of requests) counts.set(request, (counts.get(request) ?? 0) + 1);
  const kinds = [...counts].map(([request, count]) => `${request} ×${count}`).join(", ");
  return `${requests.length} Admin API requests${kinds ? ` (${kinds})` : ""}`;
}

/** Each document view at 10,000 renders against the goal, beside the 100-render shop. */
function judgeDocuments(documents: DocumentsReport) {
  const figures: Array<[string, string]> = [
    [
      "  HTML documents",
      `the production build (remix-serve, NODE_ENV=production) over HTTP, same database, ?embedded=1&shop&host&id_token as the admin loads the frame; ${adminRequestsText(documents.adminRequests)} while serving them; load average ${fixed(documents.loadAverage[0])} when they started, ${fixed(documents.loadAverage[1])} at the end`,
    ],
  ];
  const p95s: number[] = [];
  const ratios: number[] = [];
  let met = true;
  for (const view of documents.views) {
    const large = summarize(documents.timings[`${view.name} 10,000`] ?? []);
    const small = summarize(documents.timings[`${view.name} 100`] ?? []);
    const viewMet = large.p95 <= GOAL_P95_MS;
    met &&= viewMet;
    p95s.push(large.p95);
    ratios.push(large.p95 / small.p95);
    figures.push([
      `    ${view.name}${view.query ? ` (${view.query})` : ""}`,
      `10,000 renders: p50 ${fixed(large.p50, 1)} ms, p95 ${fixed(large.p95, 1)} ms, max ${fixed(large.max, 1)} ms, ${kb(documents.bytes[`${view.name} 10,000`])}, CPU per document ${cpuText(documents, `${view.name} 10,000`)}; 100 renders: p50 ${fixed(small.p50, 1)} ms, p95 ${fixed(small.p95, 1)} ms → ${viewMet ? "MET" : "NOT MET"}`,
    ]);
  }
  return {
    figures,
    met,
    headline: `p95 ${fixed(Math.min(...p95s), 0)}–${fixed(Math.max(...p95s), 0)} ms over ${p95s.length} views`,
    baseline: `${fixed(Math.min(...ratios))}–${fixed(Math.max(...ratios))}×`,
  };
}

export const staffPages: Benchmark = {
  id: "staff-pages",
  number: 6,
  title: "Staff pages",
  summary:
    "Server time of the review and history loaders (session token auth, queries, JSON; Shopify is asked for previews only for renders without stored image URLs, by the in-process fake Admin API) with 10,000 renders in the shop: p50/p95 over 50 requests walking the pages, after 5 warm-up requests, on PGlite and on PostgreSQL. Then, on PostgreSQL, whole HTML documents from the production build over HTTP (server rendering included) for 8 views: each page's first page, two filters each and the next pages, 100 requests each after 5 warm-up. Baseline: a shop with 100 renders in the same database.",
  async run(ctx) {
    ctx.log("building the app (npm run build)…");
    buildProductionApp();
    const encryptionKeys = `bench:${randomBytes(32).toString("base64")}`;
    const reports: StaffPagesReport[] = [];
    for (const kind of ["pglite", "postgres"] as const) {
      ctx.log(`${kind}: seeding 10,100 renders and measuring…`);
      reports.push(await runChild(kind, encryptionKeys));
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
      if (report.documents) {
        const judged = judgeDocuments(report.documents);
        figures.push(...judged.figures);
        met &&= judged.met;
        headline.push(`${name} HTML documents (production build, HTTP) ${judged.headline}`);
        baseline.push(`documents ${judged.baseline}`);
      }
    }
    return {
      id: this.id,
      title: this.title,
      database: "PGlite and PostgreSQL (documents: PostgreSQL)",
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
