import { describe, expect, it } from "vitest";
import { createFakeAdminApi } from "./fake-admin";
import { makePng } from "./images";
import { runGraphql } from "./requests";

const SHOP = "atelier.myshopify.com";
const START = Date.parse("2026-11-01T10:00:00Z");

function setup() {
  let now = START;
  const fake = createFakeAdminApi({ now: () => now, fileTimeline: { uploadedMs: 1_000, processingMs: 4_000 } });
  fake.store.addShop({ domain: SHOP });
  const dress = fake.store.addProduct(SHOP, {
    title: "Silk dress",
    images: [{ alt: "Flat lay" }],
    variants: [{ title: "S" }, { title: "M" }],
  });
  const clock = { advance: (ms: number) => (now += ms) };
  return { fake, dress, clock };
}

const STAGE = `mutation ($input: [StagedUploadInput!]!) {
  stagedUploadsCreate(input: $input) { stagedTargets { url resourceUrl parameters { name value } } userErrors { field message } }
}`;
const CREATE = `mutation ($files: [FileCreateInput!]!) {
  fileCreate(files: $files) { files { id fileStatus alt } userErrors { field message code } }
}`;
const STATUS = `query ($id: ID!) {
  node(id: $id) { ... on MediaImage { fileStatus image { url width height } fileErrors { code message } } }
}`;
const UPDATE = `mutation ($files: [FileUpdateInput!]!) {
  fileUpdate(files: $files) { files { id alt } userErrors { field message code } }
}`;

type Target = { url: string; resourceUrl: string; parameters: { name: string; value: string }[] };
type StageData = { stagedUploadsCreate: { stagedTargets: Target[] } };
type CreateData = {
  fileCreate: { files: { id: string; fileStatus: string; alt: string }[] | null; userErrors: unknown[] };
};
type StatusData = {
  node: {
    fileStatus: string;
    image: { url: string; width: number; height: number } | null;
    fileErrors: { code: string }[];
  };
};

async function stage(fake: ReturnType<typeof setup>["fake"], httpMethod: "PUT" | "POST" = "PUT"): Promise<Target> {
  const { body } = await runGraphql<StageData>(fake, SHOP, STAGE, {
    input: [{ filename: "render.png", mimeType: "image/png", resource: "IMAGE", httpMethod }],
  });
  return body.data!.stagedUploadsCreate.stagedTargets[0]!;
}

async function uploadedFile(fake: ReturnType<typeof setup>["fake"], bytes: Uint8Array = makePng(768, 1024)) {
  const target = await stage(fake);
  const put = await fake.handle(
    new Request(target.url, { method: "PUT", body: bytes.slice(), headers: { "Content-Type": "image/png" } }),
  );
  expect(put.status).toBe(200);
  const { body } = await runGraphql<CreateData>(fake, SHOP, CREATE, {
    files: [{ originalSource: target.resourceUrl, alt: "Model wearing the silk dress", contentType: "IMAGE" }],
  });
  return body.data!.fileCreate.files![0]!;
}

async function statusOf(fake: ReturnType<typeof setup>["fake"], id: string) {
  return (await runGraphql<StatusData>(fake, SHOP, STATUS, { id })).body.data!.node;
}

