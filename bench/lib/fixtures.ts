/** Data and wiring shared by the benchmarks; everything here wraps the app's modules, nothing replaces them. */
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient, type Prisma } from "@prisma/client";
import pg from "pg";
import { lookKeyOf } from "~/renders/lifecycle/queue-renders.server";
import { jobInputFor, type RenderOptions } from "~/looks/render-options";
import type { RenderMedia } from "~/renders/review/media-port";
import { hashServiceKey, makeSecretBox } from "~/lib/secret-box.server";
import { TEST_ENCRYPTION_KEY } from "../../harness/pipeline";
import { DEFAULT_TEST_OPTIONS, seedShop } from "../../harness/render-fixtures";

export const BENCH_OPTIONS: RenderOptions = DEFAULT_TEST_OPTIONS;
export const secretBox = () => makeSecretBox(TEST_ENCRYPTION_KEY);

/** A shop installed in the app with a try-on key for `baseUrl`, as Settings saves it. */
export async function seedServiceShop(
  db: PrismaClient,
  shop: string,
  input: { apiKey: string; baseUrl: string; concurrencyCap: number; durationSamplesMs?: number[] },
) {
  await seedShop(db, shop, {
    concurrencyCap: input.concurrencyCap,
    tryOnApiKeyEncrypted: secretBox().seal(input.apiKey, shop),
    tryOnApiKeyLast4: input.apiKey.slice(-4),
    tryOnKeyHash: hashServiceKey(input.apiKey),
    tryOnBaseUrl: input.baseUrl,
    durationSamplesMs: input.durationSamplesMs ?? [],
  });
}

/** Render rows as the app creates them (one product photo each), written in chunks of 1,000. */
export async function insertRenders(
  db: PrismaClient,
  shop: string,
  count: number,
  row: (index: number) => Partial<Prisma.RenderUncheckedCreateInput> & { frontImage: string },
  options: RenderOptions = BENCH_OPTIONS,
): Promise<void> {
  const base = Date.UTC(2026, 0, 1);
  for (let start = 0; start < count; start += 1_000) {
    const rows: Prisma.RenderCreateManyInput[] = [];
    for (let index = start; index < Math.min(count, start + 1_000); index++) {
      const { frontImage, ...extra } = row(index);
      const images = { front: [frontImage], mediaIds: [`gid://shopify/MediaImage/${index + 1}`] };
      rows.push({
        shop,
        productId: `gid://shopify/Product/${index + 1}`,
        productTitle: `Product ${index + 1}`,
        sourceImages: images,
        params: jobInputFor(options, images) as unknown as Prisma.InputJsonValue,
        resolution: options.resolution,
        lookKey: lookKeyOf(options),
        creditsCost: options.resolution === "4K" ? 6 : 5,
        createdAt: new Date(base + index * 1_000),
        nextAttemptAt: new Date(base),
        ...extra,
      } as Prisma.RenderCreateManyInput);
    }
    await db.render.createMany({ data: rows });
  }
}

/**
 * Shopify's side reduced to "the file is there and READY": for benchmarks that measure the try-on side only,
 * so a rendered job goes to review without downloading or uploading anything.
 */
export function readyFilesMedia(): RenderMedia {
  const used: Partial<RenderMedia> = {
    findFileByFilename: async (filename) => ({ fileId: `gid://shopify/MediaImage/${filename}`, status: "READY" }),
    fileStates: async (ids) => new Map(ids.map((id) => [id, { status: "READY" as const }])),
  };
  // Anything else the worker might call fails loudly; new RenderMedia methods need no change here.
  return new Proxy(used, {
    get: (target, key) => {
      // Not a thenable: `renderMediaFor` returns this from an async function.
      if (key === "then" || typeof key === "symbol") return undefined;
      return (
        target[key as keyof RenderMedia] ??
        (async () => {
          throw new Error(`RenderMedia.${String(key)} is not used by this benchmark`);
        })
      );
    },
  }) as RenderMedia;
}

/**
 * Shopify's side of an import reduced to accepting it: the staged upload reads the downloaded image to its end (the
 * worker moves the bytes as it would to Shopify) and the file is created READY at once. Everything else as
 * readyFilesMedia. For benchmark 10's steady state, where every finished render is imported.
 */
export function instantFilesMedia(): RenderMedia {
  const ready = readyFilesMedia();
  let files = 0;
  const extra: Partial<RenderMedia> = {
    stageImage: async (input) => {
      const reader = input.body.getReader();
      while (!(await reader.read()).done) {
        // drained: the bytes are counted by the worker's transfer collection, as in production
      }
      return { resourceUrl: `https://shopify-staged-uploads.test/${input.filename}`, filename: input.filename };
    },
    createFileFrom: async () => ({ created: { fileId: `gid://shopify/MediaImage/${++files}`, status: "READY" } }),
  };
  return new Proxy(extra, {
    get: (target, key) => {
      if (key === "then" || typeof key === "symbol") return undefined;
      return target[key as keyof RenderMedia] ?? ready[key as keyof RenderMedia];
    },
  }) as RenderMedia;
}

/**
 * A Prisma client on its own pg pool whose every SQL statement on the wire is counted (BEGIN and COMMIT of
 * batched transactions included), and a count of Prisma operations (what test/pipeline/worker-tick.test.ts
 * counts) through a `$extends` query hook.
 */
export function countingPrisma(url: string) {
  const counter = { wire: 0, operations: 0 };
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      counter.wire += 1;
      return query(...args);
    };
  });
  const base = new PrismaClient({ adapter: new PrismaPg(pool) });
  const client = base.$extends({
    query: {
      async $allOperations({ args, query }) {
        counter.operations += 1;
        return query(args);
      },
    },
  }) as unknown as PrismaClient;
  return {
    client,
    counter,
    async close() {
      await base.$disconnect();
      await pool.end().catch(() => undefined);
    },
  };
}
