import type { Prisma, PrismaClient } from "@prisma/client";
import type { CatalogResult } from "~/tryon/catalog-view";
import { posesFromCatalog } from "~/catalog/product-garment";
import { logBulkTransition } from "~/renders/lifecycle/transition-log";
import { lockShopQueue, lookKeyOf, type QueueLimits } from "~/renders/lifecycle/queue-renders.server";
import { planRun, SKIPPED_SHOWN, type RunPlan } from "~/renders/runs/plan-run.server";
import { createRunWithRenders } from "~/renders/runs/start-run.server";
import { enabledRules, type ActiveRule } from "./automation-rules.server";
import { budgetMonthOf, budgetRoom, productsWithinBudget, recordSpend } from "./automation-budget.server";
import { productForRenderOfSnapshot, productSnapshotSchema, type ProductSnapshot } from "./product-snapshot";
import { ruleMatches } from "./rule-match";

/**
 * Gathering a shop's recorded products/create and products/update deliveries into automatic runs (ADR 076). The
 * webhook only records; once a shop's deliveries have been quiet for a while (or the oldest has waited long enough)
 * a worker takes them all: each product's newest state decides, each enabled rule gets one run of the products it
 * matches, planned by planRun and created by createRunWithRenders like any bulk run, within its monthly budget.
 */

export interface GatherTimings {
  /** No delivery for this long: the burst is over. */
  quietMs: number;
  /** A stream that never pauses is gathered anyway once its oldest delivery waited this long. */
  maxWaitMs: number;
}

/** Which products of a list are in a collection, from Shopify (the payload does not say). */
export type CollectionMembership = (collectionId: string, productIds: string[]) => Promise<Set<string>>;

export interface GatherDeps {
  db: PrismaClient;
  now: () => Date;
  limits: QueueLimits;
  catalogFor(shop: string): Promise<CatalogResult>;
  membershipFor(shop: string): Promise<CollectionMembership>;
}

/** Shops with pending deliveries that are due to be gathered, oldest first. */
export async function shopsReadyToGather(
  db: Pick<PrismaClient, "$queryRaw">,
  now: Date,
  timings: GatherTimings,
  limit = 10,
): Promise<string[]> {
  const quietSince = new Date(now.getTime() - timings.quietMs);
  const waitedSince = new Date(now.getTime() - timings.maxWaitMs);
  const rows = await db.$queryRaw<Array<{ shop: string }>>`
    SELECT d.shop FROM "AutomationDelivery" d
    WHERE d."processedAt" IS NULL
    GROUP BY d.shop
    HAVING max(d."receivedAt") <= ${quietSince} OR min(d."receivedAt") <= ${waitedSince}
    ORDER BY min(d."receivedAt")
    LIMIT ${limit}`;
  return rows.map((row) => row.shop);
}

interface Pending {
  webhookId: string;
  productId: string;
  productUpdatedAt: Date;
  receivedAt: Date;
  product: Prisma.JsonValue;
}

/** Each product's newest state: deliveries arrive out of order and repeated; the latest updated_at wins. */
export function latestStates(pending: Pending[]): Map<string, ProductSnapshot> {
  const newest = new Map<string, Pending>();
  for (const row of pending) {
    const held = newest.get(row.productId);
    const newer =
      !held ||
      row.productUpdatedAt > held.productUpdatedAt ||
      (row.productUpdatedAt.getTime() === held.productUpdatedAt.getTime() && row.receivedAt > held.receivedAt);
    if (newer) newest.set(row.productId, row);
  }
  const states = new Map<string, ProductSnapshot>();
  for (const [productId, row] of newest) {
    const parsed = productSnapshotSchema.safeParse(row.product);
    if (parsed.success) states.set(productId, parsed.data);
  }
  return states;
}

export interface GatheredRun {
  ruleId: string;
  runId: string | null;
  products: number;
  credits: number;
  overBudget: number;
  skipped: number;
}

export interface GatherOutcome {
  shop: string;
  deliveries: number;
  runs: GatheredRun[];
  dropped: number;
  /** Another worker took the shop's deliveries first, or the shop is uninstalled. */
  skippedReason?: "taken" | "uninstalled";
}

