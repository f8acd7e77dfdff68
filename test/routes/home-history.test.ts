import type { Render } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedRenders } from "../../harness/render-fixtures";
import {
  getAs,
  jsonOf,
  postFormAs,
  respond,
  startMerchantApp,
  type MerchantApp,
  type RouteFunction,
} from "../support/merchant-app";
import { wordsFor } from "~/i18n/words.server";

// Sentences from below the screens are message keys; these read them in English through the messages file.
const english = wordsFor("en");

const SHOP = "home-a.myshopify.com";
const OTHER = "home-b.myshopify.com";
const FRESH = "home-fresh.myshopify.com";

describe("Home and History", () => {
  let app: MerchantApp;
  let home: { loader: RouteFunction; action: RouteFunction };
  let history: { loader: RouteFunction; action: RouteFunction };
  let unknown: Render;
  let failed: Render;

  beforeAll(async () => {
    app = await startMerchantApp();
    home = await import("~/routes/app._index/route");
    history = await import("~/routes/app.history/route");
    for (const shop of [SHOP, OTHER, FRESH]) await app.installShop(shop);
    await app.saveServiceKey(SHOP);
    const db = app.database.prisma;
    const now = new Date();
    await seedRenders(db, SHOP, 3, { state: "running", creditsCharged: 5, submittedAt: now });
    await seedRenders(db, SHOP, 2, { state: "in_review", creditsCharged: 5 });
    await seedRenders(db, SHOP, 4, { state: "published", creditsCharged: 5, publishedAt: now });
    await seedRenders(db, SHOP, 1, {
      state: "published",
      creditsCharged: 5,
      publishedAt: new Date(Date.UTC(2020, 0, 1)),
    });
    [unknown] = (
      await seedRenders(db, SHOP, 1, {
        state: "submit_unknown",
        errorCode: "submit_outcome_unknown",
        errorMessage: "The try-on service did not confirm this render.",
        submittingAt: now,
        nextAttemptAt: null,
      })
    ).filter((render) => render.state === "submit_unknown") as [Render];
    await seedRenders(db, SHOP, 1, {
      state: "stalled",
      creditsCharged: 5,
      errorCode: "stalled",
      // Made for one colour: Home names the colour beside the title.
      variantColour: { optionName: "Color", value: "Navy", variantIds: ["gid://shopify/ProductVariant/71"] },
    });
    [failed] = (
      await seedRenders(db, SHOP, 1, {
        state: "failed",
        creditsCharged: 5,
        creditsRefunded: 5,
        errorCode: "failed_by_service",
        errorMessage: null,
        submittedAt: new Date(now.getTime() - 200_000),
        renderedAt: null,
        finishedAt: now,
      })
    ).filter((render) => render.state === "failed") as [Render];
    const charged = await db.render.findMany({ where: { shop: SHOP, creditsCharged: { gt: 0 } } });
    await db.creditLedgerEntry.createMany({
      data: [
        ...charged.map((render) => ({ shop: SHOP, renderId: render.id, kind: "charge" as const, credits: 5 })),
        { shop: SHOP, renderId: failed.id, kind: "refund" as const, credits: 5 },
      ],
    });
    await seedRenders(db, OTHER, 30, { state: "in_review", productTitle: "Other shop's product" });
    await db.shopSettings.upsert({
      where: { shop: OTHER },
      create: {
        shop: OTHER,
        pausedReason: "out_of_credits",
        pausedMessage: "The try-on service account has run out of credits.",
        pausedAt: now,
      },
      update: {},
    });
  });
  afterAll(async () => app?.close());

  const homeOf = async (shop: string) =>
    jsonOf<Record<string, unknown>>(await respond(home.loader, await getAs(shop, "/app")));

  it("sums the shop's work: in progress, awaiting review, published this month and credits this month", async () => {
    const view = await homeOf(SHOP);
    expect(view).toMatchObject({
      shop: SHOP,
      firstRun: false,
      inProgress: 4, // 3 running + 1 stalled
      awaitingReview: 2,
      publishedThisMonth: 4, // the one published in 2020 is not this month
      credits: { charged: 60, refunded: 5 }, // 12 charged renders × 5, one refunded
      paused: null,
    });
  });

  it("lists the problems that need a person with their words", async () => {
    const view = await homeOf(SHOP);
    expect(view.submitUnknown).toMatchObject({
      count: 1,
      renders: [{ id: unknown.id, message: "The try-on service did not confirm this render." }],
    });
    expect(view.stalled).toMatchObject({ count: 1, renders: [{ colourLabel: "Color: Navy" }] });
    expect(view.submitUnknown).toMatchObject({ renders: [{ colourLabel: null }] });
  });

  it("warns when no worker has checked in for two minutes, and not while one has", async () => {
    const db = app.database.prisma;
    await db.workerHeartbeat.deleteMany();
    expect(await homeOf(SHOP)).toMatchObject({ workerSilent: { lastSeenAt: null } });

    const { makeHeartbeat } = await import("~/worker/heartbeat");
    await makeHeartbeat(db, "home-test-worker").beat();
    expect(await homeOf(SHOP)).toMatchObject({ workerSilent: null });

    // Silent for 1 minute 50 seconds: still fine. For 2 minutes 10 seconds: staff are told, with the time.
    await db.$executeRaw`UPDATE "WorkerHeartbeat" SET "seenAt" = now() - interval '110 seconds'`;
    expect(await homeOf(SHOP)).toMatchObject({ workerSilent: null });
    await db.$executeRaw`UPDATE "WorkerHeartbeat" SET "seenAt" = now() - interval '130 seconds'`;
    const { lastSeenAt } = (await homeOf(SHOP)).workerSilent as { lastSeenAt: string };
    expect(Date.now() - Date.parse(lastSeenAt)).toBeGreaterThan(120_000);
    await db.workerHeartbeat.deleteMany();
  });

  it("shows a first install as the empty state that leads to Settings", async () => {
    expect(await homeOf(FRESH)).toMatchObject({ firstRun: true, hasKey: false, inProgress: 0, awaitingReview: 0 });
  });

  it("shows a paused shop with its reason, and resumes it on request, for that shop only", async () => {
    expect(await homeOf(OTHER)).toMatchObject({ paused: { reason: "out_of_credits" }, awaitingReview: 30 });
    const response = await respond(home.action, await postFormAs(OTHER, "/app", { intent: "resume-shop" }));
    expect(response.status).toBe(200);
    expect(await homeOf(OTHER)).toMatchObject({ paused: null });
    const invalid = await respond(home.action, await postFormAs(OTHER, "/app", { intent: "delete-everything" }));
    expect(invalid.status).toBe(400);
  });

  it("History pages through every render newest first, 25 at a time, with costs and failures in plain words", async () => {
    const first = await jsonOf<{
      rows: Array<Record<string, unknown>>;
      nextCursor: string | null;
      previousCursor: string | null;
    }>(await respond(history.loader, await getAs(OTHER, "/app/history")));
    expect(first.rows).toHaveLength(25);
    expect(first.previousCursor).toBeNull();
    const second = await jsonOf<typeof first>(
      await respond(history.loader, await getAs(OTHER, `/app/history?after=${first.nextCursor}`)),
    );
    expect(second.rows).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.rows, ...second.rows].map((row) => row.id);
    expect(new Set(ids).size).toBe(30);
    const back = await jsonOf<typeof first>(
      await respond(history.loader, await getAs(OTHER, `/app/history?before=${second.previousCursor}`)),
    );
    expect(back.rows.map((row) => row.id)).toEqual(first.rows.map((row) => row.id));

    const mine = await jsonOf<typeof first>(
      await respond(history.loader, await getAs(SHOP, "/app/history?state=failed")),
    );
    expect(mine.rows).toEqual([
      expect.objectContaining({
        id: failed.id,
        state: "failed",
        creditsCharged: 5,
        creditsRefunded: 5,
        problem: "history:errorCodes.failed_by_service",
        productUrl: expect.stringMatching(/^shopify:\/\/admin\/products\/\d+$/),
      }),
    ]);
  });

  it("History shows only the shop's own renders", async () => {
    const view = await jsonOf<{ rows: Array<{ productTitle: string }> }>(
      await respond(history.loader, await getAs(SHOP, "/app/history")),
    );
    expect(view.rows.length).toBe(13);
    expect(view.rows.some((row) => row.productTitle === "Other shop's product")).toBe(false);
  });

  it("History names each candidate with its number in its group, and counts every candidate as a render", async () => {
    const db = app.database.prisma;
    const shop = "home-candidates.myshopify.com";
    await app.installShop(shop);
    await seedRenders(db, shop, 1, { state: "in_review", candidateGroup: "history-group", candidateIndex: 1 } as never);
    await seedRenders(db, shop, 1, { state: "rejected", candidateGroup: "history-group", candidateIndex: 2 } as never);
    await seedRenders(db, shop, 1, { state: "queued", candidateGroup: "history-group", candidateIndex: 3 } as never);
    // Cancelled candidates do not count towards "of N".
    await seedRenders(db, shop, 1, { state: "cancelled", candidateGroup: "history-group", candidateIndex: 4 } as never);
    await seedRenders(db, shop, 1, { state: "published" });
    const view = await jsonOf<{ rows: Array<{ candidateLabel: string | null; state: string }> }>(
      await respond(history.loader, await getAs(shop, "/app/history")),
    );
    expect(view.rows).toHaveLength(5);
    expect(view.rows.map((row) => (row.candidateLabel === null ? null : english(row.candidateLabel))).sort()).toEqual([
      "Candidate 1 of 3",
      "Candidate 2 of 3",
      "Candidate 3 of 3",
      "Candidate 4",
      null,
    ]);
  });

  it("resolves a render whose submit was never confirmed, and validates the job id", async () => {
    const missingJob = await respond(
      history.action,
      await postFormAs(SHOP, "/app/history", { intent: "resolve-started", renderId: unknown.id, externalJobId: " " }),
    );
    expect(missingJob.status).toBe(400);
    expect((await jsonOf<{ fieldErrors: Record<string, string> }>(missingJob)).fieldErrors.externalJobId).toBe(
      "history:errors.enterJobId",
    );

    // Another shop cannot settle it.
    const foreign = await respond(
      history.action,
      await postFormAs(OTHER, "/app/history", { intent: "resolve-not-started", renderId: unknown.id }),
    );
    expect(foreign.status).toBe(400);
    expect((await app.database.prisma.render.findUniqueOrThrow({ where: { id: unknown.id } })).state).toBe(
      "submit_unknown",
    );

    const response = await respond(
      history.action,
      await postFormAs(SHOP, "/app/history", {
        intent: "resolve-started",
        renderId: unknown.id,
        externalJobId: "job_123",
      }),
    );
    expect(response.status).toBe(200);
    expect(await app.database.prisma.render.findUniqueOrThrow({ where: { id: unknown.id } })).toMatchObject({
      state: "running",
      externalJobId: "job_123",
    });
  });
});
