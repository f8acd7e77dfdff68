import type { Prisma, Render } from "@prisma/client";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { RenderMedia } from "~/renders/review/media-port";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { seedRenders, seedShop } from "../../harness/render-fixtures";

/** The review decisions' tests (app/renders/review/review-actions*.server.test.ts): two shops on a real database. */
export const SHOP = "review-actions.myshopify.com";
export const OTHER = "review-actions-other.myshopify.com";

/** The two calls the decisions make of Shopify, recorded; `failDelete` makes deleting a file fail. */
export function recordingMedia(options: { failDelete?: boolean } = {}) {
  const calls: string[] = [];
  const media = {
    async deleteFile(fileId: string) {
      calls.push(`delete ${fileId}`);
      if (options.failDelete) throw new Error("Shopify is down");
    },
    async detachFromProduct(fileId: string, productId: string) {
      calls.push(`detach ${fileId} from ${productId}`);
    },
  } as unknown as RenderMedia;
  return { media, calls };
}

/** A fresh PostgreSQL database for the file, both shops seeded, renders and runs emptied before each test. */
export function useReviewDatabase() {
  let opened: TestDatabase | undefined;
  let sequence = 0;
  const review = {
    get database(): TestDatabase {
      if (!opened) throw new Error("the review database is opened in beforeAll");
      return opened;
    },
    /** One render of `shop` with the given columns (a file id of its own unless told). */
    async oneRender(overrides: Partial<Prisma.RenderUncheckedCreateInput> = {}, shop = SHOP): Promise<Render> {
      sequence += 1;
      const fileId = `gid://shopify/MediaImage/file-${sequence}`;
      const prisma = review.database.prisma;
      const before = new Set((await prisma.render.findMany({ where: { shop } })).map((render) => render.id));
      const rows = await seedRenders(prisma, shop, 1, { fileId, ...overrides });
      const created = rows.find((render) => !before.has(render.id));
      if (!created) throw new Error("no render was created");
      return created;
    },
    /** The same database, but every render update that returns rows fails as a lost connection would. */
    databaseThatFails: () =>
      review.database.prisma.$extends({
        query: {
          render: {
            async updateManyAndReturn() {
              throw new Error("the database went away");
            },
          },
        },
      }) as unknown as TestDatabase["prisma"],
    row: (id: string) => review.database.prisma.render.findUniqueOrThrow({ where: { id } }),
    refusal: (key: string) => expect.objectContaining({ name: "ReviewError", message: `messages:refusal.${key}` }),
  };
  beforeAll(async () => {
    opened = await createTestDatabase("postgres");
    await seedShop(opened.prisma, SHOP);
    await seedShop(opened.prisma, OTHER);
  });
  afterAll(async () => opened?.close());
  beforeEach(async () => {
    await review.database.prisma.render.deleteMany();
    await review.database.prisma.run.deleteMany();
  });
  return review;
}
