/**
 * The publish step, tick by tick, against the fake Admin API: what it leaves on the product when staff did not ask
 * for "make first", and what it sends again after a crash between attaching the image and recording that it did
 * (issue 27 point 6: behaviours no test named).
 */
import type { PrismaClient, Render } from "@prisma/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeSecretBox } from "~/lib/secret-box.server";
import { makeRenderMedia } from "~/shopify/render-media.server";
import { makeWorker, type WorkerDeps } from "~/worker/worker";
import { startFakeAdminServer, type FakeAdminServer } from "../../fakes/shopify-admin";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { fakeAdminGraphql, TEST_ENCRYPTION_KEY } from "../../harness/pipeline";
import { seedRenders, seedShop } from "../../harness/render-fixtures";

const SHOP = "publish-step.myshopify.com";

describe("publishing an approved render", () => {
  let database: TestDatabase;
  let admin: FakeAdminServer;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    admin = await startFakeAdminServer();
    admin.fake.store.addShop({ domain: SHOP });
    token = admin.fake.issueAccessToken(SHOP);
    await seedShop(database.prisma, SHOP);
  });
  afterAll(async () => {
    await admin?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await database.prisma.render.deleteMany();
  });

  const workerOn = (db: PrismaClient) =>
    makeWorker({
      db,
      secretBox: makeSecretBox(TEST_ENCRYPTION_KEY),
      makeTryOnClient: () => {
        throw new Error("publishing never calls the try-on service");
      },
      renderMediaFor: async () => makeRenderMedia(fakeAdminGraphql(admin.url, SHOP, token)),
    } satisfies WorkerDeps);

  /** A product with two photos of its own, and a render of it approved with `makeFirst`, its file READY in Files. */
  async function approvedRender(
    makeFirst: boolean,
    chosen: { position?: number; alt?: string } = {},
  ): Promise<{ render: Render; photos: string[] }> {
    const store = admin.fake.store;
    const product = store.addProduct(SHOP, { title: "Linen shirt", images: [{ alt: "Front" }, { alt: "Back" }] });
    const file = store.addFile(SHOP, { filename: `model-shot-${product.id.split("/").pop()}.png`, alt: "Model shot" });
    const [render] = await seedRenders(database.prisma, SHOP, 1, {
      state: "publishing",
      productId: product.id,
      fileId: file.id,
      publishOptions: { variantIds: [], makeFirst, ...chosen },
      nextAttemptAt: new Date(Date.now() - 1_000),
    });
    return { render: render!, photos: store.productMedia(SHOP, product.id).map((media) => media.id) };
  }
  const stateOf = async (id: string) => (await database.prisma.render.findUniqueOrThrow({ where: { id } })).state;
  const mediaOf = (render: Render) => admin.fake.store.productMedia(SHOP, render.productId).map((media) => media.id);

  it("without 'make first', leaves the product's first image as it was and adds the render after its photos", async () => {
    const { render, photos } = await approvedRender(false);
    await workerOn(database.prisma).tick();
    expect(await stateOf(render.id)).toBe("published");
    expect(mediaOf(render)).toEqual([...photos, render.fileId]);
  });

  it("with 'make first', puts the render before the product's photos", async () => {
    const { render, photos } = await approvedRender(true);
    await workerOn(database.prisma).tick();
    expect(await stateOf(render.id)).toBe("published");
    expect(mediaOf(render)).toEqual([render.fileId, ...photos]);
  });

  it("puts the render at the place staff chose, with the alt text they wrote", async () => {
    const { render, photos } = await approvedRender(false, {
      position: 2,
      alt: "Chemise en lin portée par un mannequin",
    });
    await workerOn(database.prisma).tick();
    expect(await stateOf(render.id)).toBe("published");
    expect(mediaOf(render)).toEqual([photos[0], render.fileId, photos[1]]);
    const file = admin.fake.store.files(SHOP).find((candidate) => candidate.id === render.fileId);
    expect(file?.alt).toBe("Chemise en lin portée par un mannequin");
  });

  it("a place past the product's images puts the render last", async () => {
    const { render, photos } = await approvedRender(false, { position: 9 });
    await workerOn(database.prisma).tick();
    expect(mediaOf(render)).toEqual([...photos, render.fileId]);
  });

  it("retried after a crash between attaching and recording, sends no second attach request", async () => {
    const { render, photos } = await approvedRender(false);
    // The first worker attaches the image, then dies before any write: no row of this render changes again.
    let died = false;
    const dying = database.prisma.$extends({
      query: {
        render: {
          async updateManyAndReturn({ args, query }) {
            if ((args.where as { id?: unknown } | undefined)?.id === render.id) {
              died = true;
              throw new Error("the worker process was killed");
            }
            return query(args);
          },
        },
      },
    }) as unknown as PrismaClient;
    await workerOn(dying).tick();
    expect(died).toBe(true);
    const attaches = () => admin.fake.store.attachRequestsPerFile({ shop: SHOP, kind: "product" }).get(render.fileId!);
    expect(attaches()).toBe(1);
    expect(await stateOf(render.id)).toBe("publishing");

    // Its lease runs out (on the database's clock) and another worker takes the render up again.
    await database.prisma.$executeRaw`
      UPDATE "Render" SET "leaseExpiresAt" = "leaseExpiresAt" - interval '1 hour' WHERE id = ${render.id}`;
    await workerOn(database.prisma).tick();
    expect(await stateOf(render.id)).toBe("published");
    expect(attaches()).toBe(1);
    expect(mediaOf(render)).toEqual([...photos, render.fileId]);
  });
});
