import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startImageServer, type ImageServer } from "../../fakes/tryon-service/image-server";
import type { CatalogEntry } from "./catalog";
import { TryOnAuthError } from "./errors";
import type { FetchLike } from "./http";
import { checkTryOnInput, type CatalogSource, type InputCheckDeps, type TransformReason } from "./input-checks";
import { sampleJobInput } from "../../harness/tryon-client";
import { wordsFor } from "~/i18n/words.server";
import type { TryOnJobInput } from "./wire";

// Problems are message keys (app/lib/staff-message.ts); the English words come from the messages file.
const english = wordsFor("en");

let server: ImageServer;
const formats: Record<"jpeg" | "png" | "webp" | "gif", Buffer> = {} as never;

beforeAll(async () => {
  server = await startImageServer();
  const base = sharp({ create: { width: 8, height: 8, channels: 3, background: "#36c" } });
  formats.jpeg = await base.clone().jpeg().toBuffer();
  formats.png = await base.clone().png().toBuffer();
  formats.webp = await base.clone().webp().toBuffer();
  formats.gif = await base.clone().gif().toBuffer();
});

afterAll(() => server.stop());

const entries = (...ids: string[]): CatalogEntry[] => ids.map((id) => ({ id, raw: { id } }));

function fakeCatalog(): CatalogSource & { poseTypes: string[] } {
  const poseTypes: string[] = [];
  return {
    poseTypes,
    listMannequins: async () => entries("mnq_lena", "mnq_kenji"),
    listPoses: async (productType) => {
      poseTypes.push(productType);
      return productType === "top" ? entries("pose_front_relaxed") : entries("pose_walking");
    },
    listBackgrounds: async () => entries("bg_studio_white"),
  };
}

/** Limits of 4 KB instead of 10 MB keep the test files small; the rule is the same. */
function deps(overrides: Partial<InputCheckDeps> = {}): InputCheckDeps {
  return { catalog: fakeCatalog(), maxImageBytes: 4096, timeoutMs: 2000, ...overrides };
}

function input(imageUrl: string, overrides: Partial<TryOnJobInput> = {}): TryOnJobInput {
  return sampleJobInput(imageUrl, overrides);
}

function requestsFor(url: string) {
  const path = new URL(url).pathname;
  return server.requests
    .filter((request) => request.path === path)
    .map((request) => `${request.method} ${request.range ?? ""}`.trim());
}

describe("fields and enums", () => {
  it("needs at least one front image, without touching the network", async () => {
    const before = server.requests.length;
    const result = await checkTryOnInput(input("https://unused.example/a.jpg", { productImages: [] }), deps());
    expect(result).toEqual({
      ok: false,
      problems: [{ field: "productImages", code: "invalid_value", message: expect.any(String) }],
    });
    expect(english(result.ok ? "" : (result.problems[0]?.message ?? ""))).toBe(
      "productImages: needs at least one front image.",
    );
    expect(server.requests.length).toBe(before);
  });

  it("reports every enum value outside its set", async () => {
    const url = server.add("enum.jpg", formats.jpeg, { contentType: "image/jpeg" });
    const result = await checkTryOnInput(
      input(url, {
        productType: "hat",
        productCategory: "cape",
        bodySize: "XXXL",
        expression: "angry",
        resolution: "8K" as never,
        aspectRatio: "2:1" as never,
      }),
      deps(),
    );
    expect(result.ok ? [] : result.problems.map((problem) => problem.field)).toEqual([
      "productType",
      "productCategory",
      "resolution",
      "aspectRatio",
      "bodySize",
      "expression",
    ]);
  });

  it("follows configured enums instead of the defaults", async () => {
    const url = server.add("custom-enum.jpg", formats.jpeg, { contentType: "image/jpeg" });
    const enums = { productTypes: ["hat"], productCategories: ["cap"], bodySizes: ["one_size"], expressions: ["calm"] };
    const result = await checkTryOnInput(
      input(url, {
        productType: "hat",
        productCategory: "cap",
        bodySize: "one_size",
        expression: "calm",
        poseId: "pose_walking",
      }),
      deps({ enums }),
    );
    expect(result.ok).toBe(true);
  });
});

