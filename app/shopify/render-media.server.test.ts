/**
 * Importing a render into Shopify Files over real HTTP to the fake Admin API server: the image is streamed into
 * the staged upload with its declared length, and Shopify ends up with exactly the bytes that were sent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng } from "../../fakes/shopify-admin/images";
import { startFakeAdminServer, type FakeAdminServer } from "../../fakes/shopify-admin/server";
import { fakeAdminGraphql } from "../../harness/pipeline";
import { makeRenderMedia } from "./render-media.server";

const SHOP = "stream-import.myshopify.com";

/** A stream that hands out `bytes` in small chunks, and records whether it was cancelled. */
function chunkedSource(bytes: Uint8Array, chunkSize = 4096) {
  let offset = 0;
  const seen = { cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (offset >= bytes.byteLength) return controller.close();
        controller.enqueue(bytes.slice(offset, offset + chunkSize));
        offset += chunkSize;
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, seen };
}

describe("importing an image into Shopify Files", () => {
  let admin: FakeAdminServer;
  let token: string;
  const uploads: Array<{ body: unknown; length: string | null }> = [];
  const recordingFetch = (input: string, init?: RequestInit) => {
    uploads.push({ body: init?.body, length: new Headers(init?.headers).get("content-length") });
    return fetch(input, init);
  };
  const image = makePng(600, 800);

  beforeAll(async () => {
    admin = await startFakeAdminServer({ fileTimeline: { uploadedMs: 0, processingMs: 0 } });
    admin.fake.store.addShop({ domain: SHOP });
    token = admin.fake.issueAccessToken(SHOP);
  });
  afterAll(async () => {
    await admin?.close();
  });

  const storedBytes = (fileId: string) => admin.fake.store.shop(SHOP).files.get(fileId)?.bytes;

  it("streams the body into the staged upload with its declared length", async () => {
    const media = makeRenderMedia(fakeAdminGraphql(admin.url, SHOP, token), recordingFetch);
    const { body } = chunkedSource(image);
    const file = await media.importImage({
      body,
      byteLength: image.byteLength,
      contentType: "image/png",
      filename: "model-shot-a.png",
      alt: "A tee worn by a model",
    });
    const upload = uploads.at(-1);
    expect(upload?.body).toBeInstanceOf(ReadableStream);
    expect(upload?.length).toBe(String(image.byteLength));
    expect(Buffer.from(storedBytes(file.fileId) ?? []).equals(Buffer.from(image))).toBe(true);
  });

  it("reads a body of unknown length once, then uploads it with the length learnt", async () => {
    const media = makeRenderMedia(fakeAdminGraphql(admin.url, SHOP, token), recordingFetch);
    const { body } = chunkedSource(image);
    const file = await media.importImage({
      body,
      byteLength: null,
      contentType: "image/png",
      filename: "model-shot-b.png",
      alt: "A dress worn by a model",
    });
    expect(uploads.at(-1)?.length).toBe(String(image.byteLength));
    expect(Buffer.from(storedBytes(file.fileId) ?? []).equals(Buffer.from(image))).toBe(true);
  });

  it("cancels the download when Shopify refuses the upload before it starts", async () => {
    const media = makeRenderMedia(fakeAdminGraphql(admin.url, SHOP, "not-a-token"), recordingFetch);
    const { body, seen } = chunkedSource(image);
    const before = uploads.length;
    await expect(
      media.importImage({
        body,
        byteLength: image.byteLength,
        contentType: "image/png",
        filename: "model-shot-c.png",
        alt: "x",
      }),
    ).rejects.toThrow();
    expect(seen.cancelled).toBe(true);
    expect(uploads.length).toBe(before);
  });
});