describe("staged uploads", () => {
  it("returns a signed PUT target on the local upload origin that keeps the bytes", async () => {
    const { fake } = setup();
    const target = await stage(fake);
    expect(target.resourceUrl).toMatch(/^https:\/\/fake-admin-uploads\.test\/tmp\/.+\/render\.png$/);
    expect(target.url.startsWith(`${target.resourceUrl}?`)).toBe(true);
    expect(target.parameters).toContainEqual({ name: "content_type", value: "image/png" });
    const bytes = makePng(4, 4);
    await fake.handle(
      new Request(target.url, { method: "PUT", body: bytes.slice(), headers: { "Content-Type": "image/png" } }),
    );
    expect(fake.store.stagedUpload(target.resourceUrl)?.upload?.bytes).toEqual(bytes);
  });

  async function stageDeclared(fake: ReturnType<typeof setup>["fake"], fileSize: number) {
    const { body } = await runGraphql<StageData>(fake, SHOP, STAGE, {
      input: [
        {
          filename: "render.png",
          mimeType: "image/png",
          resource: "IMAGE",
          httpMethod: "PUT",
          fileSize: `${fileSize}`,
        },
      ],
    });
    return body.data!.stagedUploadsCreate.stagedTargets[0]!;
  }
  const put = (fake: ReturnType<typeof setup>["fake"], target: Target, body: Uint8Array, type = "image/png") =>
    fake.handle(new Request(target.url, { method: "PUT", body: body.slice(), headers: { "Content-Type": type } }));

  it("refuses a body shorter (truncated) or longer than the declared fileSize, storing nothing", async () => {
    const { fake } = setup();
    const bytes = makePng(32, 32);
    const truncated = await stageDeclared(fake, bytes.byteLength);
    const short = await put(fake, truncated, bytes.subarray(0, bytes.byteLength - 10));
    expect([short.status, await short.text()]).toEqual([400, expect.stringContaining("<Code>EntityTooSmall</Code>")]);
    expect(fake.store.stagedUpload(truncated.resourceUrl)?.upload).toBeNull();

    const oversize = await stageDeclared(fake, bytes.byteLength - 1);
    const long = await put(fake, oversize, bytes);
    expect([long.status, await long.text()]).toEqual([400, expect.stringContaining("<Code>EntityTooLarge</Code>")]);
    expect(fake.store.stagedUpload(oversize.resourceUrl)?.upload).toBeNull();

    // A file created from the refused upload fails like one whose bytes never arrived.
    const { body } = await runGraphql<CreateData>(fake, SHOP, CREATE, {
      files: [{ originalSource: truncated.resourceUrl, contentType: "IMAGE" }],
    });
    fake.store.settleFiles(SHOP);
    const failed = await statusOf(fake, body.data!.fileCreate.files![0]!.id);
    expect(failed.fileStatus).toBe("FAILED");

    const exact = await stageDeclared(fake, bytes.byteLength);
    expect((await put(fake, exact, bytes)).status).toBe(200);
  });

  it("refuses a body of another MIME type than declared (the signature covers it), and sizes over 20 MB", async () => {
    const { fake } = setup();
    const bytes = makePng(8, 8);
    const target = await stageDeclared(fake, bytes.byteLength);
    const response = await put(fake, target, bytes, "image/jpeg");
    expect([response.status, await response.text()]).toEqual([
      403,
      expect.stringContaining("<Code>SignatureDoesNotMatch</Code>"),
    ]);
    expect(fake.store.stagedUpload(target.resourceUrl)?.upload).toBeNull();

    const { body } = await runGraphql<{
      stagedUploadsCreate: { stagedTargets: null; userErrors: { field: string[] }[] };
    }>(fake, SHOP, STAGE, {
      input: [{ filename: "huge.png", mimeType: "image/png", resource: "IMAGE", fileSize: `${21 * 1024 * 1024}` }],
    });
    expect(body.data!.stagedUploadsCreate.userErrors).toEqual([
      { field: ["input", "0", "fileSize"], message: expect.stringContaining("exceeds the maximum") },
    ]);
  });

  it("refuses a PUT without the target's signature", async () => {
    const { fake } = setup();
    const target = await stage(fake);
    const response = await fake.handle(new Request(target.resourceUrl, { method: "PUT", body: "x" }));
    expect(response.status).toBe(403);
    expect(fake.store.stagedUpload(target.resourceUrl)?.upload).toBeNull();
  });

  it("accepts a multipart POST with the target's parameters, as for a POST target", async () => {
    const { fake } = setup();
    const target = await stage(fake, "POST");
    const form = new FormData();
    for (const { name, value } of target.parameters) form.append(name, value);
    form.append("file", new Blob([makePng(2, 2).slice()], { type: "image/png" }), "render.png");
    const response = await fake.handle(new Request(target.url, { method: "POST", body: form }));
    expect(response.status).toBe(201);
    expect(fake.store.stagedUpload(target.resourceUrl)?.upload?.bytes.byteLength).toBeGreaterThan(0);
  });
});

