import { creditsText, sayMessage, t } from "./i18n";
/**
 * Calls from an admin extension to the Model Shots app. Shopify resolves a relative `fetch` to the app's URL and
 * adds a session token, which the app verifies (authenticate.admin). Answers are checked field by field before
 * use: zod would take most of an extension's 64 KB bundle budget.
 *
 * Shared by the three extensions through the workspace package @model-shots/extension-shared; each extension's
 * bundle takes in what it uses.
 */

export interface ApiFailure {
  ok: false;
  error: string;
  fieldErrors: Record<string, string>;
}

export type ApiResult<T> = { ok: true; data: T } | ApiFailure;

/** What a render sends to the try-on service, by name (never catalog ids). */
export interface WhatIsSent {
  garment: string;
  model: string;
  pose: string;
  background: string;
  credits: number;
}

export interface LookChoice {
  id: string | null;
  name: string;
  summary: string;
  credits: number;
  /** For one product: what its render sends, or null when the look cannot render it (`problem` says why). */
  sends: WhatIsSent | null;
  problem: string | null;
}

/** A product whose variants differ by colour: "one shot per colour" makes `renders` renders (1 when it falls back). */
export interface ProductColours {
  optionName: string;
  values: string[];
  renders: number;
  fallsBack: boolean;
  /** What one per colour does with this product, in words. */
  sentence: string | null;
}

/** What the product is and where the app read it; `choices` are the garments staff may pick instead. */
export interface GarmentDecisionWords {
  /** "garment": rendered as the sentence says; otherwise nothing is rendered until staff choose a garment. */
  kind: "garment" | "not_clothing" | "needs_choice" | "no_pose";
  sentence: string;
  choices: Array<{ value: string; label: string }>;
}

export interface ProductSummary {
  product: { id: string; title: string; imageUrl: string | null };
  /** Null from an app older than this bundle. */
  garment: GarmentDecisionWords | null;
  colours: ProductColours | null;
  looks: LookChoice[];
  problem: string | null;
  paused: string | null;
  reviewPath: string;
  generatePath: string;
}

export interface SkippedProduct {
  productId: string;
  title: string;
  reasonText: string;
}

/** A large collection that the app is reading from Shopify in the background: no estimate yet, ask again. */
export interface CollectionReading {
  scopeTitle: string;
  listed: number;
  expected: number;
  /** Where the listing is, in the bulk-run page's words; null from an app older than this bundle. */
  sentence: string | null;
  detail: string | null;
  /** Percent of the products stored (0 to 100), or null while Shopify is still exporting. */
  progress: number | null;
}

/** One shot per colour in a run's estimate: renders made per colour, for how many products, and what befalls each. */
export interface RunColours {
  renders: number;
  products: number;
  notes: Array<{ productId: string; title: string; text: string }>;
}

export interface RunPreview {
  reading: CollectionReading | null;
  summary: {
    scopeTitle: string;
    productCount: number;
    eligibleCount: number;
    skippedCount: number;
    skipped: SkippedProduct[];
    /** Products the app cannot place: left out of the run unless garments are chosen for them in the app. */
    needsChoiceCount: number;
    needsChoice: Array<{ productId: string; title: string; sentence: string }>;
    creditsPerRender: number;
    /** Renders made per product (1 to 4) and in all: candidates × eligible products. */
    candidatesPerProduct: number;
    renderCount: number;
    estimateCredits: number;
    /** What the run sends, per different set of options, with how many products. */
    sends: Array<WhatIsSent & { count: number }>;
    /** Present when one shot per colour was asked for: `eligibleCount` then counts colours' renders. */
    colours: RunColours | null;
  } | null;
  looks: LookChoice[];
  problem: string | null;
  paused: string | null;
}

export interface CreatedRender {
  renderId: string;
  /** Every render queued (colours × candidates), for the dialog to follow; [renderId] from an older app. */
  renderIds: string[];
  /** How many renders were queued: colours × candidates, or 1. */
  count: number;
  created: boolean;
  reviewPath: string;
}

/** Candidates per product the actions offer: the app refuses anything else. */
export const CANDIDATE_COUNTS = [1, 2, 3, 4] as const;

export interface StartedRun {
  runId: string;
  created: boolean;
  runPath: string;
}

type Guard<T> = (value: Record<string, unknown>) => T | null;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === "string" ? value : null);
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

function sentOf(value: unknown): WhatIsSent | null {
  if (!isRecord(value)) return null;
  const [garment, model, pose, background] = [value.garment, value.model, value.pose, value.background].map(str);
  const credits = num(value.credits);
  if (garment == null || model == null || pose == null || background == null || credits === null) return null;
  return { garment, model, pose, background, credits };
}

