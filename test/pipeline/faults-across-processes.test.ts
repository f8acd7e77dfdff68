import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordShopUninstalled } from "~/shops/shop-lifecycle.server";
import { hashServiceKey } from "~/lib/secret-box.server";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { startPipelineHarness, type PipelineHarness } from "../../harness/pipeline";
import { killWorker, startWorkerProcess, type WorkerProcess } from "../support/worker-processes";

const TIME_FACTOR = 0.005;
/** 600 s of configuration at the time factor: the circuit stays open 3 s of real time. */
const CIRCUIT_OPEN_MS = 600_000;
const CIRCUIT_OPEN_REAL_MS = CIRCUIT_OPEN_MS * TIME_FACTOR;
const RETRY_AFTER_SECONDS = 3;
/**
 * Requests already on their way when a gate closed may still arrive: those sent before the 429's answer or
 * before the circuit was written, and those of a tick that re-reads the shared gate only every 250 ms. Past
 * this allowance, any request with the key is a call made while the whole fleet knew it was closed.
 */
const IN_FLIGHT_ALLOWANCE_MS = 1_000;
const SHOPS: [string, number][] = [
  ["retry-after.myshopify.com", 16],
  ["circuit.myshopify.com", 8],
  ["uninstalled-mid-run.myshopify.com", 16],
  ["still-installed.myshopify.com", 16],
];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two worker processes share one PostgreSQL server and one service key. What they must not do is proven from
 * the simulator's own request log, not from the app's columns: no call with a key another worker paused
 * (Retry-After) or whose circuit is open, and none for a shop once it is uninstalled.
 */