describe("file search", () => {
  const FIND = `query ($query: String!) { files(first: 5, query: $query) { nodes { id } } }`;
  const NODES = `query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`;

  it("does not find a file created less than fileSearchDelayMs ago; nodes(ids:) sees it at once", async () => {
    let now = START;
    const fake = createFakeAdminApi({ now: () => now, fileSearchDelayMs: 3_000 });
    fake.store.addShop({ domain: SHOP });
    const file = await uploadedFile(fake);
    const found = async () =>
      (await runGraphql<{ files: { nodes: { id: string }[] } }>(fake, SHOP, FIND, { query: "filename:render*" })).body
        .data!.files.nodes;
    expect(await found()).toEqual([]);
    const byId = await runGraphql<{ nodes: { id: string }[] }>(fake, SHOP, NODES, { ids: [file.id] });
    expect(byId.body.data!.nodes).toEqual([{ id: file.id }]);
    now += 2_999;
    expect(await found()).toEqual([]);
    now += 1;
    expect(await found()).toEqual([{ id: file.id }]);
  });
});

describe("files", () => {
  it("goes UPLOADED → PROCESSING → READY on the clock and then has an image with its real size", async () => {
    const { fake, clock } = setup();
    const file = await uploadedFile(fake);
    expect(file).toMatchObject({ fileStatus: "UPLOADED", alt: "Model wearing the silk dress" });
    clock.advance(1_000);
    expect(await statusOf(fake, file.id)).toMatchObject({ fileStatus: "PROCESSING", image: null });
    clock.advance(4_000);
    const ready = await statusOf(fake, file.id);
    expect(ready).toMatchObject({ fileStatus: "READY", image: { width: 768, height: 1024 }, fileErrors: [] });
    const served = await fake.handle(new Request(ready.image!.url));
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(makePng(768, 1024));
  });

  it("ends FAILED with fileErrors when told to fail the next file", async () => {
    const { fake } = setup();
    fake.failNextFileProcessing(1, { code: "IMAGE_PROCESSING_FAILURE" });
    const file = await uploadedFile(fake);
    fake.store.settleFiles();
    expect(await statusOf(fake, file.id)).toMatchObject({
      fileStatus: "FAILED",
      image: null,
      fileErrors: [{ code: "IMAGE_PROCESSING_FAILURE" }],
    });
  });

  it("ends FAILED when the staged bytes are not an image, or nothing was uploaded", async () => {
    const { fake } = setup();
    const notAnImage = await uploadedFile(fake, new TextEncoder().encode("<html>oops</html>"));
    const target = await stage(fake);
    const { body } = await runGraphql<CreateData>(fake, SHOP, CREATE, {
      files: [{ originalSource: target.resourceUrl }],
    });
    const neverUploaded = body.data!.fileCreate.files![0]!;
    fake.store.settleFiles();
    expect((await statusOf(fake, notAnImage.id)).fileErrors).toEqual([
      { code: "UNSUPPORTED_IMAGE_FILE_TYPE", message: expect.any(String) },
    ]);
    expect((await statusOf(fake, neverUploaded.id)).fileErrors).toEqual([
      { code: "IMAGE_DOWNLOAD_FAILURE", message: expect.any(String) },
    ]);
  });

  it("answers an invalid originalSource with userErrors and creates nothing", async () => {
    const { fake } = setup();
    const before = fake.store.files(SHOP).length;
    const { body } = await runGraphql<CreateData>(fake, SHOP, CREATE, {
      files: [{ originalSource: "not a url", alt: "x" }],
    });
    expect(body.data!.fileCreate).toEqual({
      files: null,
      userErrors: [
        { field: ["files", "0", "originalSource"], code: "INVALID_IMAGE_SOURCE_URL", message: "Image URL is invalid." },
      ],
    });
    expect(fake.store.files(SHOP)).toHaveLength(before);
  });

  it("creates a file from an external URL, and downloads it when given a fetcher", async () => {
    let now = START;
    const fake = createFakeAdminApi({
      now: () => now,
      fetchExternalSource: async (url) => (url.endsWith("ok.png") ? makePng(10, 20) : null),
    });
    fake.store.addShop({ domain: SHOP });
    const { body } = await runGraphql<CreateData>(fake, SHOP, CREATE, {
      files: [
        { originalSource: "https://renders.example/ok.png" },
        { originalSource: "https://renders.example/missing.png" },
      ],
    });
    const [ok, missing] = body.data!.fileCreate.files!;
    now += 10_000;
    expect(await statusOf(fake, ok!.id)).toMatchObject({ fileStatus: "READY", image: { width: 10, height: 20 } });
    expect(await statusOf(fake, missing!.id)).toMatchObject({
      fileStatus: "FAILED",
      fileErrors: [{ code: "IMAGE_DOWNLOAD_FAILURE" }],
    });
  });

  it("refuses to reference a file that is not READY yet (NON_READY_STATE) and changes nothing", async () => {
    const { fake, dress } = setup();
    const file = await uploadedFile(fake);
    const { body } = await runGraphql(fake, SHOP, UPDATE, { files: [{ id: file.id, referencesToAdd: [dress.id] }] });
    expect(body.data).toEqual({
      fileUpdate: {
        files: null,
        userErrors: [
          { field: ["files", "0", "id"], code: "NON_READY_STATE", message: "Non-ready files cannot be updated." },
        ],
      },
    });
    expect(fake.store.productMedia(SHOP, dress.id)).toHaveLength(1);
  });

  it("attaches a READY file as the product's last media once, even when the reference is repeated", async () => {
    const { fake, dress, clock } = setup();
    const file = await uploadedFile(fake);
    clock.advance(5_000);
    for (let attempt = 0; attempt < 2; attempt++) {
      const { body } = await runGraphql(fake, SHOP, UPDATE, { files: [{ id: file.id, referencesToAdd: [dress.id] }] });
      expect(body.data).toEqual({
        fileUpdate: { files: [{ id: file.id, alt: "Model wearing the silk dress" }], userErrors: [] },
      });
    }
    expect(fake.store.productMedia(SHOP, dress.id).map((m) => [m.id, m.status])).toEqual([
      [dress.mediaIds[0], "READY"],
      [file.id, "READY"],
    ]);
  });

  it("logs every attach request, so the same file sent twice is visible though it stays attached once", async () => {
    const { fake, dress, clock } = setup();
    const file = await uploadedFile(fake);
    const early = await runGraphql(fake, SHOP, UPDATE, { files: [{ id: file.id, referencesToAdd: [dress.id] }] });
    expect(early.body.data).toMatchObject({ fileUpdate: { userErrors: [{ code: "NON_READY_STATE" }] } });
    clock.advance(5_000);
    for (let attempt = 0; attempt < 2; attempt++)
      await runGraphql(fake, SHOP, UPDATE, { files: [{ id: file.id, referencesToAdd: [dress.id] }] });
    expect(fake.store.attachRequests.map((r) => [r.fileId, r.kind, r.targetId, r.outcome])).toEqual([
      [file.id, "product", dress.id, "refused"],
      [file.id, "product", dress.id, "attached"],
      [file.id, "product", dress.id, "already-attached"],
    ]);
    expect(fake.store.attachRequestsPerFile({ shop: SHOP, kind: "product" }).get(file.id)).toBe(3);
  });

  it("answers references to unknown products and non-products with userErrors", async () => {
    const { fake, clock } = setup();
    const file = await uploadedFile(fake);
    clock.advance(5_000);
    const collection = fake.store.addCollection(SHOP, { title: "Summer" });
    const { body } = await runGraphql(fake, SHOP, UPDATE, {
      files: [{ id: file.id, referencesToAdd: ["gid://shopify/Product/999999", collection.id] }],
    });
    expect(body.data).toEqual({
      fileUpdate: {
        files: null,
        userErrors: [
          {
            field: ["files", "0", "referencesToAdd"],
            code: "REFERENCE_TARGET_DOES_NOT_EXIST",
            message: expect.any(String),
          },
          { field: ["files", "0", "referencesToAdd"], code: "UNSUPPORTED_FILE_REFERENCE", message: expect.any(String) },
        ],
      },
    });
    const unknownFile = await runGraphql(fake, SHOP, UPDATE, {
      files: [{ id: "gid://shopify/MediaImage/999999", alt: "x" }],
    });
    expect(unknownFile.body.data).toMatchObject({ fileUpdate: { userErrors: [{ code: "FILE_DOES_NOT_EXIST" }] } });
  });

  it("detaches a file from the product and its variants with referencesToRemove, keeping the file", async () => {
    const { fake, dress } = setup();
    const flatLay = dress.mediaIds[0]!;
    fake.store.variant(SHOP, dress.variantIds[0]!)!.mediaIds.push(flatLay);
    const { body } = await runGraphql(fake, SHOP, UPDATE, { files: [{ id: flatLay, referencesToRemove: [dress.id] }] });
    expect(body.data).toMatchObject({ fileUpdate: { userErrors: [] } });
    expect(fake.store.productMedia(SHOP, dress.id)).toEqual([]);
    expect(fake.store.variantMediaIds(SHOP, dress.variantIds[0]!)).toEqual([]);
    expect(fake.store.file(SHOP, flatLay)).toBeDefined();
  });

  it("deletes files with fileDelete, removing them from product media; an unknown id changes nothing", async () => {
    const { fake, dress } = setup();
    const flatLay = dress.mediaIds[0]!;
    const DELETE = `mutation ($ids: [ID!]!) { fileDelete(fileIds: $ids) { deletedFileIds userErrors { field code } } }`;
    const unknown = await runGraphql(fake, SHOP, DELETE, { ids: [flatLay, "gid://shopify/MediaImage/999999"] });
    expect(unknown.body.data).toEqual({
      fileDelete: { deletedFileIds: null, userErrors: [{ field: ["fileIds"], code: "FILE_DOES_NOT_EXIST" }] },
    });
    expect(fake.store.productMedia(SHOP, dress.id)).toHaveLength(1);
    const deleted = await runGraphql(fake, SHOP, DELETE, { ids: [flatLay] });
    expect(deleted.body.data).toEqual({ fileDelete: { deletedFileIds: [flatLay], userErrors: [] } });
    expect(fake.store.file(SHOP, flatLay)).toBeUndefined();
    expect(fake.store.productMedia(SHOP, dress.id)).toEqual([]);
  });

  it("updates alt text of a READY file, and refuses alt text over 512 characters", async () => {
    const { fake, dress } = setup();
    const id = dress.mediaIds[0]!;
    await runGraphql(fake, SHOP, UPDATE, { files: [{ id, alt: "Silk dress, flat lay on linen" }] });
    expect(fake.store.productMedia(SHOP, dress.id)[0]?.alt).toBe("Silk dress, flat lay on linen");
    const tooLong = await runGraphql(fake, SHOP, UPDATE, { files: [{ id, alt: "x".repeat(513) }] });
    expect(tooLong.body.data).toMatchObject({
      fileUpdate: { files: null, userErrors: [{ code: "ALT_VALUE_LIMIT_EXCEEDED" }] },
    });
    expect(fake.store.productMedia(SHOP, dress.id)[0]?.alt).toBe("Silk dress, flat lay on linen");
  });
});