function looksOf(value: unknown): LookChoice[] | null {
  if (!Array.isArray(value)) return null;
  const looks: LookChoice[] = [];
  for (const item of value) {
    if (!isRecord(item)) return null;
    const name = str(item.name);
    const credits = num(item.credits);
    if (name === null || credits === null) return null;
    looks.push({
      id: str(item.id),
      name,
      summary: str(item.summary) ?? "",
      credits,
      sends: sentOf(item.sends),
      problem: str(item.problem),
    });
  }
  return looks;
}

function garmentOf(value: unknown): GarmentDecisionWords | null {
  if (!isRecord(value) || !Array.isArray(value.choices)) return null;
  const kind = str(value.kind);
  const sentence = str(value.sentence);
  if (kind !== "garment" && kind !== "not_clothing" && kind !== "needs_choice" && kind !== "no_pose") return null;
  if (sentence === null) return null;
  const choices = value.choices.flatMap((item) => {
    const choice = isRecord(item) ? { value: str(item.value), label: str(item.label) } : null;
    return choice?.value && choice.label ? [{ value: choice.value, label: choice.label }] : [];
  });
  return { kind, sentence, choices };
}

function coloursOf(value: unknown): ProductColours | null {
  if (!isRecord(value) || !Array.isArray(value.values)) return null;
  const optionName = str(value.optionName);
  const renders = num(value.renders);
  const values = value.values.map(str).filter((item): item is string => item !== null);
  if (optionName === null || renders === null) return null;
  return { optionName, values, renders, fallsBack: value.fallsBack === true, sentence: str(value.sentence) };
}

export const readProductSummary: Guard<ProductSummary> = (body) => {
  const product = isRecord(body.product) ? body.product : null;
  const looks = looksOf(body.looks);
  const id = str(product?.id);
  const title = str(product?.title);
  const reviewPath = str(body.reviewPath);
  const generatePath = str(body.generatePath);
  if (!product || !looks || id === null || title === null || reviewPath === null || generatePath === null) return null;
  return {
    product: { id, title, imageUrl: str(product.imageUrl) },
    garment: garmentOf(body.garment),
    colours: coloursOf(body.colours),
    looks,
    problem: str(body.problem),
    paused: str(body.paused),
    reviewPath,
    generatePath,
  };
};

function readingOf(value: unknown): CollectionReading | null {
  if (!isRecord(value)) return null;
  const listed = num(value.listed);
  const expected = num(value.expected);
  if (listed === null || expected === null) return null;
  const progress = num(value.progress);
  return {
    scopeTitle: str(value.scopeTitle) ?? "",
    listed,
    expected,
    sentence: str(value.sentence),
    detail: str(value.detail),
    // A bar only for a percentage; anything else is shown as the sentence alone.
    progress: progress !== null && progress >= 0 && progress <= 100 ? progress : null,
  };
}

function runColoursOf(value: unknown): RunColours | null {
  if (!isRecord(value) || !Array.isArray(value.notes)) return null;
  const renders = num(value.renders);
  const products = num(value.products);
  if (renders === null || products === null) return null;
  const notes = value.notes.flatMap((item): RunColours["notes"] => {
    if (!isRecord(item)) return [];
    const productId = str(item.productId);
    const title = str(item.title);
    const text = str(item.text);
    return productId && title && text ? [{ productId, title, text }] : [];
  });
  return { renders, products, notes };
}

export const readRunPreview: Guard<RunPreview> = (body) => {
  const summary = isRecord(body.summary) ? body.summary : null;
  const looks = looksOf(body.looks);
  const reading = readingOf(body.listing);
  if (looks && reading) return { reading, summary: null, looks, problem: str(body.problem), paused: str(body.paused) };
  if (!summary || !looks || !Array.isArray(summary.skipped)) return null;
  const numbers = ["productCount", "eligibleCount", "skippedCount", "creditsPerRender", "estimateCredits"].map((key) =>
    num(summary[key]),
  );
  const [productCount, eligibleCount, skippedCount, creditsPerRender, estimateCredits] = numbers;
  if (
    productCount == null ||
    eligibleCount == null ||
    skippedCount == null ||
    creditsPerRender == null ||
    estimateCredits == null
  )
    return null;
  const skipped = summary.skipped.flatMap((item): SkippedProduct[] => {
    if (!isRecord(item)) return [];
    const productId = str(item.productId);
    const title = str(item.title);
    const reasonText = str(item.reasonText);
    return productId && title && reasonText ? [{ productId, title, reasonText }] : [];
  });
  const sends = (Array.isArray(summary.sends) ? summary.sends : []).flatMap((item) => {
    const sent = sentOf(item);
    const count = isRecord(item) ? num(item.count) : null;
    return sent && count !== null ? [{ ...sent, count }] : [];
  });
  const candidatesPerProduct = num(summary.candidatesPerProduct) ?? 1;
  const needsChoice = (Array.isArray(summary.needsChoice) ? summary.needsChoice : []).flatMap((item) => {
    if (!isRecord(item)) return [];
    const [productId, title, sentence] = [item.productId, item.title, item.sentence].map(str);
    return productId && title && sentence ? [{ productId, title, sentence }] : [];
  });
  return {
    reading: null,
    summary: {
      scopeTitle: str(summary.scopeTitle) ?? "",
      productCount,
      eligibleCount,
      skippedCount,
      skipped,
      needsChoiceCount: num(summary.needsChoiceCount) ?? needsChoice.length,
      needsChoice,
      creditsPerRender,
      candidatesPerProduct,
      renderCount: num(summary.renderCount) ?? eligibleCount * candidatesPerProduct,
      estimateCredits,
      sends,
      colours: runColoursOf(summary.colours),
    },
    looks,
    problem: str(body.problem),
    paused: str(body.paused),
  };
};

