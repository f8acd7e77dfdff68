import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approveRender, resolveSubmitUnknown } from "~/renders/review/review-actions.server";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { startPipelineHarness, type PipelineHarness } from "../../harness/pipeline";
import { killWorker, startWorkerProcess, type WorkerProcess } from "../support/worker-processes";
import { renderFileStemOf } from "~/renders/review/media-port";

const SHOP = "crash.myshopify.com";
const PRODUCTS = 120;
const TIME_FACTOR = 0.005;
const KILLS = 12;
/** Kills certain to land between a submit's intent and the service's answer (the first kills of every run). */
const MID_SUBMIT_KILLS = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` until it returns a value, or undefined after `timeoutMs`. */
async function waitFor<T>(read: () => T | undefined | Promise<T | undefined>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined || Date.now() > deadline) return value;
    await sleep(20);
  }
}

/**
 * Worker processes are SIGKILLed while 120 renders go from queued to published: the first kills land, for
 * certain, between a submit's intent and the service's answer (the simulator holds a submit's answer, after
 * creating and charging its job, until the worker holding that render is dead), the others at random moments.
 * Staff approve renders as they arrive and settle `submit_unknown` ones the way the app tells them to (look the
 * job up at the service). The promises must hold: every mid-submit kill leaves a `submit_unknown` that staff
 * settle, no render submitted twice, no product with a duplicate image, and the app's credit ledger equal to the
 * service's.
 */
describe("SIGKILLed workers", () => {
  let database: TestDatabase;
  let harness: PipelineHarness;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    harness = await startPipelineHarness(database.prisma, { timeFactor: TIME_FACTOR });
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => killWorker(worker)));
    await harness?.close();
    await database?.close();
  });

  it("lose no render, repeat no paid submit, duplicate no image, and keep the ledger equal to the service's", async () => {
    const { collectionId } = await harness.addShop(SHOP, { products: PRODUCTS, concurrencyCap: 40 });
    const runId = await harness.startCollectionRun(SHOP, collectionId);
    const env = {
      databaseUrl: database.url,
      adminUrl: harness.admin.url,
      tokens: harness.tokens,
      timeFactor: TIME_FACTOR,
      config: { submitLeaseMs: 10_000 },
    };
    let started = 0;
    const spawnWorker = async () => workers.push(await startWorkerProcess(`w${++started}`, env));
    await Promise.all([spawnWorker(), spawnWorker()]);

    let kills = 0;
    const heldRenders = new Set<string>();
    const settledUnknown = new Set<string>();
    const unknown = { started: 0, notStarted: 0 };
    const deadline = Date.now() + 240_000;
    const settledStates = ["published", "failed", "cancelled", "rejected"];

    /** Holds the next submit's answer, kills the worker that sent it, then lets the answer go to a dead socket. */
    async function killMidSubmit(): Promise<boolean> {
      const fault = harness.sim.injectFault({ fault: { type: "hold_answer" }, times: 1 });
      const [held] = (await waitFor(() => harness.sim.heldSubmits().at(0) && harness.sim.heldSubmits(), 20_000)) ?? [];
      if (!held) {
        harness.sim.removeFault(fault);
        return false;
      }
      const image = (held.body as { product_images: string[] }).product_images[0];
      const render = (await database.prisma.render.findMany({ where: { runId, state: "submitting" } })).find(
        (candidate) => (candidate.params as { productImages: string[] }).productImages[0] === image,
      );
      const victim = workers.findIndex((worker) => worker.id === render?.leaseOwner);
      if (!render || victim < 0) throw new Error(`no worker holds the held submit's render (${image})`);
      await killWorker(workers.splice(victim, 1)[0]!);
      heldRenders.add(render.id);
      harness.sim.releaseHeldAnswers();
      return true;
    }

    for (;;) {
      if (Date.now() > deadline) {
        const states = countBy((await database.prisma.render.findMany({ where: { runId } })).map((r) => r.state));
        throw new Error(`the run did not settle in time (${kills} kills): ${JSON.stringify(states)}`);
      }
      if (heldRenders.size < MID_SUBMIT_KILLS && kills < KILLS) {
        if (!(await killMidSubmit())) {
          const states = countBy((await database.prisma.render.findMany({ where: { runId } })).map((r) => r.state));
          throw new Error(
            `no submit was left to kill a worker in the middle of: ${harness.sim.getSubmits().length} submits so far, ${harness.sim.getRequests().filter((request) => request.endpoint === "status").length} polls, ${JSON.stringify(countBy(harness.sim.getRequests().map((request) => String(request.httpStatus))))} answers, ${JSON.stringify(states)}`,
          );
        }
        kills++;
        await spawnWorker();
      } else {
        // Kill a random worker at a random moment, and start a replacement.
        await sleep(250 + Math.random() * 1_000);
        if (kills < KILLS) {
          const victim = workers.splice(Math.floor(Math.random() * workers.length), 1)[0];
          if (victim) {
            await killWorker(victim);
            kills++;
            await spawnWorker();
          }
        }
      }
      // Staff at work: approve what is in review; settle unknown submits after checking the service.
      for (const render of await database.prisma.render.findMany({ where: { runId, state: "in_review" } })) {
        await approveRender(database.prisma, { shop: SHOP, renderId: render.id, reviewer: "staff" }).catch(
          () => undefined,
        );
      }
      for (const render of await database.prisma.render.findMany({ where: { runId, state: "submit_unknown" } })) {
        const front = (render.params as { productImages: string[] }).productImages[0];
        const job = harness.sim.listJobs().find((candidate) => candidate.request.product_images[0] === front);
        unknown[job ? "started" : "notStarted"]++;
        settledUnknown.add(render.id);
        await resolveSubmitUnknown(
          database.prisma,
          job
            ? { shop: SHOP, renderId: render.id, outcome: "started", externalJobId: job.id }
            : { shop: SHOP, renderId: render.id, outcome: "not_started" },
        );
      }
      const renders = await database.prisma.render.findMany({ where: { runId }, select: { state: true } });
      if (kills >= KILLS && renders.every((render) => settledStates.includes(render.state))) break;
    }

    const renders = await database.prisma.render.findMany({ where: { runId } });
    const jobsPerImage = countBy(harness.sim.listJobs().map((job) => job.request.product_images[0] ?? "?"));
    const duplicateSubmits = Object.values(jobsPerImage).filter((count) => count > 1).length;
    console.log(
      `crash test: ${PRODUCTS} renders, ${kills} SIGKILLs of which ${heldRenders.size} mid-submit, ` +
        `final states ${JSON.stringify(countBy(renders.map((r) => r.state)))}, ` +
        `submit_unknown settled by staff: ${unknown.started} started, ${unknown.notStarted} not started; duplicate submits: ${duplicateSubmits}`,
    );

    // Every kill between intent and answer left its render submit_unknown, and staff settled each one.
    expect(heldRenders.size).toBe(MID_SUBMIT_KILLS);
    expect([...heldRenders].filter((id) => !settledUnknown.has(id))).toEqual([]);
    expect(unknown.started).toBeGreaterThanOrEqual(MID_SUBMIT_KILLS);

    // No render submitted twice: each product's image reached the service at most once.
    expect(duplicateSubmits).toBe(0);

    // No product has a duplicate image, and no render was imported twice into Files.
    for (const render of renders) {
      const media = harness.admin.fake.store.productMedia(SHOP, render.productId);
      expect(media.filter((item) => item.filename.includes("-model-shot-")).length).toBeLessThanOrEqual(1);
      const files = harness.admin.fake.store
        .files(SHOP)
        .filter((file) => file.filename.startsWith(renderFileStemOf(render)));
      expect(files.length).toBeLessThanOrEqual(1);
    }
    // Every render is published except those the service failed and those staff settled as never started
    // (how many a kill leaves unsent but committed depends on where it lands, so the count is exact, not a share).
    const failedByService = harness.sim.listJobs().filter((job) => job.state === "failed").length;
    const states = countBy(renders.map((render) => render.state));
    expect(states.failed ?? 0).toBe(failedByService + unknown.notStarted);
    expect(states.published ?? 0).toBe(PRODUCTS - failedByService - unknown.notStarted);

    // The ledger equals the service's charges net of refunds.
    const ledger = await database.prisma.creditLedgerEntry.groupBy({ by: ["kind"], _sum: { credits: true } });
    const net =
      (ledger.find((row) => row.kind === "charge")?._sum.credits ?? 0) -
      (ledger.find((row) => row.kind === "refund")?._sum.credits ?? 0);
    const account = harness.sim.getLedger(harness.sim.listJobs()[0]?.apiKey);
    const sum = (entries: { credits: number }[]) => entries.reduce((total, entry) => total + entry.credits, 0);
    expect(net).toBe(sum(account.charges) - sum(account.refunds));
  }, 300_000);
});

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