describe("images", () => {
  it("accepts JPEG, PNG and WebP within the limit, from a HEAD alone", async () => {
    const urls = (["jpeg", "png", "webp"] as const).map((format) =>
      server.add(`ok.${format}`, formats[format], { contentType: `image/${format}` }),
    );
    const result = await checkTryOnInput(input(urls[0]!, { productImages: urls, productBackImage: urls[1]! }), deps());
    expect(result).toMatchObject({ ok: true, substitutions: [] });
    for (const url of urls) expect(requestsFor(url).every((request) => request === "HEAD")).toBe(true);
  });

  it("falls back to a ranged GET of 16 bytes and sniffs the format when HEAD is refused", async () => {
    const url = server.add("no-head.png", formats.png, { head: "405", contentType: null });
    expect((await checkTryOnInput(input(url), deps())).ok).toBe(true);
    expect(requestsFor(url)).toEqual(["HEAD", "GET bytes=0-15"]);
  });

  it("falls back to a ranged GET when HEAD answers without type or size", async () => {
    const url = server.add("bare-head.gif", formats.gif, { head: "bare", contentType: "image/jpeg" });
    const result = await checkTryOnInput(input(url), deps());
    expect(result.ok ? [] : result.problems.map((problem) => problem.code)).toEqual(["unsupported_image_format"]);
    expect(requestsFor(url)).toEqual(["HEAD", "GET bytes=0-15"]);
  });

  it("reads the size from Content-Length when the host ignores ranges", async () => {
    const url = server.add("no-ranges.jpg", Buffer.concat([formats.jpeg, Buffer.alloc(5000)]), {
      head: "405",
      ranges: false,
    });
    const result = await checkTryOnInput(input(url), deps());
    expect(result.ok ? [] : result.problems.map((problem) => problem.code)).toEqual(["image_too_large"]);
  });

  it("counts the bytes, stopping past the limit, when no header gives the size", async () => {
    const big = Buffer.concat([formats.webp, Buffer.alloc(6000)]);
    const chunked = server.add("chunked.webp", big, { head: "405", ranges: false, chunked: true });
    const noTotal = server.add("no-total.webp", big, { head: "405", hideTotal: true, chunked: true });
    for (const url of [chunked, noTotal]) {
      const result = await checkTryOnInput(input(url), deps());
      expect(result.ok ? [] : result.problems.map((problem) => problem.code), url).toEqual(["image_too_large"]);
    }
    const small = server.add("chunked-small.webp", formats.webp, { head: "405", ranges: false, chunked: true });
    expect((await checkTryOnInput(input(small), deps())).ok).toBe(true);
  });

  it("asks for a transformed copy of an image that is too large, re-checks it and uses it", async () => {
    const large = server.add("large.jpg", Buffer.concat([formats.jpeg, Buffer.alloc(5000)]), {
      contentType: "image/jpeg",
    });
    const converted = server.add("converted.webp", formats.webp, { contentType: "image/webp" });
    const asked: Array<[string, TransformReason]> = [];
    const result = await checkTryOnInput(
      input(large),
      deps({
        requestTransformedUrl: async (url, reason) => {
          asked.push([url, reason]);
          return converted;
        },
      }),
    );
    expect(asked).toEqual([
      [large, { problem: "too_large", format: "jpeg", sizeBytes: formats.jpeg.byteLength + 5000, maxBytes: 4096 }],
    ]);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.input.productImages).toEqual([converted]);
    expect(result.substitutions).toEqual([
      expect.objectContaining({ field: "productImages.0", from: large, to: converted }),
    ]);
    expect(requestsFor(converted)).toContain("HEAD");
  });

  it("asks for a transformed copy of an image in another format, and refuses a copy that is still wrong", async () => {
    const gif = server.add("product.gif", formats.gif, { contentType: "image/gif" });
    const stillGif = server.add("still.gif", formats.gif, { contentType: "image/gif" });
    const result = await checkTryOnInput(input(gif), deps({ requestTransformedUrl: async () => stillGif }));
    expect(result.ok ? [] : result.problems).toEqual([
      expect.objectContaining({ code: "unsupported_image_format", message: expect.stringContaining("photo.onCopy") }),
    ]);
  });

  it("fails with a clear message when no transformed copy can be requested", async () => {
    const gif = server.add("alone.gif", formats.gif, { contentType: "image/gif" });
    const result = await checkTryOnInput(input(gif), deps());
    expect(result.ok ? [] : result.problems).toEqual([
      {
        field: "productImages.0",
        code: "unsupported_image_format",
        message: expect.any(String),
      },
    ]);
    expect(english(result.ok ? "" : (result.problems[0]?.message ?? ""))).toBe(
      "The image is GIF; the try-on service takes JPEG, PNG or WebP only. No converted copy can be requested for it.",
    );
  });

  it("reports a failed transformation request as a problem, not a crash", async () => {
    const gif = server.add("fails.gif", formats.gif, { contentType: "image/gif" });
    const result = await checkTryOnInput(
      input(gif),
      deps({
        requestTransformedUrl: async () => {
          throw new Error("CDN said no");
        },
      }),
    );
    expect(english(result.ok ? "" : (result.problems[0]?.message ?? ""))).toMatch(
      /Asking for a converted copy failed \(CDN said no\)/,
    );
  });

  it("reports an image that cannot be fetched", async () => {
    const result = await checkTryOnInput(input(`${server.baseUrl}/nowhere.jpg`), deps());
    expect(result.ok ? [] : result.problems).toEqual([
      expect.objectContaining({
        field: "productImages.0",
        code: "image_unreachable",
        message: expect.any(String),
      }),
    ]);
    expect(english(result.ok ? "" : (result.problems[0]?.message ?? ""))).toBe(
      "The photo could not be downloaded: the image could not be fetched (HTTP 404).",
    );
  });
});

