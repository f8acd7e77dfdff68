/**
 * Benchmark 13, body flood (issue 27 point 1): the production build (`npm run build`, served by remix-serve as
 * `npm start` does, NODE_ENV=production, on a fresh PostgreSQL database) receives four 300 MB POST bodies at once on
 * each route class: a webhook (unsigned), the login form, the extension API and an app form action (both with a
 * valid session token, so the body is what stands between the request and the handler). Each class is sent once with
 * a declared Content-Length and once chunked (no length: only counting while streaming can stop it), each time to a
 * freshly started server. The server's RSS is read from /proc every 20 ms: idle before, peak during, and after.
 *
 *   npx tsx bench/body-flood.ts [--no-build] [--mb 300] [--only webhook,login,api,app]
 *   npm run bench -- body-flood
 */
import "./lib/env";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { createTestDatabase, type TestDatabase } from "../harness/database";
import { freePort } from "../sandbox/loopback";
import { REPO_ROOT } from "./lib/env";
import { buildProductionApp } from "./lib/production-build";
import { fixed } from "./lib/stats";
import type { Benchmark, BenchContext, BenchResult } from "./lib/types";

const SHOP = "flood-bench.myshopify.com";
const SCOPES = "read_products,write_products,write_files,read_locales";
const API_KEY = "body-flood-client-id";
const API_SECRET = randomBytes(24).toString("hex");
const CONCURRENT_POSTS = 4;
const GOAL_ABOVE_IDLE_MIB = 32;
const SAMPLE_EVERY_MS = 20;
/** A post still going after this is counted as stuck (the server neither read it nor answered). */
const POST_TIMEOUT_MS = 180_000;

type RouteClass = "webhook" | "login" | "api" | "app";
type Framing = "declared" | "chunked";

interface RouteTarget {
  label: string;
  path: string;
  contentType: string;
  /** The first bytes of the body, so each handler sees the kind of body it expects; the rest is filler. */
  prefix: string;
  headers(): Promise<Record<string, string>>;
}

const bearer = async () => {
  const { token } = await getJwt(SHOP.replace(/\.myshopify\.com$/, ""), API_KEY, API_SECRET);
  return { Authorization: `Bearer ${token}` };
};

const TARGETS: Record<RouteClass, RouteTarget> = {
  webhook: {
    label: "webhook (POST /webhooks/app/uninstalled, unsigned)",
    path: "/webhooks/app/uninstalled",
    contentType: "application/json",
    prefix: '{"id":1,"name":"',
    headers: async () => ({
      "X-Shopify-Topic": "app/uninstalled",
      "X-Shopify-Shop-Domain": SHOP,
      "X-Shopify-Hmac-Sha256": "bm90IGEgc2lnbmF0dXJl",
      "X-Shopify-Webhook-Id": "flood",
      "X-Shopify-API-Version": "2026-10",
    }),
  },
  login: {
    label: "login form (POST /auth/login)",
    path: "/auth/login",
    contentType: "application/x-www-form-urlencoded",
    prefix: "shop=",
    headers: async () => ({}),
  },
  api: {
    label: "extension API (POST /api/renders, session token)",
    path: "/api/renders",
    contentType: "application/json",
    prefix: '{"productId":"',
    headers: bearer,
  },
  app: {
    label: "app form action (POST /app/generate.data, session token)",
    path: "/app/generate.data",
    contentType: "application/x-www-form-urlencoded",
    prefix: "intent=generate&instruction=",
    headers: bearer,
  },
};

interface PostOutcome {
  /** The HTTP status, or how the connection ended without one. */
  outcome: string;
  /** Bytes the client got into the connection before the server answered or closed it. */
  sentBytes: number;
  ms: number;
}

interface FloodRun {
  routeClass: RouteClass;
  framing: Framing;
  idleMiB: number;
  peakMiB: number;
  afterMiB: number;
  posts: PostOutcome[];
  /** The server exited during the flood (e.g. killed for memory). */
  serverExited: string | null;
}

/** NaN once the process is gone (a zombie's status has no VmRSS line). */
function rssMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
  } catch {
    return Number.NaN;
  }
}

interface Server {
  url: string;
  process: ChildProcess;
  /** The end of what the server wrote to stderr. */
  lastError(): string;
  stop(): Promise<void>;
}

