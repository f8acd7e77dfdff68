import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wordsFor } from "~/i18n/words.server";
import { sessionTokenRequest } from "../../harness/shopify-requests";
import { variantColourOf } from "~/renders/lifecycle/variant-colour";
import { sourceImagesSchema } from "~/looks/render-options";
import {
  DEFAULT_LOOK,
  getAs,
  jsonOf,
  OPTION_FIELDS,
  postFormAs,
  postJsonAs,
  respond,
  startMerchantApp,
  type MerchantApp,
  type RouteFunction,
} from "../support/merchant-app";

// Pages get decisions and notes as message keys (app/lib/staff-message.ts) and word them; English here.
const english = wordsFor("en");

const SHOP = "colours-a.myshopify.com";
const CREDITS_PER_RENDER = 5;

/** One shot per colour from the three places a render is made: Generate, the product action and bulk runs. */
describe("One shot per colour", () => {
  let app: MerchantApp;
  let generate: { loader: RouteFunction; action: RouteFunction };
  let summary: RouteFunction;
  let renders: RouteFunction;
  let bulk: RouteFunction;
  let runPage: RouteFunction;
  let review: RouteFunction;
  let tee: { id: string; variants: Record<string, string[]>; photos: Record<string, string> };
  let plainDress: string;
  let sizesOnly: string;
  let collectionId: string;

  beforeAll(async () => {
    app = await startMerchantApp();
    generate = await import("~/routes/app.generate/route");
    summary = (await import("~/routes/api.product-summary/route")).loader;
    renders = (await import("~/routes/api.renders/route")).action;
    bulk = (await import("~/routes/app.runs.new/route")).action;
    runPage = (await import("~/routes/app.runs.$runId/route")).loader;
    review = (await import("~/routes/app.review/route")).action;
    await app.installShop(SHOP);
    await app.saveServiceKey(SHOP, { defaults: DEFAULT_LOOK });
    const store = app.fake.store;
    // Red and blue have their own photos on their variants; green has none, so it is not rendered.
    const product = store.addProduct(SHOP, {
      title: "Colour tee",
      productType: "T-Shirts",
      images: [
        { filename: "colour-tee.jpg", alt: "Colour tee" },
        { filename: "colour-tee-red.jpg", alt: "Colour tee" },
        { filename: "colour-tee-blue.jpg", alt: "Colour tee" },
      ],
      variants: [
        { title: "Red / S", selectedOptions: opts("Red", "S"), imageIndex: 1 },
        { title: "Red / M", selectedOptions: opts("Red", "M"), imageIndex: 1 },
        { title: "Blue / S", selectedOptions: opts("Blue", "S"), imageIndex: 2 },
        { title: "Blue / M", selectedOptions: opts("Blue", "M") },
        { title: "Green / S", selectedOptions: opts("Green", "S") },
      ],
    });
    const media = store.productMedia(SHOP, product.id);
    tee = {
      id: product.id,
      variants: { Red: product.variantIds.slice(0, 2), Blue: product.variantIds.slice(2, 4) },
      photos: { Red: media[1]!.id, Blue: media[2]!.id },
    };
    // Colours, but no variant shows a photo: one shot from the product's photos.
    plainDress = store.addProduct(SHOP, {
      title: "Plain dress",
      productType: "Dresses",
      images: [{ filename: "plain-dress.jpg", alt: "Plain dress" }],
      variants: [
        { title: "Black", selectedOptions: [{ name: "Colour", value: "Black" }] },
        { title: "White", selectedOptions: [{ name: "Colour", value: "White" }] },
      ],
    }).id;
    sizesOnly = store.addProduct(SHOP, {
      title: "Sizes tee",
      productType: "T-Shirts",
      images: [{ filename: "sizes-tee.jpg", alt: "Sizes tee" }],
      variants: [
        { title: "S", selectedOptions: [{ name: "Size", value: "S" }], imageIndex: 0 },
        { title: "M", selectedOptions: [{ name: "Size", value: "M" }] },
      ],
    }).id;
    collectionId = store.addCollection(SHOP, { title: "Colours", productIds: [tee.id, plainDress, sizesOnly] }).id;
  });
  afterAll(async () => app?.close());

  const opts = (colour: string, size: string) => [
    { name: "Color", value: colour },
    { name: "Size", value: size },
  ];
  const numeric = (gid: string) => gid.split("/").pop() as string;
  const rendersOf = (productId: string) =>
    app.database.prisma.render.findMany({ where: { shop: SHOP, productId }, orderBy: { createdAt: "asc" } });
  const clear = () => app.database.prisma.render.deleteMany({ where: { shop: SHOP } });

  it("Generate offers it only for a product whose variants differ by colour, saying which colours have a photo", async () => {
    const view = await jsonOf<{ colourChoice: unknown }>(
      await respond(generate.loader, await getAs(SHOP, `/app/generate?productId=${numeric(tee.id)}`)),
    );
    expect(view.colourChoice).toMatchObject({
      optionName: "Color",
      renders: 2,
      fallsBack: false,
      sentence: "messages:colours.perColourSomeWithout?colours=Red%2C+Blue&without=Green&count=1",
      colours: [
        { value: "Red", variantCount: 2, ownPhoto: true },
        { value: "Blue", variantCount: 2, ownPhoto: true },
        { value: "Green", variantCount: 1, ownPhoto: false },
      ],
    });
    const sizes = await jsonOf<{ colourChoice: unknown }>(
      await respond(generate.loader, await getAs(SHOP, `/app/generate?productId=${numeric(sizesOnly)}`)),
    );
    expect(sizes.colourChoice).toBeNull();
  });

  it("Generate reads the colour from Shopify's linked colour option and its swatches, and never takes a style for one", async () => {
    const store = app.fake.store;
    // An option named neither colour nor anything the app knows, linked to shopify.color-pattern: Shopify says so.
    const linked = store.addProduct(SHOP, {
      title: "Sunset tee",
      productType: "T-Shirts",
      images: [
        { filename: "sunset-tee.jpg", alt: "Sunset tee" },
        { filename: "sunset-tee-ember.jpg", alt: "Sunset tee" },
        { filename: "sunset-tee-lagoon.jpg", alt: "Sunset tee" },
      ],
      options: [
        {
          name: "Tint",
          linkedMetafield: { namespace: "shopify", key: "color-pattern" },
          values: [
            { name: "Ember", swatch: { color: "#c0462b" }, linkedMetafieldValue: "gid://shopify/Metaobject/1" },
            { name: "Lagoon", swatch: { color: "#1f7a8c" }, linkedMetafieldValue: "gid://shopify/Metaobject/2" },
          ],
        },
      ],
      variants: [
        { title: "Ember", selectedOptions: [{ name: "Tint", value: "Ember" }], imageIndex: 1 },
        { title: "Lagoon", selectedOptions: [{ name: "Tint", value: "Lagoon" }], imageIndex: 2 },
      ],
    });
    const view = await jsonOf<{ colourChoice: unknown }>(
      await respond(generate.loader, await getAs(SHOP, `/app/generate?productId=${numeric(linked.id)}`)),
    );
    expect(view.colourChoice).toMatchObject({
      optionName: "Tint",
      renders: 2,
      colours: [{ value: "Ember" }, { value: "Lagoon" }],
    });
    // "Style: Black label / White label" names colours but is not one: no one shot per colour is offered.
    const labels = store.addProduct(SHOP, {
      title: "Label tee",
      productType: "T-Shirts",
      images: [{ filename: "label-tee.jpg", alt: "Label tee" }],
      variants: [
        { title: "Black label", selectedOptions: [{ name: "Style", value: "Black label" }], imageIndex: 0 },
        { title: "White label", selectedOptions: [{ name: "Style", value: "White label" }] },
      ],
    });
    const styles = await jsonOf<{ colourChoice: unknown }>(
      await respond(generate.loader, await getAs(SHOP, `/app/generate?productId=${numeric(labels.id)}`)),
    );
    expect(styles.colourChoice).toBeNull();
  });

  it("Generate queues one render per colour from that colour's photo, once however often it is sent", async () => {
    await clear();
    const media = app.fake.store.productMedia(SHOP, tee.id);
    const send = async () =>
      jsonOf<{ ok: boolean; renderIds: string[]; created: boolean }>(
        await respond(
          generate.action,
          await postFormAs(SHOP, "/app/generate", {
            intent: "generate",
            productId: tee.id,
            requestKey: "key-colours-0001",
            frontMediaId: media[0]!.id,
            backMediaId: "",
            perColour: "true",
            ...OPTION_FIELDS,
          }),
        ),
      );
    const first = await send();
    expect(first).toMatchObject({ ok: true, created: true });
    expect(first.renderIds).toHaveLength(2);
    const again = await send();
    expect(again).toMatchObject({ ok: true, created: false, renderIds: first.renderIds });

    const rows = await rendersOf(tee.id);
    expect(rows).toHaveLength(2);
    // Regenerating a colour's render (from Review) makes another render of that colour.
    const regenerated = await jsonOf<{ newRenderId: string }>(
      await respond(
        review,
        await postFormAs(SHOP, "/app/review", {
          intent: "regenerate",
          renderId: rows[0]!.id,
          requestKey: "key-colours-regen",
          ...OPTION_FIELDS,
        }),
      ),
    );
    const regeneratedRow = await app.database.prisma.render.findUniqueOrThrow({
      where: { id: regenerated.newRenderId },
    });
    expect(regeneratedRow.variantColour).toEqual(rows[0]!.variantColour);
    expect(regeneratedRow.sourceImages).toEqual(rows[0]!.sourceImages);
    await app.database.prisma.render.delete({ where: { id: regeneratedRow.id } });
    for (const row of rows) {
      const colour = variantColourOf(row.variantColour)!;
      expect(colour.optionName).toBe("Color");
      expect(colour.variantIds).toEqual(tee.variants[colour.value]);
      expect(sourceImagesSchema.parse(row.sourceImages).mediaIds).toEqual([tee.photos[colour.value]]);
    }
    expect(rows.map((row) => variantColourOf(row.variantColour)?.value).sort()).toEqual(["Blue", "Red"]);
  });

  it("Generate makes each colour's render as candidates: colours × candidates renders, grouped by colour", async () => {
    await clear();
    const media = app.fake.store.productMedia(SHOP, tee.id);
    const answer = await jsonOf<{ ok: boolean; renderIds: string[]; renderCount: number }>(
      await respond(
        generate.action,
        await postFormAs(SHOP, "/app/generate", {
          intent: "generate",
          productId: tee.id,
          requestKey: "key-colours-candidates",
          frontMediaId: media[0]!.id,
          backMediaId: "",
          perColour: "true",
          candidates: "2",
          ...OPTION_FIELDS,
        }),
      ),
    );
    expect(answer).toMatchObject({ ok: true, renderCount: 4 });
    const rows = await rendersOf(tee.id);
    expect(rows).toHaveLength(4);
    const byGroup = new Map<string, string[]>();
    for (const row of rows) {
      const colours = byGroup.get(row.candidateGroup ?? "none") ?? [];
      colours.push(variantColourOf(row.variantColour)?.value ?? "none");
      byGroup.set(row.candidateGroup ?? "none", colours);
    }
    // Two groups, one per colour, each of two candidates of that colour.
    expect([...byGroup.values()].map((colours) => colours.sort().join()).sort()).toEqual(["Blue,Blue", "Red,Red"]);
    await clear();
  });

  it("Generate renders a product without colour photos once, from the chosen photo, on no variant", async () => {
    await clear();
    const media = app.fake.store.productMedia(SHOP, plainDress);
    const result = await jsonOf<{ ok: boolean; renderIds: string[] }>(
      await respond(
        generate.action,
        await postFormAs(SHOP, "/app/generate", {
          intent: "generate",
          productId: plainDress,
          requestKey: "key-colours-0002",
          frontMediaId: media[0]!.id,
          backMediaId: "",
          perColour: "true",
          ...OPTION_FIELDS,
        }),
      ),
    );
    expect(result.renderIds).toHaveLength(1);
    const [row] = await rendersOf(plainDress);
    expect(row?.variantColour).toBeNull();
  });

  it("the product action shows the colours and the cost of a shot each, and queues one per colour", async () => {
    await clear();
    const answer = await jsonOf(
      await respond(
        summary,
        await sessionTokenRequest(`/api/product-summary?productId=${encodeURIComponent(tee.id)}`, SHOP),
      ),
    );
    expect(answer).toMatchObject({
      ok: true,
      colours: { optionName: "Color", values: ["Red", "Blue", "Green"], renders: 2, fallsBack: false },
      looks: [{ credits: CREDITS_PER_RENDER }],
    });
    const fallback = await jsonOf(
      await respond(
        summary,
        await sessionTokenRequest(`/api/product-summary?productId=${encodeURIComponent(plainDress)}`, SHOP),
      ),
    );
    expect(fallback).toMatchObject({ colours: { renders: 1, fallsBack: true } });
    expect(english(String((fallback.colours as { sentence: string }).sentence))).toContain("from the product's photos");

    const body = { productId: tee.id, requestKey: "key-colours-0003", perColour: true };
    const created = await jsonOf(await respond(renders, await postJsonAs(SHOP, "/api/renders", body)));
    expect(created).toMatchObject({ ok: true, count: 2, created: true });
    const repeated = await jsonOf(await respond(renders, await postJsonAs(SHOP, "/api/renders", body)));
    expect(repeated).toMatchObject({ ok: true, count: 2, created: false, renderIds: created.renderIds });
    expect(await rendersOf(tee.id)).toHaveLength(2);
  });

  it("a bulk run counts colours in its estimate, says what happens to each product, and stores each colour", async () => {
    await clear();
    const post = async (fields: Record<string, string>) =>
      respond(
        bulk,
        await postFormAs(SHOP, "/app/runs/new", { scopeKind: "collection", collectionId, ...OPTION_FIELDS, ...fields }),
      );
    const preview = await jsonOf<{
      summary: {
        eligibleCount: number;
        estimateCredits: number;
        colours: { renders: number; products: number; notes: Array<{ title: string; text: string }> };
      };
    }>(await post({ intent: "preview", perColour: "on" }));
    // Red and blue of the tee, the dress once from its photo, the sizes-only tee once.
    expect(preview.summary.eligibleCount).toBe(4);
    expect(preview.summary.estimateCredits).toBe(4 * CREDITS_PER_RENDER);
    expect(preview.summary.colours.renders).toBe(2);
    expect(preview.summary.colours.products).toBe(1);
    expect(preview.summary.colours.notes.map((note) => note.title)).toEqual(["Colour tee", "Plain dress"]);
    expect(english(preview.summary.colours.notes[1]!.text)).toBe(
      "None of the Colour values (Black, White) has a photo of its own, so one shot is made from the product's photos and added to no variant.",
    );
    const once = await jsonOf<{ summary: { eligibleCount: number; estimateCredits: number } }>(
      await post({ intent: "preview" }),
    );
    expect(once.summary).toMatchObject({ eligibleCount: 3, estimateCredits: 3 * CREDITS_PER_RENDER });

    const started = await post({ intent: "start", perColour: "on", requestKey: "key-colours-run-01" });
    expect(started.status).toBe(302);
    const runId = decodeURIComponent(started.headers.get("Location")?.split("/").pop() ?? "");
    const teeRenders = await rendersOf(tee.id);
    expect(teeRenders.map((row) => variantColourOf(row.variantColour)?.variantIds)).toEqual(
      expect.arrayContaining([tee.variants.Red, tee.variants.Blue]),
    );
    const runView = await jsonOf<{ run: { colourRenders: Array<{ productTitle: string; colourLabel: string }> } }>(
      await respond(runPage, await getAs(SHOP, `/app/runs/${runId}`), { runId }),
    );
    expect(runView.run.colourRenders.map((row) => `${row.productTitle} ${row.colourLabel}`).sort()).toEqual([
      "Colour tee Color: Blue",
      "Colour tee Color: Red",
    ]);
  });

  it("refuses one shot per colour for more products than it reads variants of, before reading any", async () => {
    const many = Array.from({ length: 101 }, (_, i) => app.fake.store.addProduct(SHOP, { title: `Tee ${i}` }).id);
    const big = app.fake.store.addCollection(SHOP, { title: "Everything", productIds: many }).id;
    const answer = await respond(
      bulk,
      await postFormAs(SHOP, "/app/runs/new", {
        scopeKind: "collection",
        collectionId: big,
        intent: "preview",
        perColour: "on",
        ...OPTION_FIELDS,
      }),
    );
    expect(answer.status).toBe(400);
    const refused = await jsonOf<{ formError: string; fieldErrors: Record<string, string> }>(answer);
    expect(english(refused.formError)).toContain("takes at most 100 products");
    expect(english(refused.fieldErrors.perColour ?? "")).toBe("Too many products for one shot per colour.");
  });
});
