import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitSubmitIntent } from "~/renders/lifecycle/render-store.server";
import { recordShopUninstalled } from "~/shops/shop-lifecycle.server";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { seedRenders, seedShop } from "../../harness/render-fixtures";

const SHOP = "uninstalled-mid-submit.myshopify.com";

/**
 * An app/uninstalled that arrives while a worker commits a submit: the worker holds the render and reserves its
 * credits (a ledger row, whose foreign key checks the shop's row); the uninstall holds the shop's row and cancels
 * queued renders. Taken in that order, the two deadlocked (40P01) unless the uninstall's lock leaves foreign key
 * checks alone. The interleaving is forced here, not left to timing.
 */
describe("an uninstall arriving while a worker commits a submit", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => database?.close());

  async function uninstallWaitingOnALock(): Promise<boolean> {
    const rows = await database.prisma.$queryRaw<Array<{ waiting: bigint }>>`
      SELECT count(*) AS waiting FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`;
    return Number(rows[0]?.waiting ?? 0) > 0;
  }

  it("neither deadlocks: the submit's charge is recorded and the shop is uninstalled", async () => {
    await seedShop(database.prisma, SHOP);
    const [render] = await seedRenders(database.prisma, SHOP, 1);
    const now = new Date();
    let uninstall: Promise<"recorded" | "stale"> | undefined;

    await database.prisma.$transaction(
      async (tx) => {
        // The worker holds its claimed render (as the submit statement does before it inserts the ledger row).
        await tx.$queryRaw`SELECT id FROM "Render" WHERE id = ${render!.id} FOR UPDATE`;
        uninstall = recordShopUninstalled(database.prisma, SHOP, now);
        // Wait until the uninstall holds the shop's row and waits for the render.
        const deadline = Date.now() + 20_000;
        while (!(await uninstallWaitingOnALock())) {
          if (Date.now() > deadline) throw new Error("the uninstall never waited for the render");
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const committed = await commitSubmitIntent(
          tx,
          { id: render!.id, state: "queued", leaseToken: render!.leaseToken },
          now,
          60_000,
        );
        expect(committed).toBe(true);
      },
      { timeout: 30_000, maxWait: 10_000 },
    );

    await expect(uninstall).resolves.toBe("recorded");
    const after = await database.prisma.render.findUniqueOrThrow({ where: { id: render!.id } });
    expect(after.state).toBe("submitting");
    expect(await database.prisma.creditLedgerEntry.count({ where: { renderId: render!.id, kind: "charge" } })).toBe(1);
    expect((await database.prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } })).uninstalledAt).not.toBeNull();
  });
});