/** Gathers one shop's pending deliveries; safe for any number of workers at once (the shop's queue lock decides). */
export async function gatherShopDeliveries(deps: GatherDeps, shop: string): Promise<GatherOutcome> {
  const { db } = deps;
  const pending = await db.automationDelivery.findMany({
    where: { shop, processedAt: null },
    select: { webhookId: true, productId: true, productUpdatedAt: true, receivedAt: true, product: true },
  });
  const outcome: GatherOutcome = { shop, deliveries: 0, runs: [], dropped: 0 };
  if (pending.length === 0) return outcome;
  const shopRow = await db.shop.findUnique({ where: { domain: shop }, select: { uninstalledAt: true } });
  const rules = shopRow?.uninstalledAt === null ? await enabledRules(db, shop) : [];
  const states = latestStates(pending);
  // Shopify is asked before the transaction: a network call never holds the shop's queue lock.
  const membership = await collectionAnswers(deps, shop, rules, states);
  const catalog = rules.length > 0 ? await deps.catalogFor(shop) : null;
  const webhookIds = pending.map((row) => row.webhookId);

  return db.$transaction(
    async (tx) => {
      // The shop's row first, shared: an app/uninstalled (FOR UPDATE) waits for this gather or is seen by it, and
      // never holds the row while this transaction's inserts (which reference it) wait for it.
      const [current] = await tx.$queryRaw<Array<{ uninstalledAt: Date | null }>>`
        SELECT "uninstalledAt" FROM "Shop" WHERE domain = ${shop} FOR SHARE`;
      await lockShopQueue(tx, shop);
      // Only the deliveries read above, and only if no other worker gathered them meanwhile (it held the same lock).
      const marked = await tx.automationDelivery.updateMany({
        where: { shop, webhookId: { in: webhookIds }, processedAt: null },
        data: { processedAt: deps.now() },
      });
      if (marked.count !== webhookIds.length) {
        // Partly taken: roll back and let the next pass read the shop afresh.
        if (marked.count > 0) throw new GatherRaced();
        return { ...outcome, skippedReason: "taken" as const };
      }
      outcome.deliveries = marked.count;
      if (!current || current.uninstalledAt !== null) return { ...outcome, skippedReason: "uninstalled" as const };
      const settings = await tx.shopSettings.findUnique({
        where: { shop },
        select: { automationMonthlyBudgetCredits: true },
      });
      const month = budgetMonthOf(deps.now());
      for (const rule of rules) {
        const inCollection = (productId: string) =>
          rule.match.collectionId === null ? null : (membership.get(rule.match.collectionId)?.has(productId) ?? false);
        const matching: ProductSnapshot[] = [];
        const notMatching: string[] = [];
        for (const [productId, product] of states) {
          if (ruleMatches(rule.match, product, inCollection(productId)).matches) matching.push(product);
          else notMatching.push(productId);
        }
        outcome.dropped += await dropStoppedMatching(tx, rule, notMatching, deps.now());
        const gathered = await queueRuleRun(tx, {
          rule,
          products: matching,
          catalog,
          month,
          shopBudget: settings?.automationMonthlyBudgetCredits ?? null,
          limits: deps.limits,
        });
        if (gathered) outcome.runs.push(gathered);
      }
      return outcome;
    },
    { timeout: 120_000 },
  );
}

/** Thrown to roll back a gather that found some of its deliveries already taken. */
export class GatherRaced extends Error {
  constructor() {
    super("Another worker gathered some of these deliveries first.");
    this.name = "GatherRaced";
  }
}

async function collectionAnswers(
  deps: GatherDeps,
  shop: string,
  rules: ActiveRule[],
  states: Map<string, ProductSnapshot>,
): Promise<Map<string, Set<string>>> {
  const answers = new Map<string, Set<string>>();
  const collections = [...new Set(rules.flatMap((rule) => rule.match.collectionId ?? []))];
  if (collections.length === 0) return answers;
  const ask = await deps.membershipFor(shop);
  for (const collectionId of collections) {
    // Only products the rest of some rule takes are asked about.
    const candidates = [...states.values()]
      .filter((product) =>
        rules.some(
          (rule) => rule.match.collectionId === collectionId && ruleMatches(rule.match, product, true).matches,
        ),
      )
      .map((product) => product.id);
    answers.set(collectionId, candidates.length > 0 ? await ask(collectionId, candidates) : new Set());
  }
  return answers;
}

/**
 * A product that no longer matches a rule whose render of it has not started yet: the render is cancelled (like a
 * deleted product's), the credits committed for it are given back, and a later match may queue it again.
 */