describe("two worker processes under the service's faults", () => {
  let database: TestDatabase;
  let harness: PipelineHarness;
  const workers: WorkerProcess[] = [];
  const shops = new Map<string, { key: string; start: () => Promise<string> }>();

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    harness = await startPipelineHarness(database.prisma, { timeFactor: TIME_FACTOR });
    // The worker processes get the shops' Admin tokens when they start: every shop exists before them.
    for (const [shop, products] of SHOPS) {
      const key = harness.sim.addApiKey({ credits: 10_000 });
      const { collectionId } = await harness.addShop(shop, { products, apiKey: key, concurrencyCap: 4 });
      shops.set(shop, { key, start: () => harness.startCollectionRun(shop, collectionId) });
    }
    const env = {
      databaseUrl: database.url,
      adminUrl: harness.admin.url,
      tokens: harness.tokens,
      timeFactor: TIME_FACTOR,
      config: { submitLeaseMs: 30_000, circuitOpenMs: CIRCUIT_OPEN_MS, circuitFailureThreshold: 5 },
    };
    workers.push(...(await Promise.all(["f1", "f2"].map((id) => startWorkerProcess(id, env)))));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(workers.map((worker) => killWorker(worker, "SIGTERM")));
    await harness?.close();
    await database?.close();
  });

  const countsOf = async (shop: string) =>
    Object.fromEntries(
      (await database.prisma.render.groupBy({ by: ["state"], where: { shop }, _count: { _all: true } })).map((g) => [
        g.state,
        g._count._all,
      ]),
    ) as Record<string, number>;

  /** Waits for a condition, noting which workers held the shop's renders meanwhile. */
  async function watch(shop: string, done: () => Promise<boolean>, owners: Set<string>, timeoutMs = 120_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const { leaseOwner } of await database.prisma.render.findMany({
        where: { shop, leaseOwner: { not: null } },
        select: { leaseOwner: true },
      }))
        owners.add(leaseOwner!);
      if (await done()) return;
      if (Date.now() > deadline) {
        const stuck = await database.prisma.render.findMany({
          where: { shop, errorMessage: { not: null } },
          select: { state: true, errorMessage: true },
          take: 3,
        });
        throw new Error(`timed out: ${JSON.stringify(await countsOf(shop))} ${JSON.stringify(stuck)}`);
      }
      await sleep(20);
    }
  }

  const startShop = (shop: string) => shops.get(shop)!;

  it("a 429's Retry-After keeps both workers off the key until it has passed", async () => {
    const shop = "retry-after.myshopify.com";
    const { key, start } = await startShop(shop);
    await start();
    const owners = new Set<string>();
    await watch(shop, async () => ((await countsOf(shop)).running ?? 0) >= 2, owners);
    // One 429 on a status check, while both workers are polling this key every few milliseconds.
    harness.sim.injectFault({
      apiKey: key,
      fault: { type: "rate_limit", retryAfterSeconds: RETRY_AFTER_SECONDS },
      endpoints: ["status"],
      times: 1,
    });
    await watch(shop, async () => (await countsOf(shop)).in_review === 16, owners);

    const log = harness.sim.getRequests(key);
    const refused = log.filter((request) => request.httpStatus === 429);
    expect(refused).toHaveLength(1);
    const pausedAt = refused[0]!.at;
    const duringPause = log.filter(
      (request) =>
        request.at > pausedAt + IN_FLIGHT_ALLOWANCE_MS && request.at < pausedAt + RETRY_AFTER_SECONDS * 1_000,
    );
    console.log(
      `faults across processes, Retry-After: ${log.length} requests with the key, workers ${[...owners].join(", ")}, ` +
        `requests in the ${RETRY_AFTER_SECONDS} s after the 429: ` +
        `${log.filter((r) => r.at > pausedAt && r.at < pausedAt + RETRY_AFTER_SECONDS * 1_000).length} ` +
        `(after the ${IN_FLIGHT_ALLOWANCE_MS} ms allowance: ${duringPause.length})`,
    );
    expect(duringPause.map((request) => `${request.endpoint} +${request.at - pausedAt} ms`)).toEqual([]);
    // The key was in use on both sides of the pause, by both workers.
    expect(log.some((request) => request.at < pausedAt)).toBe(true);
    expect(log.some((request) => request.at >= pausedAt + RETRY_AFTER_SECONDS * 1_000)).toBe(true);
    expect(owners).toEqual(new Set(["f1", "f2"]));
  }, 180_000);

  it("while the key's circuit is open neither worker calls the service with it", async () => {
    const shop = "circuit.myshopify.com";
    const { key, start } = await startShop(shop);
    // Every status check fails from the start; submits go through, so renders run and are polled.
    const outage = harness.sim.injectFault({
      apiKey: key,
      fault: { type: "server_error", status: 503 },
      endpoints: ["status", "result"],
    });
    await start();
    const owners = new Set<string>();
    // Every time the circuit opens (again), note until when: each is a window with no call allowed.
    const openUntil = new Set<number>();
    const keyHash = hashServiceKey(key);
    const noteCircuit = async () => {
      const gate = await database.prisma.serviceGate.findUnique({ where: { keyHash } });
      if (gate?.circuitOpenUntil) openUntil.add(gate.circuitOpenUntil.getTime());
    };
    await watch(
      shop,
      async () => {
        await noteCircuit();
        // Two whole openings: the circuit opened, half-opened when its time was up, failed and opened again.
        return [...openUntil].filter((until) => until < Date.now()).length >= 2;
      },
      owners,
    );
    harness.sim.removeFault(outage);
    await watch(
      shop,
      async () => {
        await noteCircuit();
        return (await countsOf(shop)).in_review === 8;
      },
      owners,
    );

    const log = harness.sim.getRequests(key);
    const whileOpen = [...openUntil].flatMap((until) =>
      log
        .filter((request) => request.at > until - CIRCUIT_OPEN_REAL_MS + IN_FLIGHT_ALLOWANCE_MS && request.at < until)
        .map((request) => `${request.endpoint} ${until - request.at} ms before the circuit's end`),
    );
    console.log(
      `faults across processes, circuit: ${log.length} requests with the key ` +
        `(${log.filter((r) => r.httpStatus === 503).length} answered 503), circuit opened ${openUntil.size} times, ` +
        `workers ${[...owners].join(", ")}, requests while open: ${whileOpen.length}`,
    );
    expect(openUntil.size).toBeGreaterThanOrEqual(2);
    expect(whileOpen).toEqual([]);
    expect(owners).toEqual(new Set(["f1", "f2"]));
    // Nothing was submitted twice on the way.
    expect(harness.sim.getSubmits(key).filter((submit) => submit.jobId)).toHaveLength(8);
  }, 180_000);

  it("once a shop is uninstalled neither worker calls the service for it, while they go on for others", async () => {
    const gone = await startShop("uninstalled-mid-run.myshopify.com");
    const busy = await startShop("still-installed.myshopify.com");
    await Promise.all([gone.start(), busy.start()]);
    const owners = new Set<string>();
    await watch(
      "uninstalled-mid-run.myshopify.com",
      async () => ((await countsOf("uninstalled-mid-run.myshopify.com")).running ?? 0) >= 1,
      owners,
    );
    const uninstalledAt = Date.now();
    await recordShopUninstalled(database.prisma, "uninstalled-mid-run.myshopify.com", new Date(uninstalledAt));
    // Proof that the workers kept calling the service meanwhile: the other shop's key is used well after.
    await watch(
      "still-installed.myshopify.com",
      async () =>
        harness.sim.getRequests(busy.key).filter((request) => request.at > uninstalledAt + 2 * IN_FLIGHT_ALLOWANCE_MS)
          .length >= 20,
      owners,
    );

    const goneLog = harness.sim.getRequests(gone.key);
    const after = goneLog.filter((request) => request.at > uninstalledAt + IN_FLIGHT_ALLOWANCE_MS);
    console.log(
      `faults across processes, uninstall: ${goneLog.filter((r) => r.at <= uninstalledAt).length} requests with the ` +
        `uninstalled shop's key before, ${after.length} after the allowance; the other shop's key meanwhile ` +
        `${harness.sim.getRequests(busy.key).filter((r) => r.at > uninstalledAt).length}`,
    );
    expect(goneLog.some((request) => request.at <= uninstalledAt)).toBe(true);
    expect(after.map((request) => `${request.endpoint} ${request.path}`)).toEqual([]);
  }, 180_000);
});