/** `npm start` on the build: remix-serve under NODE_ENV=production, on its own port and database. */
async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [
      join(REPO_ROOT, "node_modules", "@remix-run", "serve", "dist", "cli.js"),
      join(REPO_ROOT, "build", "server", "index.js"),
    ],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        SHOPIFY_API_KEY: API_KEY,
        SHOPIFY_API_SECRET: API_SECRET,
        SHOPIFY_APP_URL: url,
        SCOPES,
        APP_ENCRYPTION_KEYS: `bench:${randomBytes(32).toString("base64")}`,
        WORKER_MODE: "external",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let errors = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => (errors = (errors + chunk).slice(-4_000)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The production build exited before answering:\n${errors}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The production build did not answer /healthz within 60 s:\n${errors}`);
    }
    const status = await fetch(`${url}/healthz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    process: child,
    lastError: () => errors,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 3_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * One POST of `totalBytes`, written as fast as the connection takes it; stops writing as soon as the server
 * answers or closes the connection. Its own connection (no agent), as separate clients would.
 */
async function floodPost(
  server: string,
  target: RouteTarget,
  framing: Framing,
  totalBytes: number,
): Promise<PostOutcome> {
  const started = performance.now();
  const url = new URL(target.path, server);
  const headers: Record<string, string> = { "Content-Type": target.contentType, ...(await target.headers()) };
  if (framing === "declared") headers["Content-Length"] = String(totalBytes);
  const filler = Buffer.alloc(1024 * 1024, "a");
  return new Promise<PostOutcome>((resolve) => {
    let sent = 0;
    let settled = false;
    const finish = (outcome: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ outcome, sentBytes: sent, ms: performance.now() - started });
      post.destroy();
    };
    const post = httpRequest(url, { method: "POST", headers, agent: false });
    const timer = setTimeout(() => finish("stuck"), POST_TIMEOUT_MS);
    post.on("response", (response) => {
      response.resume();
      // Whether the server said it closes the connection after answering (so it reads no more of the body).
      finish(`${response.statusCode}${response.headers.connection === "close" ? " (closed)" : ""}`);
    });
    post.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
    const write = () => {
      while (!settled && sent < totalBytes) {
        const chunk = sent === 0 ? Buffer.concat([Buffer.from(target.prefix), filler]) : filler;
        const piece = chunk.subarray(0, Math.min(chunk.length, totalBytes - sent));
        sent += piece.length;
        if (!post.write(piece)) {
          post.once("drain", write);
          return;
        }
      }
      if (!settled) post.end();
    };
    write();
  });
}

async function seedShop(database: TestDatabase): Promise<void> {
  await database.prisma.shop.create({ data: { domain: SHOP, scopes: SCOPES, latestInstallAt: new Date() } });
  // An offline session as token exchange leaves it (a plaintext token still reads, ADR 051): the session token
  // the posts carry authenticates without asking Shopify.
  await database.prisma.session.create({
    data: {
      id: `offline_${SHOP}`,
      shop: SHOP,
      state: "",
      isOnline: false,
      scope: SCOPES,
      accessToken: "shpat_body_flood_bench",
      expires: new Date(Date.now() + 24 * 3600_000),
    },
  });
}

async function floodOnce(
  database: TestDatabase,
  routeClass: RouteClass,
  framing: Framing,
  totalBytes: number,
): Promise<FloodRun> {
  const server = await startServer(database.url);
  const pid = server.process.pid ?? Number.NaN;
  try {
    // Idle: a few requests answered (as a running app has), then the median of a second of samples.
    for (let i = 0; i < 3; i++) await fetch(`${server.url}/healthz`).then((response) => response.arrayBuffer());
    const idleSamples: number[] = [];
    for (let i = 0; i < 50; i++) {
      idleSamples.push(rssMiB(pid));
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
    }
    idleSamples.sort((a, b) => a - b);
    const idleMiB = idleSamples[Math.floor(idleSamples.length / 2)] as number;

    let peakMiB = idleMiB;
    let serverExited: string | null = null;
    server.process.once("exit", (code, signal) => (serverExited = `exit ${code ?? signal}`));
    const sampler = setInterval(() => {
      const rss = rssMiB(pid);
      if (Number.isFinite(rss)) peakMiB = Math.max(peakMiB, rss);
    }, SAMPLE_EVERY_MS);
    const posts = await Promise.all(
      Array.from({ length: CONCURRENT_POSTS }, () => floodPost(server.url, TARGETS[routeClass], framing, totalBytes)),
    );
    // After: the server answers again and a second has passed (what stays allocated once the flood is over).
    await fetch(`${server.url}/healthz`).then(
      (response) => response.arrayBuffer(),
      () => undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    clearInterval(sampler);
    const afterMiB = rssMiB(pid);
    if (serverExited)
      serverExited = `${serverExited as string}: ${
        server
          .lastError()
          .split("\n")
          .find((line) => /Error\b/.test(line))
          ?.trim() ?? ""
      }`;
    return { routeClass, framing, idleMiB, peakMiB, afterMiB, posts, serverExited };
  } finally {
    await server.stop();
  }
}

const mb = (mib: number) => `${fixed(mib, 0)} MB`;

function describePosts(posts: PostOutcome[]): string {
  const outcomes = new Map<string, number>();
  for (const post of posts) outcomes.set(post.outcome, (outcomes.get(post.outcome) ?? 0) + 1);
  const answered = [...outcomes].map(([outcome, count]) => `${outcome} ×${count}`).join(", ");
  const sent = Math.max(...posts.map((post) => post.sentBytes)) / 2 ** 20;
  const slowest = Math.max(...posts.map((post) => post.ms)) / 1000;
  return `${answered}; at most ${fixed(sent, 1)} MB sent by a client, slowest ${fixed(slowest, 1)} s`;
}

function describeRun(run: FloodRun): string {
  const rss = `RSS idle ${mb(run.idleMiB)}, peak ${mb(run.peakMiB)} (+${mb(run.peakMiB - run.idleMiB)}), after ${mb(run.afterMiB)}`;
  return `${rss}; ${describePosts(run.posts)}${run.serverExited ? `; the server died (${run.serverExited})` : ""}`;
}

function parseArgs(argv: string[]) {
  let build = true;
  let megabytes = 300;
  let only: RouteClass[] = ["webhook", "login", "api", "app"];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--no-build") build = false;
    else if (arg === "--mb") megabytes = Number(argv[++i]);
    else if (arg === "--only") only = (argv[++i] ?? "").split(",") as RouteClass[];
  }
  return { build, megabytes, only };
}

