/**
 * A finished render whose result is not a usable image (app/tryon/result-image.ts), tick by tick through the import
 * step with a scripted service and an injected clock: it fails with words for staff and its credits refunded on the
 * render and in the ledger, and nothing reaches the shop's Files.
 */
import type { Prisma, Render } from "@prisma/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messageKey } from "~/lib/staff-message";
import { TryOnResultRejectedError } from "~/tryon";
import { captureAppLogLines } from "../../../harness/app-log-lines";
import { createTestDatabase, type TestDatabase } from "../../../harness/database";
import { seedRenders } from "../../../harness/render-fixtures";
import { scriptedMedia, scriptedTryOn, seedShopWithKey, stepWorker } from "../../../harness/worker-steps";

const SHOP = "rejected-result.myshopify.com";
const REASON = "messages:resultImage.notAnImage?format=SVG";
/** The time in `rendered` each test's render has spent when the worker rejects its result. */
const WAITED_MS = 90_000;

describe("a result that is not a usable image", () => {
  let database: TestDatabase;
  let logs: ReturnType<typeof captureAppLogLines>;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    await seedShopWithKey(database.prisma, SHOP, "rejected-result-key-0001");
    logs = captureAppLogLines();
  });
  afterAll(async () => {
    logs?.restore();
    await database?.close();
  });
  beforeEach(async () => {
    await database.prisma.render.deleteMany();
  });

  async function rendered(overrides: Partial<Prisma.RenderUncheckedCreateInput> = {}): Promise<Render> {
    const render = (
      await seedRenders(database.prisma, SHOP, 1, {
        state: "rendered",
        externalJobId: `job-${Math.random()}`,
        outputUrl: "https://results.test/out.svg",
        creditsCharged: 5,
        nextAttemptAt: new Date(Date.UTC(2026, 0, 1)),
        ...overrides,
      })
    ).at(-1)!;
    await database.prisma.creditLedgerEntry.create({
      data: { id: `charge_${render.id}`, shop: SHOP, renderId: render.id, kind: "charge", credits: 5 },
    });
    return render;
  }

  /** One tick whose download is refused as not an image, `before` it throws; Files must be left alone. */
  async function tick(render: Render, before: () => Promise<unknown> = async () => undefined): Promise<Date> {
    const now = new Date(render.stateChangedAt.getTime() + WAITED_MS);
    const tryOn = scriptedTryOn({
      async download() {
        await before();
        throw new TryOnResultRejectedError(REASON, { operation: "result" });
      },
    });
    logs.lines.length = 0;
    await stepWorker(database.prisma, { tryOn: tryOn.client, media: scriptedMedia({}), now: () => now }).tick();
    expect(tryOn.downloads).toHaveLength(1);
    return now;
  }
  const row = (id: string) => database.prisma.render.findUniqueOrThrow({ where: { id } });
  const ledger = (renderId: string) =>
    database.prisma.creditLedgerEntry
      .findMany({ where: { renderId }, orderBy: { kind: "asc" } })
      .then((entries) => entries.map(({ id, kind, credits, createdAt }) => ({ id, kind, credits, createdAt })));
  const transitions = () => logs.lines.filter((line) => line.event === "render_transition");

  it("fails the render at once, its credits refunded on the render and in the ledger, with the reason for staff", async () => {
    const [bystander] = await seedRenders(database.prisma, SHOP, 1, { state: "in_review", creditsCharged: 5 });
    const render = await rendered();
    const at = await tick(render);
    expect(await row(bystander!.id)).toMatchObject({ state: "in_review", creditsRefunded: 0, errorCode: null });
    expect(await row(render.id)).toMatchObject({
      state: "failed",
      errorCode: "result_rejected",
      errorMessage: messageKey("messages:render.resultRejected", { reason: REASON, count: 5 }),
      creditsCharged: 5,
      creditsRefunded: 5,
      nextAttemptAt: null,
      finishedAt: at,
      leaseOwner: null,
      leaseExpiresAt: null,
      fileId: null,
      stagedUpload: null,
    });
    expect((await ledger(render.id)).at(-1)).toEqual({
      id: `refund_${render.id}`,
      kind: "refund",
      credits: 5,
      createdAt: at,
    });
    expect(transitions()).toMatchObject([
      { renderId: render.id, shop: SHOP, from: "rendered", to: "failed", durationMs: WAITED_MS },
    ]);
  });

  it("refunds nothing more for a render whose credits were already refunded, and says so", async () => {
    const render = await rendered({ creditsRefunded: 5 });
    await tick(render);
    expect(await row(render.id)).toMatchObject({
      state: "failed",
      errorCode: "result_rejected",
      errorMessage: messageKey("messages:render.resultRejectedNoRefund", { reason: REASON }),
      creditsRefunded: 5,
    });
    expect((await ledger(render.id)).map((entry) => entry.kind)).toEqual(["charge"]);
    expect(transitions()).toHaveLength(1);
  });

  it("refunds only what is left of a render's credits", async () => {
    const render = await rendered({ creditsCharged: 6, creditsRefunded: 2 });
    await tick(render);
    expect(await row(render.id)).toMatchObject({
      errorMessage: messageKey("messages:render.resultRejected", { reason: REASON, count: 4 }),
      creditsRefunded: 6,
    });
    expect((await ledger(render.id)).at(-1)).toMatchObject({ kind: "refund", credits: 4 });
  });

  it("never writes a render's refund to the ledger twice: one already there stays as it was", async () => {
    const render = await rendered();
    const earlier = new Date(Date.UTC(2026, 0, 2));
    await database.prisma.creditLedgerEntry.create({
      data: {
        id: `refund_${render.id}`,
        shop: SHOP,
        renderId: render.id,
        kind: "refund",
        credits: 5,
        createdAt: earlier,
      },
    });
    await tick(render);
    expect(await row(render.id)).toMatchObject({ state: "failed", creditsRefunded: 5 });
    expect((await ledger(render.id)).at(-1)).toMatchObject({ kind: "refund", credits: 5, createdAt: earlier });
  });

  it("changes and refunds nothing when another worker took the render over during the download", async () => {
    const render = await rendered();
    await tick(render, () =>
      database.prisma.render.update({ where: { id: render.id }, data: { leaseToken: { increment: 1 } } }),
    );
    expect(await row(render.id)).toMatchObject({
      state: "rendered",
      errorCode: null,
      creditsRefunded: 0,
      finishedAt: null,
    });
    expect((await ledger(render.id)).map((entry) => entry.kind)).toEqual(["charge"]);
    expect(transitions()).toEqual([]);
  });
});
