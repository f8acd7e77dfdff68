import { describe, expect, it } from "vitest";
import { Prisma, type PrismaClient } from "@prisma/client";
import type { ProductForRender } from "~/catalog/catalog-port";
import { creditsForJob } from "~/tryon/cost";
import { DEFAULT_TEST_OPTIONS } from "../../../harness/render-fixtures";
import {
  candidatesOf,
  lookKeyOf,
  oncePerRequestKey,
  QueueFullError,
  queueRoomProblem,
  renderRow,
} from "./queue-renders.server";

/** The pure parts of queueing: a look's key, the rows created, candidate numbering, the queue's room, request keys. */

const PRODUCT = { id: "gid://shopify/Product/1", title: "Linen shirt" } as ProductForRender;
const IMAGES = { front: ["https://cdn.shopify.com/a.jpg"], mediaIds: ["gid://shopify/MediaImage/1"] };

describe("a look's key", () => {
  it("is the same for the same options in any order, and differs when an option differs", () => {
    const reversed = Object.fromEntries(Object.entries(DEFAULT_TEST_OPTIONS).reverse()) as typeof DEFAULT_TEST_OPTIONS;
    expect(lookKeyOf(reversed)).toBe(lookKeyOf(DEFAULT_TEST_OPTIONS));
    expect(lookKeyOf({ ...DEFAULT_TEST_OPTIONS, poseId: "pose_side" })).not.toBe(lookKeyOf(DEFAULT_TEST_OPTIONS));
    expect(lookKeyOf(DEFAULT_TEST_OPTIONS)).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe("a queued render's row", () => {
  it("holds the product, its images, the submit parameters, the look's key and the cost at its resolution", () => {
    const row = renderRow("s.myshopify.com", PRODUCT, IMAGES, { ...DEFAULT_TEST_OPTIONS, resolution: "4K" }, {});
    expect(row).toMatchObject({
      shop: "s.myshopify.com",
      productId: PRODUCT.id,
      productTitle: "Linen shirt",
      sourceImages: IMAGES,
      resolution: "4K",
      lookKey: lookKeyOf({ ...DEFAULT_TEST_OPTIONS, resolution: "4K" }),
      creditsCost: creditsForJob("4K"),
      params: { mannequinId: "mnq_amara", productImages: [expect.stringContaining("a.jpg")] },
    });
    // Nothing optional is set unless given (Prisma writes a key set to undefined as if it were absent).
    for (const field of [
      "runId",
      "requestKey",
      "regeneratedFromId",
      "candidateGroup",
      "candidateIndex",
      "variantColour",
    ]) {
      expect(row[field as keyof typeof row], field).toBeUndefined();
    }
  });

  it("carries its run, request key, original, candidate number and colour when given", () => {
    const colour = { optionName: "Color", value: "Red", variantIds: ["gid://shopify/ProductVariant/1"] };
    const row = renderRow("s.myshopify.com", PRODUCT, IMAGES, DEFAULT_TEST_OPTIONS, {
      runId: "run-1",
      requestKey: "key-1",
      regeneratedFromId: "render-0",
      candidate: { group: "g-1", index: 2 },
      variantColour: colour,
    });
    expect(row).toMatchObject({
      runId: "run-1",
      requestKey: "key-1",
      regeneratedFromId: "render-0",
      candidateGroup: "g-1",
      candidateIndex: 2,
      variantColour: colour,
    });
  });
});

describe("candidate numbering", () => {
  it("numbers nothing for one render, and a new group 1…n for several", () => {
    expect(candidatesOf(1)).toEqual([undefined]);
    expect(candidatesOf(0)).toEqual([undefined]);
    const three = candidatesOf(3);
    expect(three.map((candidate) => candidate?.index)).toEqual([1, 2, 3]);
    expect(new Set(three.map((candidate) => candidate?.group)).size).toBe(1);
    expect(three[0]?.group).toEqual(expect.any(String));
    expect(candidatesOf(2)[0]?.group).not.toBe(three[0]?.group);
  });
});

describe("the room in a shop's queue", () => {
  const queuedNow = (queued: number) => {
    const asked: unknown[] = [];
    const db = {
      render: {
        count: async (args: unknown) => {
          asked.push(args);
          return queued;
        },
      },
    } as unknown as Pick<PrismaClient, "render">;
    return { db, asked };
  };

  it("counts only the shop's queued renders, and fits up to the limit exactly", async () => {
    const { db, asked } = queuedNow(8);
    expect(await queueRoomProblem(db, "s.myshopify.com", 2, { maxQueuedPerShop: 10 })).toBeNull();
    expect(asked).toEqual([{ where: { shop: "s.myshopify.com", state: "queued" } }]);
  });

  it("refuses one render past the limit, saying how many were asked, are queued and may be", async () => {
    const { db } = queuedNow(9);
    expect(await queueRoomProblem(db, "s.myshopify.com", 2, { maxQueuedPerShop: 10 })).toBe(
      "messages:queue.full?count=2&queued=9&max=10",
    );
  });

  it("does not count at all when nothing is added", async () => {
    const { db, asked } = queuedNow(50);
    expect(await queueRoomProblem(db, "s.myshopify.com", 0, { maxQueuedPerShop: 10 })).toBeNull();
    expect(asked).toEqual([]);
  });

  it("is refused with an error staff can be shown", () => {
    const error = new QueueFullError("messages:queue.full?count=1&queued=10&max=10");
    expect(error.name).toBe("QueueFullError");
    expect(error.message).toBe("messages:queue.full?count=1&queued=10&max=10");
  });
});

describe("one row per request key", () => {
  const uniqueViolation = () =>
    new Prisma.PrismaClientKnownRequestError("Unique constraint failed", { code: "P2002", clientVersion: "6" });

  it("answers a retried request with the row the first one made, creating nothing", async () => {
    let created = 0;
    const result = await oncePerRequestKey(
      "key-1",
      async (key) => (key === "key-1" ? "earlier" : null),
      async () => `new-${++created}`,
    );
    expect(result).toEqual({ row: "earlier", created: false });
    expect(created).toBe(0);
  });

  it("creates the row for a new key, and without a key never looks for an earlier one", async () => {
    const looked: string[] = [];
    const existing = async (key: string) => {
      looked.push(key);
      return null;
    };
    expect(await oncePerRequestKey("key-2", existing, async () => "new")).toEqual({ row: "new", created: true });
    expect(await oncePerRequestKey(undefined, existing, async () => "new")).toEqual({ row: "new", created: true });
    expect(looked).toEqual(["key-2"]);
  });

  it("answers with the twin a concurrent request created when the unique index refuses this one", async () => {
    let lookups = 0;
    const result = await oncePerRequestKey(
      "key-3",
      async () => (++lookups === 1 ? null : "twin"),
      async () => {
        throw uniqueViolation();
      },
    );
    expect(result).toEqual({ row: "twin", created: false });
  });

  it("passes on any other failure, and a unique violation it cannot explain by a twin", async () => {
    const other = new Error("connection lost");
    await expect(
      oncePerRequestKey(
        "key-4",
        async () => null,
        async () => Promise.reject(other),
      ),
    ).rejects.toBe(other);
    // Without a request key there is no twin to look for.
    const violation = uniqueViolation();
    let lookups = 0;
    await expect(
      oncePerRequestKey(
        undefined,
        async () => {
          lookups += 1;
          return "twin";
        },
        async () => Promise.reject(violation),
      ),
    ).rejects.toBe(violation);
    expect(lookups).toBe(0);
    // The index refused it but the twin is gone (deleted meanwhile): the refusal stands.
    await expect(
      oncePerRequestKey(
        "key-5",
        async () => null,
        async () => Promise.reject(violation),
      ),
    ).rejects.toBe(violation);
  });
});