describe("catalog ids", () => {
  it("checks mannequin, pose (for the product type) and background ids against the listings", async () => {
    const url = server.add("ids.jpg", formats.jpeg, { contentType: "image/jpeg" });
    const catalog = fakeCatalog();
    const result = await checkTryOnInput(
      input(url, { mannequinId: "mnq_gone", poseId: "pose_walking", background: "bg_moon" }),
      deps({ catalog }),
    );
    expect(result.ok ? [] : result.problems.map((problem) => `${problem.field}:${problem.code}`)).toEqual([
      "background:unknown_catalog_id",
      "mannequinId:unknown_catalog_id",
      "poseId:unknown_catalog_id",
    ]);
    expect(catalog.poseTypes).toEqual(["top"]);
  });

  it("checks a background on Shopify's CDN as an image instead of as an id", async () => {
    const url = server.add("bg-ok.jpg", formats.jpeg, { contentType: "image/jpeg" });
    server.add("bg.gif", formats.gif, { contentType: "image/gif" });
    // Shopify's CDN stands in for the shop's Files: its URLs are served by the local image server.
    const cdn = (name: string) => `https://cdn.shopify.com/s/files/1/shop/files/${name}`;
    const viaLocalCdn: FetchLike = (target, init) =>
      fetch(target.replace("https://cdn.shopify.com/s/files/1/shop/files/", `${new URL(url).origin}/`), init);
    expect((await checkTryOnInput(input(url, { background: cdn("bg-ok.jpg") }), deps({ fetch: viaLocalCdn }))).ok).toBe(
      true,
    );
    const result = await checkTryOnInput(input(url, { background: cdn("bg.gif") }), deps({ fetch: viaLocalCdn }));
    expect(result.ok ? [] : result.problems.map((problem) => `${problem.field}:${problem.code}`)).toEqual([
      "background:unsupported_image_format",
    ]);
  });

  it("refuses a background URL anywhere but Shopify's CDN, without fetching it", async () => {
    const url = server.add("fg.jpg", formats.jpeg, { contentType: "image/jpeg" });
    const elsewhere = server.add("bg-elsewhere.jpg", formats.jpeg, { contentType: "image/jpeg" });
    for (const background of [
      elsewhere,
      "http://cdn.shopify.com/a.jpg",
      "https://cdn.shopify.com.evil.example/a.jpg",
    ]) {
      const result = await checkTryOnInput(input(url, { background }), deps());
      expect(result.ok ? [] : result.problems.map((problem) => `${problem.field}:${problem.code}`)).toEqual([
        "background:background_not_allowed",
      ]);
    }
    expect(requestsFor(elsewhere)).toEqual([]);
  });

  it("throws a service failure while listing instead of blaming the input", async () => {
    const url = server.add("auth.jpg", formats.jpeg, { contentType: "image/jpeg" });
    const catalog: CatalogSource = {
      ...fakeCatalog(),
      listMannequins: () => Promise.reject(new TryOnAuthError("refused", { operation: "catalog", httpStatus: 401 })),
    };
    await expect(checkTryOnInput(input(url), deps({ catalog }))).rejects.toBeInstanceOf(TryOnAuthError);
  });
});
