import type { PrismaClient } from "@prisma/client";
import { z } from "zod";
import {
  countRendersByState,
  creditsSince,
  publishedSince,
  rendersNeedingPerson,
  startOfMonthUtc,
  sumCounts,
} from "~/renders/listings/render-listings.server";
import { colourLabelOf, variantColourOf } from "~/renders/lifecycle/variant-colour";
import { IN_PROGRESS_STATES } from "~/renders/lifecycle/render-states";
import { resumeShop } from "~/shops/pause.server";
import { env } from "~/env.server";
import { settingsViewOf } from "~/settings/settings.server";
import { workerSilence } from "~/worker/heartbeat";
import { parseForm } from "~/web/forms";
import { failure, type FormFailure } from "~/lib/validation";
import { messageKey } from "~/lib/staff-message";

type Db = PrismaClient;

export interface ProblemRender {
  id: string;
  productId: string;
  productTitle: string;
  /** "Color: Red" for a render made for one colour (one shot per colour), else null. */
  colourLabel: string | null;
  creditsCost: number;
  message: string | null;
  since: string;
}

export interface HomeView {
  shop: string;
  /** No key and no render yet: the first-install state that leads to Settings. */
  firstRun: boolean;
  hasKey: boolean;
  inProgress: number;
  awaitingReview: number;
  publishedThisMonth: number;
  credits: { charged: number; refunded: number };
  monthStart: string;
  paused: { reason: string; message: string; at: string } | null;
  submitUnknown: { count: number; renders: ProblemRender[] };
  stalled: { count: number; renders: ProblemRender[] };
  /** No worker has checked in for two minutes: renders would sit waiting with nobody told. */
  workerSilent: { lastSeenAt: string | null } | null;
}

export async function loadHome(db: Db, shop: string, now = new Date()): Promise<HomeView> {
  const monthStart = startOfMonthUtc(now);
  const [settings, counts, credits, publishedThisMonth, unknown, stalled, worker] = await Promise.all([
    db.shopSettings.findUnique({ where: { shop } }),
    countRendersByState(db, { shop }),
    creditsSince(db, shop, monthStart),
    publishedSince(db, shop, monthStart),
    rendersNeedingPerson(db, shop, "submit_unknown"),
    rendersNeedingPerson(db, shop, "stalled"),
    workerSilence(db),
  ]);
  const view = settingsViewOf(settings, env().TRYON_DEFAULT_BASE_URL);
  const problem = (row: (typeof unknown)[number]): ProblemRender => ({
    id: row.id,
    productId: row.productId,
    productTitle: row.productTitle,
    colourLabel: colourLabelOf(variantColourOf(row.variantColour)),
    creditsCost: row.creditsCost,
    message: row.errorMessage,
    since: (row.submittedAt ?? row.submittingAt ?? row.createdAt).toISOString(),
  });
  return {
    shop,
    firstRun: !view.hasKey && sumCounts(counts) === 0,
    hasKey: view.hasKey,
    inProgress: sumCounts(counts, IN_PROGRESS_STATES),
    awaitingReview: counts.in_review ?? 0,
    publishedThisMonth,
    credits,
    monthStart: monthStart.toISOString(),
    paused: view.paused,
    submitUnknown: { count: counts.submit_unknown ?? 0, renders: unknown.map(problem) },
    stalled: { count: counts.stalled ?? 0, renders: stalled.map(problem) },
    workerSilent: worker.silent ? { lastSeenAt: worker.lastSeenAt?.toISOString() ?? null } : null,
  };
}

const homeActionSchema = z.object({
  intent: z.literal("resume-shop", { error: messageKey("common:errors.unavailable") }),
});

/** `message` is an encoded StaffMessage (home.json): the page words it in the staff member's language. */
export type HomeActionResult = { ok: true; message: string } | FormFailure;

/** Staff added credits at the service (or fixed the account) and ask for work to continue. */
export async function homeAction(db: Db, shop: string, formData: FormData): Promise<HomeActionResult> {
  const parsed = parseForm(homeActionSchema, formData);
  if (!parsed.ok) return failure(parsed.fieldErrors, messageKey("common:errors.unavailable"));
  await resumeShop(db, shop);
  return { ok: true, message: messageKey("home:resumed") };
}