async function dropStoppedMatching(
  tx: Prisma.TransactionClient,
  rule: ActiveRule,
  productIds: string[],
  at: Date,
): Promise<number> {
  if (productIds.length === 0) return 0;
  const held = await tx.automationProduct.findMany({ where: { ruleId: rule.id, productId: { in: productIds } } });
  let dropped = 0;
  for (const entry of held) {
    const cancelled = await tx.render.updateMany({
      where: { shop: rule.shop, runId: entry.runId, productId: entry.productId, state: "queued" },
      data: {
        state: "cancelled",
        finishedAt: at,
        nextAttemptAt: null,
        errorCode: "automation_no_longer_matches",
        errorMessage: "The product no longer matches the automation rule.",
        leaseToken: { increment: 1 },
      },
    });
    if (cancelled.count === 0) continue;
    const total = await tx.render.count({ where: { runId: entry.runId, productId: entry.productId } });
    // Every render of the product was still waiting: nothing of it started, so nothing of it was spent.
    if (cancelled.count < total) continue;
    await tx.automationProduct.delete({
      where: { ruleId_productId_lookKey: { ruleId: rule.id, productId: entry.productId, lookKey: entry.lookKey } },
    });
    await recordSpend(tx, {
      shop: rule.shop,
      ruleId: rule.id,
      month: entry.month,
      credits: -entry.credits,
      renders: -cancelled.count,
    });
    logBulkTransition(
      { shop: rule.shop, from: "queued", to: "cancelled", count: cancelled.count, reason: "no longer matches rule" },
      at,
    );
    dropped += 1;
  }
  return dropped;
}

async function queueRuleRun(
  tx: Prisma.TransactionClient,
  input: {
    rule: ActiveRule;
    products: ProductSnapshot[];
    catalog: CatalogResult | null;
    month: string;
    shopBudget: number | null;
    limits: QueueLimits;
  },
): Promise<GatheredRun | null> {
  const { rule } = input;
  if (input.products.length === 0 || !input.catalog) return null;
  const lookKey = lookKeyOf(rule.options);
  // At most once per look by a rule, however many updates arrive.
  const done = new Set(
    (
      await tx.automationProduct.findMany({
        where: { ruleId: rule.id, lookKey, productId: { in: input.products.map((product) => product.id) } },
        select: { productId: true },
      })
    ).map((row) => row.productId),
  );
  const fresh = input.products.filter((product) => !done.has(product.id));
  if (fresh.length === 0) return null;
  const plan = await planRun(tx, fresh.map(productForRenderOfSnapshot), {
    shop: rule.shop,
    options: rule.options,
    regenerate: false,
    candidates: rule.candidates,
    posesFor: posesFromCatalog(input.catalog, rule.options.poseId),
  });
  const perProduct = plan.creditsPerRender * plan.candidatesPerProduct;
  const room = await budgetRoom(tx, {
    shop: rule.shop,
    ruleId: rule.id,
    month: input.month,
    ruleBudget: rule.monthlyBudgetCredits,
    shopBudget: input.shopBudget,
  });
  const fits = productsWithinBudget(room, perProduct, plan.eligible.length);
  const overBudget = plan.eligible.slice(fits);
  const taken: RunPlan = { ...plan, eligible: plan.eligible.slice(0, fits), estimateCredits: fits * perProduct };
  const skipped = [
    ...plan.skipped.map((skip) => ({ productId: skip.productId, title: skip.title, reason: skip.reason })),
    ...plan.needsChoice.map((item) => ({ productId: item.productId, title: item.title, reason: "needs_choice" })),
    ...overBudget.map(({ product }) => ({ productId: product.id, title: product.title, reason: "over_budget" })),
  ];
  const count = taken.eligible.length;
  // A gather that only found products over the budget (or already approved) makes no empty run; one that skipped a
  // product for what it is (a bag, no photo) lists it in a run staff can open.
  const listable = skipped.some((entry) => entry.reason !== "over_budget" && entry.reason !== "already_approved");
  if (count === 0 && !listable) return null;
  const run = await createRunWithRenders(tx, {
    shop: rule.shop,
    plan: taken,
    options: rule.options,
    scope: {
      kind: "automation",
      ruleId: rule.id,
      title: `${rule.name}, automatic: ${count.toLocaleString("en-US")} ${count === 1 ? "product" : "products"}`,
      skipped: skipped.slice(0, SKIPPED_SHOWN),
    },
    // The run's own budget is what was committed for it: the claim's run budget holds it too.
    budgetCredits: taken.estimateCredits,
    ruleId: rule.id,
    limits: input.limits,
  });
  if (count > 0) {
    await tx.automationProduct.createMany({
      data: taken.eligible.map(({ product }) => ({
        ruleId: rule.id,
        productId: product.id,
        lookKey,
        runId: run.id,
        credits: perProduct,
        month: input.month,
      })),
    });
    await recordSpend(tx, {
      shop: rule.shop,
      ruleId: rule.id,
      month: input.month,
      credits: taken.estimateCredits,
      renders: count * taken.candidatesPerProduct,
    });
  }
  return {
    ruleId: rule.id,
    runId: run.id,
    products: count,
    credits: taken.estimateCredits,
    overBudget: overBudget.length,
    skipped: skipped.length,
  };
}
