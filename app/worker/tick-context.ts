import type { PrismaClient } from "@prisma/client";
import { backoffDelayMs } from "~/lib/backoff";
import type { Metrics } from "~/metrics/metrics.server";
import type { RenderColourScorer } from "~/colour/render-colour.server";
import type { RenderMedia } from "~/renders/review/media-port";
import { TryOnError } from "~/tryon";
import type { makeServiceGates, TickGateState } from "./service-gates";
import type { ShopRuntime } from "./shop-runtime";
import type { TransferGc } from "./transfer-gc";
import type { WorkerConfig } from "./worker-config";

export interface WorkerLogger {
  info(message: string, context?: Record<string, unknown>): void;
  warn(message: string, context?: Record<string, unknown>): void;
  error(message: string, context?: Record<string, unknown>): void;
}

/** Everything a step needs during one tick; built by the worker, so steps are plain functions. */
export interface TickContext {
  db: PrismaClient;
  config: WorkerConfig;
  /** The clock, read when a step needs the current time (steps run for a while). */
  now(): Date;
  random(): number;
  logger: WorkerLogger;
  runtimes: Map<string, ShopRuntime>;
  gates: ReturnType<typeof makeServiceGates>;
  tickGates: TickGateState;
  renderMediaFor(shop: string): Promise<RenderMedia>;
  /** Colour fidelity before review; absent: renders reach review unscored. */
  scoreRenderColour?: RenderColourScorer | undefined;
  /** Told the bytes of each import (ADR 058). */
  transferGc?: TransferGc | undefined;
  /** Aborted when the worker shuts down: polls stop, submits are let finish. */
  signal: AbortSignal;
  /** For /metrics (app/metrics); absent in tests that do not look at them. */
  metrics?: Metrics | undefined;
}

/** Exponential back-off with jitter for a step that failed `attempt` times (the first failure waits about retryBaseMs). */
export function backoffMs(ctx: Pick<TickContext, "config" | "random">, attempt: number): number {
  return backoffDelayMs(
    Math.max(0, attempt - 1),
    { baseDelayMs: ctx.config.retryBaseMs, maxDelayMs: ctx.config.retryMaxMs },
    ctx.random,
  );
}

/**
 * Waits `ms`, or less if `signal` aborts first (a stopping worker does not sit out its sleep). The listener goes
 * when the sleep ends: the worker sleeps every tick on one lifetime signal, which must not collect them.
 */
export const abortableSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    if (signal?.aborted) done();
    else signal?.addEventListener("abort", done, { once: true });
  });

export const later = (ctx: Pick<TickContext, "now">, ms: number) => new Date(ctx.now().getTime() + ms);

/** Short text for logs and staff, never a stack trace or a key. */
export function describeError(error: unknown): string {
  if (error instanceof TryOnError) return error.serviceMessage ?? error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
