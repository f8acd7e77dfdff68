import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Prisma, type Render } from "@prisma/client";
import { captureAppLogLines } from "../../../harness/app-log-lines";
import { createTestDatabase, type TestDatabase } from "../../../harness/database";
import { seedRenders, seedShop } from "../../../harness/render-fixtures";
import {
  commitSubmitIntent,
  isUniqueViolation,
  markSubmitUnknown,
  recordSubmitted,
  releaseUnchargedSubmit,
  renewLease,
  transitionHeldRender,
  transitionRenderForPerson,
} from "./render-store.server";

/**
 * The render store's writes one at a time, on fixed rows (the pipeline tests reach them through the worker): which
 * edges each accepts, what it writes and releases, whom it fences off, and the transition line it logs.
 */

const SHOP = "render-store.myshopify.com";
const OTHER = "render-store-other.myshopify.com";
const LATER = new Date(Date.now() + 3_600_000);

describe("the render store", () => {
  let database: TestDatabase;
  let lines: Array<Record<string, unknown>> = [];
  let restoreLogger: () => void;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    ({ lines, restore: restoreLogger } = captureAppLogLines());
  });
  afterAll(async () => {
    restoreLogger?.();
    await database?.close();
  });
  beforeEach(async () => {
    await database.prisma.shop.deleteMany();
    await seedShop(database.prisma, SHOP);
    await seedShop(database.prisma, OTHER);
    lines.length = 0;
  });

  // seedRenders answers with all of the shop's renders, oldest first: the new one is the last.
  const one = async (overrides: Partial<Prisma.RenderUncheckedCreateInput>, shop = SHOP): Promise<Render> =>
    (await seedRenders(database.prisma, shop, 1, overrides)).at(-1)!;
  const reread = (render: Render) => database.prisma.render.findUniqueOrThrow({ where: { id: render.id } });
  const transitions = () => lines.filter((line) => line.event === "render_transition");
  const leased = { leaseOwner: "w1", leaseToken: 3, leaseExpiresAt: LATER };

  describe("a worker's transition", () => {
    it("moves a held render along an edge, releases its lease and logs the transition", async () => {
      const render = await one({ state: "running", externalJobId: "j", ...leased });
      const held = { id: render.id, state: "running" as const, leaseToken: 3 };
      expect(await transitionHeldRender(database.prisma, held, "rendered", { outputUrl: "https://out" })).toBe(true);
      expect(await reread(render)).toMatchObject({
        state: "rendered",
        outputUrl: "https://out",
        leaseOwner: null,
        leaseExpiresAt: null,
        leaseToken: 3,
      });
      expect(transitions()).toEqual([
        expect.objectContaining({ renderId: render.id, shop: SHOP, from: "running", to: "rendered" }),
      ]);
      expect(transitions()[0]?.durationMs).toEqual(expect.any(Number));
    });

    it("refuses an edge the state machine does not have, before writing anything", async () => {
      const render = await one({ state: "running", externalJobId: "j", ...leased });
      await expect(
        transitionHeldRender(database.prisma, { id: render.id, state: "running", leaseToken: 3 }, "queued"),
      ).rejects.toThrow(/running → queued is not a transition/);
      expect(await reread(render)).toMatchObject({ state: "running", leaseOwner: "w1" });
    });

    it("lets the holder write without changing state, releasing the lease and logging no transition", async () => {
      const render = await one({ state: "importing", fileId: "f", ...leased });
      const held = { id: render.id, state: "importing" as const, leaseToken: 3 };
      expect(await transitionHeldRender(database.prisma, held, "importing", { errorCode: "retry" })).toBe(true);
      expect(await reread(render)).toMatchObject({ state: "importing", errorCode: "retry", leaseOwner: null });
      expect(transitions()).toEqual([]);
    });

    it("marks a submit whose outcome is unknown, to wait for a person", async () => {
      const render = await one({ state: "submitting", ...leased });
      const held = { id: render.id, state: "submitting" as const, leaseToken: 3 };
      expect(await markSubmitUnknown(database.prisma, held, "messages:why")).toBe(true);
      expect(await reread(render)).toMatchObject({
        state: "submit_unknown",
        nextAttemptAt: null,
        errorCode: "submit_outcome_unknown",
        errorMessage: "messages:why",
      });
    });
  });

  describe("a person's transition", () => {
    const review = (render: Render, to: "rejected" | "publishing", shop = SHOP) =>
      transitionRenderForPerson(database.prisma, { id: render.id, shop, from: ["in_review"] }, to, {
        errorMessage: "by a person",
      });

    it("moves a render from a state it names, and bumps the lease token to fence off older holders", async () => {
      const render = await one({ state: "in_review", leaseToken: 7 });
      expect(await review(render, "rejected")).toBe(true);
      expect(await reread(render)).toMatchObject({ state: "rejected", leaseToken: 8, errorMessage: "by a person" });
      expect(transitions()).toEqual([
        expect.objectContaining({ renderId: render.id, from: ["in_review"], to: "rejected" }),
      ]);
    });

    it("changes nothing for another shop's render, one in another state, or one a worker holds", async () => {
      const others = await one({ state: "in_review" }, OTHER);
      expect(await review(others, "rejected")).toBe(false);
      const published = await one({ state: "published" });
      expect(await review(published, "rejected")).toBe(false);
      const held = await one({ state: "in_review", ...leased });
      expect(await review(held, "publishing")).toBe(false);
      for (const render of [others, published, held]) {
        expect((await reread(render)).state).toBe(render.state);
      }
      expect(transitions()).toEqual([]);
    });

    it("over a worker's lease when asked: ends the lease and bumps the token past the worker's", async () => {
      const held = await one({ state: "in_review", ...leased });
      const moved = await transitionRenderForPerson(
        database.prisma,
        { id: held.id, shop: SHOP, from: ["in_review"] },
        "rejected",
        {},
        { overWorkerLease: true },
      );
      expect(moved).toBe(true);
      expect(await reread(held)).toMatchObject({
        state: "rejected",
        leaseToken: 4,
        leaseOwner: null,
        leaseExpiresAt: null,
      });
    });

    it("refuses a state it names that has no edge to the target", async () => {
      const render = await one({ state: "in_review" });
      await expect(
        transitionRenderForPerson(
          database.prisma,
          { id: render.id, shop: SHOP, from: ["in_review", "failed"] },
          "rejected",
        ),
      ).rejects.toThrow(/failed → rejected is not a transition/);
      expect((await reread(render)).state).toBe("in_review");
    });
  });

  describe("the submit", () => {
    const NOW = new Date("2026-11-27T12:00:00.000Z");
    const ledger = (render: Render) => database.prisma.creditLedgerEntry.findMany({ where: { renderId: render.id } });

    it("commits the intent only with the claim's token, reserving the render's credits once", async () => {
      const render = await one({ state: "queued", ...leased });
      expect(
        await commitSubmitIntent(database.prisma, { id: render.id, state: "queued", leaseToken: 2 }, NOW, 60_000),
      ).toBe(false);
      expect(await ledger(render)).toEqual([]);
      const held = { id: render.id, state: "queued" as const, leaseToken: 3 };
      expect(await commitSubmitIntent(database.prisma, held, NOW, 60_000)).toBe(true);
      expect(await reread(render)).toMatchObject({ state: "submitting", submittingAt: NOW, creditsCharged: 5 });
      expect(await ledger(render)).toEqual([expect.objectContaining({ kind: "charge", credits: 5, shop: SHOP })]);
      expect(transitions()).toEqual([expect.objectContaining({ from: "queued", to: "submitting" })]);
    });

    it("records the job the service answered with, and takes back the reserved credits of a submit never charged", async () => {
      const sent = await one({ state: "queued", ...leased });
      await commitSubmitIntent(database.prisma, { id: sent.id, state: "queued", leaseToken: 3 }, NOW, 60_000);
      const job = { jobId: "job-9", status: "queued", submittedAt: NOW, firstPollAt: LATER };
      // A writer whose token went stale records nothing.
      expect(await recordSubmitted(database.prisma, { id: sent.id, state: "submitting", leaseToken: 2 }, job)).toBe(
        false,
      );
      expect(await recordSubmitted(database.prisma, { id: sent.id, state: "submitting", leaseToken: 3 }, job)).toBe(
        true,
      );
      expect(await reread(sent)).toMatchObject({
        state: "running",
        externalJobId: "job-9",
        serviceStatus: "queued",
        submittedAt: NOW,
        nextAttemptAt: LATER,
        leaseExpiresAt: null,
      });

      const refused = await one({ state: "queued", ...leased });
      await commitSubmitIntent(database.prisma, { id: refused.id, state: "queued", leaseToken: 3 }, NOW, 60_000);
      const changes = { nextAttemptAt: null, errorCode: "rejected", errorMessage: "no", finishedAt: NOW };
      expect(
        await releaseUnchargedSubmit(
          database.prisma,
          { id: refused.id, state: "submitting", leaseToken: 2 },
          "failed",
          changes,
        ),
      ).toBe(false);
      expect(
        await releaseUnchargedSubmit(
          database.prisma,
          { id: refused.id, state: "submitting", leaseToken: 3 },
          "failed",
          changes,
        ),
      ).toBe(true);
      expect(await reread(refused)).toMatchObject({
        state: "failed",
        creditsCharged: 0,
        errorCode: "rejected",
        finishedAt: NOW,
        leaseOwner: null,
      });
      // A late job id for a render that has left submitting (here failed, its token unchanged) brings nothing back.
      expect(await recordSubmitted(database.prisma, { id: refused.id, state: "submitting", leaseToken: 3 }, job)).toBe(
        false,
      );
      expect(await reread(refused)).toMatchObject({ state: "failed", externalJobId: null, leaseToken: 3 });
      expect(await ledger(refused)).toEqual([]);
      expect(await ledger(sent)).toHaveLength(1);
    });
  });

  describe("a lease renewed before a side effect", () => {
    it("is renewed only for a held lease in the state and token it was claimed with", async () => {
      const render = await one({ state: "importing", fileId: "f", ...leased });
      const held = { id: render.id, state: "importing" as const, leaseToken: 3 };
      expect(await renewLease(database.prisma, { ...held, state: "rendered" }, 60_000)).toBe(false);
      expect(await renewLease(database.prisma, held, 60_000)).toBe(true);
      const renewed = await reread(render);
      expect(renewed.leaseExpiresAt?.getTime()).not.toBe(LATER.getTime());
      // A released lease is not taken back by renewing it.
      const released = await one({ state: "importing", fileId: "f", leaseToken: 3 });
      expect(await renewLease(database.prisma, { id: released.id, state: "importing", leaseToken: 3 }, 60_000)).toBe(
        false,
      );
    });
  });

  it("tells a unique index's refusal from other failures", () => {
    const refusal = (code: string) => new Prisma.PrismaClientKnownRequestError("refused", { code, clientVersion: "6" });
    expect(isUniqueViolation(refusal("P2002"))).toBe(true);
    expect(isUniqueViolation(refusal("P2025"))).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error("refused"), { code: "P2002" }))).toBe(false);
  });
});
