import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "../../harness/database";
import { startRunningPipeline, type PipelineHarness, type RunningPipeline } from "../../harness/pipeline";

const TIME_FACTOR = 0.005;
const SHOP = "twice.myshopify.com";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A faulty service hands out a job id it already gave: the app must neither import nor count that job twice. */
describe("a job id the try-on service returns twice", () => {
  let pipeline: RunningPipeline;
  let database: TestDatabase;
  let harness: PipelineHarness;

  beforeAll(async () => {
    pipeline = await startRunningPipeline({ timeFactor: TIME_FACTOR });
    ({ database, harness } = pipeline);
  });
  afterAll(async () => {
    await pipeline?.stop();
  });

  async function until(runId: string, done: (states: string[]) => boolean) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const states = (await database.prisma.render.findMany({ where: { runId } })).map((render) => render.state);
      if (done(states)) return;
      if (Date.now() > deadline) throw new Error(`timed out: ${states.join(", ")}`);
      await sleep(100);
    }
  }
  const settled = (states: string[]) => states.every((state) => state === "in_review" || state === "failed");

  it("is refused: that render fails with its credits released, and the job is imported and counted once", async () => {
    const key = harness.sim.addApiKey({ credits: 10_000 });
    const { collectionId } = await harness.addShop(SHOP, { products: 4, apiKey: key });
    const first = await harness.startCollectionRun(SHOP, collectionId);
    await until(first, (states) => states.length === 4 && settled(states));
    // The next submit of this key is answered with the id of the key's latest job.
    harness.sim.injectFault({ apiKey: key, fault: { type: "duplicate_job_id" }, times: 1 });
    const second = await harness.startCollectionRun(SHOP, collectionId);
    await until(second, (states) => states.length === 4 && settled(states));

    const renders = await database.prisma.render.findMany({ where: { shop: SHOP } });
    const refused = renders.filter((render) => render.errorCode === "duplicate_job_id");
    expect(refused).toHaveLength(1);
    expect([refused[0]!.state, refused[0]!.creditsCharged, refused[0]!.externalJobId]).toEqual(["failed", 0, null]);
    const jobIds = renders.flatMap((render) => (render.externalJobId ? [render.externalJobId] : []));
    expect(new Set(jobIds).size).toBe(jobIds.length);

    // One file per job the service made, none twice.
    const jobs = harness.sim.listJobs().filter((job) => job.apiKey === key);
    const files = harness.admin.fake.store.files(SHOP).filter((file) => file.filename.includes("-model-shot-"));
    expect(files).toHaveLength(jobs.filter((job) => job.state !== "failed").length);
    expect(jobs).toHaveLength(7);

    // The app's ledger equals the service's: the refused render counted nothing.
    const ledger = await database.prisma.creditLedgerEntry.findMany({ where: { shop: SHOP } });
    const net = ledger.reduce((sum, entry) => sum + (entry.kind === "charge" ? entry.credits : -entry.credits), 0);
    const account = harness.sim.getLedger(key);
    const total = (entries: { credits: number }[]) => entries.reduce((sum, entry) => sum + entry.credits, 0);
    expect(net).toBe(total(account.charges) - total(account.refunds));
  }, 60_000);
});