export const readCreatedRender: Guard<CreatedRender> = (body) => {
  const renderId = str(body.renderId);
  const reviewPath = str(body.reviewPath);
  const count = num(body.count) ?? (Array.isArray(body.renderIds) ? body.renderIds.length : 1);
  const listed = Array.isArray(body.renderIds) ? body.renderIds.map(str).filter((id): id is string => !!id) : [];
  if (!renderId || !reviewPath) return null;
  return {
    renderId,
    renderIds: listed.length > 0 ? listed : [renderId],
    count,
    created: body.created === true,
    reviewPath,
  };
};

/** Where a queued render is, as the dialog tells it; `reason` (worded by the app) for a failed one. */
export interface RenderProgress {
  renders: Array<{
    id: string;
    stage: "waiting" | "rendering" | "in_review" | "published" | "failed";
    reason: string | null;
  }>;
  settled: boolean;
}

const STAGES = new Set(["waiting", "rendering", "in_review", "published", "failed"]);

export const readRenderProgress: Guard<RenderProgress> = (body) => {
  if (!Array.isArray(body.renders)) return null;
  const renders = body.renders.flatMap((item): RenderProgress["renders"] => {
    if (!isRecord(item)) return [];
    const id = str(item.id);
    const stage = str(item.stage);
    if (!id || !stage || !STAGES.has(stage)) return [];
    return [{ id, stage: stage as RenderProgress["renders"][number]["stage"], reason: str(item.reason) }];
  });
  return { renders, settled: body.settled === true };
};

/**
 * How often a dialog with work in flight asks the app again: the app's pages' interval
 * (app/components/use-live-loader.ts, LIVE_INTERVAL_MS), so no open view shows a state older than that.
 */
export const LIVE_INTERVAL_MS = 3_000;

export const readStartedRun: Guard<StartedRun> = (body) => {
  const runId = str(body.runId);
  const runPath = str(body.runPath);
  return runId && runPath ? { runId, created: body.created === true, runPath } : null;
};

/**
 * The path with the dialog's language: the tag of the locale file Shopify chose for this extension (its `locale`
 * key), so the app words its answers (decisions, skip reasons, refusals) in the language of the dialog (ADR 094).
 */
export function withDialogLocale(path: string): string {
  const locale = t("locale");
  if (!locale || locale === "locale") return path;
  return `${path}${path.includes("?") ? "&" : "?"}locale=${encodeURIComponent(locale)}`;
}

/** GET (no body) or POST (JSON body) to the app; every failure comes back as words for staff. */
export async function callApp<T>(path: string, read: Guard<T>, body?: unknown): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(
      withDialogLocale(path),
      body === undefined
        ? undefined
        : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) },
    );
  } catch {
    return { ok: false, error: t("errors.unreachable"), fieldErrors: {} };
  }
  const json: unknown = await response.json().catch(() => null);
  if (isRecord(json) && json.ok === true) {
    const data = read(json);
    if (data) return { ok: true, data };
  }
  if (isRecord(json) && json.ok === false) {
    const fieldErrors: Record<string, string> = {};
    if (isRecord(json.fieldErrors))
      for (const [key, value] of Object.entries(json.fieldErrors))
        if (typeof value === "string") fieldErrors[key] = value;
    return { ok: false, error: sayMessage(str(json.error) ?? t("errors.failed")), fieldErrors };
  }
  // The app refuses a body over its limit before reading it, in plain text (app/web/body-limits.server.ts): a
  // request too large to send, not an answer this screen failed to read. Each extension says what to do instead.
  if (response.status === 413) return { ok: false, error: t("errors.tooLarge"), fieldErrors: {} };
  return {
    ok: false,
    error: t("errors.unreadable", { status: response.status }),
    fieldErrors: {},
  };
}

/** One key per action shown: a second click sends the same key, and the app creates one render or run. */
export function newRequestKey(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Credits in the staff member's language (kept under its old name for the extensions' call sites). */
export const formatCredits = creditsText;

/** A link into the embedded app from an admin extension (`app:` is resolved against the app's URL). */
export function appLink(path: string): string {
  return `app:${path.replace(/^\//, "")}`;
}
