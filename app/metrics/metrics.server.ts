import type { PrismaClient } from "@prisma/client";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { RENDER_STATES } from "~/renders/lifecycle/render-states";

type Db = Pick<PrismaClient, "$queryRaw">;

/**
 * What operators watch (docs/operations.md lists the alerts). Two kinds of figure:
 * - events this process saw (submits, polls and their lateness, imports, throttle waits, service errors): counters
 *   and histograms per process, summed across processes by the scraper;
 * - the database's state (renders by state, credits charged and refunded): read at scrape time, the same from
 *   every process, so take max() across processes, not sum().
 */
export function makeMetrics(db: Db, options: { process: "web" | "worker" }) {
  const registry = new Registry();
  registry.setDefaultLabels({ process: options.process });
  collectDefaultMetrics({ register: registry, prefix: "model_shots_" });

  new Gauge({
    name: "model_shots_renders",
    help: "Renders by state, from the database (the same on every process: aggregate with max)",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      const rows = await db.$queryRaw<Array<{ state: string; n: number }>>`
        SELECT state::text AS state, count(*)::int AS n FROM "Render" GROUP BY state`;
      const counts = new Map(rows.map((row) => [row.state, row.n]));
      for (const state of RENDER_STATES) this.set({ state }, counts.get(state) ?? 0);
    },
  });
  new Gauge({
    name: "model_shots_credits",
    help: "Credits charged and refunded since the start, from the database (aggregate with max)",
    labelNames: ["kind"],
    registers: [registry],
    async collect() {
      const [row] = await db.$queryRaw<Array<{ charged: number; refunded: number }>>`
        SELECT coalesce(sum("creditsCharged"), 0)::int AS charged, coalesce(sum("creditsRefunded"), 0)::int AS refunded
        FROM "Render"`;
      this.set({ kind: "charged" }, row?.charged ?? 0);
      this.set({ kind: "refunded" }, row?.refunded ?? 0);
    },
  });

  return {
    registry,
    submits: new Counter({
      name: "model_shots_submits_total",
      help: "Submits claimed by this worker (each may become one paid call)",
      registers: [registry],
    }),
    polls: new Counter({
      name: "model_shots_polls_total",
      help: "Status polls claimed by this worker",
      registers: [registry],
    }),
    lateness: new Histogram({
      name: "model_shots_step_lateness_seconds",
      help: "How long after it was due a step (submit, poll, import, publish) was claimed",
      labelNames: ["step"],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
      registers: [registry],
    }),
    importBytes: new Histogram({
      name: "model_shots_import_bytes",
      help: "Size of each rendered image imported into Shopify Files",
      buckets: [256e3, 512e3, 1e6, 2e6, 4e6, 8e6, 16e6],
      registers: [registry],
    }),
    importSeconds: new Histogram({
      name: "model_shots_import_duration_seconds",
      help: "Time to download a render and upload it to Shopify Files",
      buckets: [0.25, 0.5, 1, 2, 5, 10, 30, 60],
      registers: [registry],
    }),
    throttleWaitSeconds: new Counter({
      name: "model_shots_shopify_throttle_wait_seconds_total",
      help: "Time spent waiting on Shopify's Admin API cost throttle",
      registers: [registry],
    }),
    serviceErrors: new Counter({
      name: "model_shots_service_errors_total",
      help: "Failed calls to the try-on service, by class (rate_limited, unavailable, auth, invalid_request, ...)",
      labelNames: ["class"],
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof makeMetrics>;

/** Worker steps by the state they are claimed in. */
export const STEP_OF_STATE: Partial<Record<string, string>> = {
  queued: "submit",
  running: "poll",
  stalled: "poll",
  rendered: "import",
  import_failed: "import",
  importing: "import",
  publishing: "publish",
};

/**
 * The try-on client with every failed call counted by its class (app/tryon/errors.ts: rate_limited,
 * unavailable, auth, ...). The calls themselves are unchanged.
 */
export function countServiceErrors<T extends object>(client: T, metrics: Pick<Metrics, "serviceErrors">): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const outcome: unknown = Reflect.apply(value, target, args);
        if (!(outcome instanceof Promise)) return outcome;
        return outcome.catch((error: unknown) => {
          const kind = (error as { kind?: unknown } | null)?.kind;
          metrics.serviceErrors.inc({ class: typeof kind === "string" ? kind : "other" });
          throw error;
        });
      };
    },
  });
}