async function measure(
  ctx: BenchContext,
  options: { build: boolean; megabytes: number; only: RouteClass[] },
): Promise<Omit<BenchResult, "durationMs">> {
  if (options.build) {
    ctx.log("building the app (npm run build)…");
    buildProductionApp();
  }
  const database = await createTestDatabase("postgres");
  const runs: FloodRun[] = [];
  try {
    await seedShop(database);
    for (const routeClass of options.only) {
      for (const framing of ["declared", "chunked"] as const) {
        ctx.log(`${TARGETS[routeClass].label}, ${framing}: ${CONCURRENT_POSTS} × ${options.megabytes} MB at once…`);
        const run = await floodOnce(database, routeClass, framing, options.megabytes * 1024 * 1024);
        ctx.log(`  ${describeRun(run)}`);
        runs.push(run);
      }
    }
  } finally {
    await database.close();
  }

  const worst = Math.max(...runs.map((run) => run.peakMiB - run.idleMiB));
  const met = runs.every((run) => run.peakMiB - run.idleMiB <= GOAL_ABOVE_IDLE_MIB && !run.serverExited);
  const figures: Array<[string, string]> = runs.map((run) => [
    `${TARGETS[run.routeClass].label}, ${run.framing}`,
    describeRun(run),
  ]);
  return {
    id: bodyFlood.id,
    title: bodyFlood.title,
    database: "PostgreSQL",
    figures,
    headline: `worst peak +${mb(worst)} above idle RSS over ${runs.length} floods of ${CONCURRENT_POSTS} × ${options.megabytes} MB`,
    baseline: "idle RSS of the same freshly started server",
    goal: `peak ≤ idle + ${GOAL_ABOVE_IDLE_MIB} MB on every route class, declared and chunked`,
    met,
    notes: runs
      .filter((run) => run.peakMiB - run.idleMiB > GOAL_ABOVE_IDLE_MIB || run.serverExited)
      .map(
        (run) =>
          `${TARGETS[run.routeClass].label}, ${run.framing}: +${mb(run.peakMiB - run.idleMiB)}${run.serverExited ? `, server ${run.serverExited}` : ""}`,
      ),
  };
}

export const bodyFlood: Benchmark = {
  id: "body-flood",
  number: 13,
  title: "Request bodies past their limit",
  summary:
    "Four 300 MB POSTs at once to each route class (webhook, login, extension API, app form) of the production build, with a declared length and chunked; the server's RSS sampled every 20 ms against its idle RSS.",
  run: (ctx) => measure(ctx, { build: true, megabytes: 300, only: ["webhook", "login", "api", "app"] }),
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const options = parseArgs(process.argv.slice(2));
  const result = await measure({ log: (line) => console.log(line), full: false }, options);
  console.log("");
  for (const [label, value] of result.figures) console.log(`${label}: ${value}`);
  console.log(`${result.headline}; goal: ${result.goal} → ${result.met ? "MET" : "NOT MET"}`);
  for (const note of result.notes) console.log(`note: ${note}`);
  process.exit(0);
}
