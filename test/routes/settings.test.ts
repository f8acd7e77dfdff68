import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { snapshotAllRows } from "../../harness/database";
import {
  jsonOf,
  OPTION_FIELDS,
  postFormAs,
  getAs,
  respond,
  startMerchantApp,
  type MerchantApp,
  type RouteFunction,
} from "../support/merchant-app";
import { wordsFor } from "~/i18n/words.server";

// Field errors are message keys; these read them in English through the messages file.
const english = wordsFor("en");

const SHOP = "settings-a.myshopify.com";
const OTHER = "settings-b.myshopify.com";

describe("Settings page", () => {
  let app: MerchantApp;
  let loader: RouteFunction;
  let action: RouteFunction;

  beforeAll(async () => {
    app = await startMerchantApp({ simulator: true });
    ({ loader, action } = await import("~/routes/app.settings/route"));
    await app.installShop(SHOP);
    await app.installShop(OTHER);
  });
  afterAll(async () => app?.close());
  beforeEach(async () => {
    await app.database.prisma.shopSettings.deleteMany();
  });

  const save = (shop: string, fields: Record<string, string>) =>
    postFormAs(shop, "/app/settings", { intent: "save", concurrencyCap: "4", ...fields }).then((request) =>
      respond(action, request),
    );
  const sim = () => {
    if (!app.simulator) throw new Error("simulator not started");
    return app.simulator;
  };

  it("starts with publish-without-review off, no key and the catalog asking for one", async () => {
    const view = await jsonOf<{ settings: Record<string, unknown>; catalog: { ok: boolean; reason?: string } }>(
      await respond(loader, await getAs(SHOP, "/app/settings")),
    );
    expect(view.settings).toMatchObject({
      hasKey: false,
      keyLast4: null,
      publishWithoutReview: false,
      concurrencyCap: 4,
    });
    expect(view.catalog).toMatchObject({ ok: false, reason: "no_key" });
  });

  it("checks a new key with the service, stores it encrypted with its last four and hash, and never sends it back", async () => {
    const key = sim().apiKey;
    const response = await save(SHOP, { apiKey: key, tryOnBaseUrl: sim().baseUrl });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).not.toContain(key);
    expect(JSON.parse(body)).toMatchObject({ ok: true, settings: { hasKey: true, keyLast4: key.slice(-4) } });

    const row = await app.database.prisma.shopSettings.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(row.tryOnApiKeyEncrypted).toBeTruthy();
    expect(row.tryOnApiKeyEncrypted).not.toContain(key);
    const { keyringFromEnv, hashServiceKey } = await import("~/lib/secret-box.server");
    expect(keyringFromEnv(process.env).open(row.tryOnApiKeyEncrypted ?? "", SHOP)).toBe(key);
    expect(row.tryOnKeyHash).toBe(hashServiceKey(key));

    const page = await (await respond(loader, await getAs(SHOP, "/app/settings"))).text();
    expect(page).not.toContain(key);
    expect(JSON.parse(page)).toMatchObject({
      settings: { hasKey: true, keyLast4: key.slice(-4) },
      catalog: { ok: true },
    });
    // The pickers get the catalog's thumbnails.
    expect(JSON.parse(page).catalog.catalog.mannequins[0]).toMatchObject({
      id: expect.any(String),
      thumbnailUrl: expect.stringContaining("http"),
    });
  });

  it("refuses a key the service rejects, next to the key field, and saves nothing", async () => {
    const before = await snapshotAllRows(app.database.prisma);
    const response = await save(SHOP, { apiKey: "not-a-real-key-1234", tryOnBaseUrl: sim().baseUrl });
    expect(response.status).toBe(400);
    const result = await jsonOf<{ ok: boolean; fieldErrors: Record<string, string> }>(response);
    expect(result.fieldErrors.apiKey).toBe("settings:errors.keyRefused");
    expect(await snapshotAllRows(app.database.prisma)).toEqual(before);
  });

  it("reports an address where no service answers next to the address field", async () => {
    const response = await save(SHOP, { apiKey: sim().apiKey, tryOnBaseUrl: "http://127.0.0.1:9" });
    expect(response.status).toBe(400);
    expect((await jsonOf<{ fieldErrors: Record<string, string> }>(response)).fieldErrors.tryOnBaseUrl).toBe(
      "settings:errors.serviceUnreachable",
    );
    expect(await app.database.prisma.shopSettings.count()).toBe(0);
  });

  it("validates every field on the server and names each one", async () => {
    const response = await save(SHOP, { concurrencyCap: "0", tryOnBaseUrl: "ftp://nope", apiKey: "short" });
    expect(response.status).toBe(400);
    const { fieldErrors } = await jsonOf<{ fieldErrors: Record<string, string> }>(response);
    expect(Object.keys(fieldErrors).sort()).toEqual(["apiKey", "concurrencyCap", "tryOnBaseUrl"]);
    expect(fieldErrors.concurrencyCap).toBe("settings:errors.concurrencyMin");
    expect(fieldErrors.apiKey).toBe("settings:errors.keyTooShort");
    expect(await app.database.prisma.shopSettings.count()).toBe(0);
  });

  it("a working key lifts the shop's pause", async () => {
    await app.database.prisma.shopSettings.create({
      data: {
        shop: SHOP,
        pausedReason: "auth",
        pausedMessage: "The try-on service refused the API key.",
        pausedAt: new Date(),
      },
    });
    expect((await save(SHOP, { apiKey: sim().apiKey, tryOnBaseUrl: sim().baseUrl })).status).toBe(200);
    const row = await app.database.prisma.shopSettings.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(row).toMatchObject({ pausedReason: null, pausedMessage: null, pausedAt: null });
  });

  it("keeps the saved key when the field is left empty, and saves defaults, cap and publish-without-review", async () => {
    await save(SHOP, { apiKey: sim().apiKey, tryOnBaseUrl: sim().baseUrl });
    const before = await app.database.prisma.shopSettings.findUniqueOrThrow({ where: { shop: SHOP } });
    const response = await save(SHOP, {
      apiKey: "",
      tryOnBaseUrl: sim().baseUrl,
      concurrencyCap: "7",
      publishWithoutReview: "on",
      includesDefaults: "on",
      ...OPTION_FIELDS,
    });
    expect(response.status).toBe(200);
    const after = await app.database.prisma.shopSettings.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(after.tryOnApiKeyEncrypted).toBe(before.tryOnApiKeyEncrypted);
    expect(after).toMatchObject({ concurrencyCap: 7, publishWithoutReview: true });
    expect(after.defaultOptions).toMatchObject({
      mannequinId: "mnq_amara",
      poseId: "pose_front_relaxed",
      resolution: "2K",
    });
  });

  it("saves the colour check's thresholds and hold-back, refuses thresholds in the wrong order, and keeps them when absent", async () => {
    const saved = await save(SHOP, {
      includesColour: "on",
      colourGoodMax: "4",
      colourDriftMin: "12.5",
    });
    expect(saved.status).toBe(200);
    expect(await app.database.prisma.shopSettings.findUniqueOrThrow({ where: { shop: SHOP } })).toMatchObject({
      colourGoodMax: 4,
      colourDriftMin: 12.5,
      holdDriftFromAutoPublish: false,
    });

    const wrong = await jsonOf<{ fieldErrors: Record<string, string> }>(
      await save(SHOP, {
        includesColour: "on",
        colourGoodMax: "12",
        colourDriftMin: "8",
        holdDriftFromAutoPublish: "on",
      }),
    );
    expect(wrong.fieldErrors.colourDriftMin).toBe("settings:errors.driftAboveKept");
    const unknown = await jsonOf<{ fieldErrors: Record<string, string> }>(
      await save(SHOP, { includesColour: "on", colourGoodMax: "lots", colourDriftMin: "99" }),
    );
    expect(unknown.fieldErrors).toMatchObject({
      colourGoodMax: "settings:errors.enterNumber",
      colourDriftMin: "settings:errors.driftMinRange?min=0.5&max=60",
    });

    // A save without the colour fields (an older form, an extension) leaves them as they were.
    await save(SHOP, { concurrencyCap: "5" });
    expect(await app.database.prisma.shopSettings.findUniqueOrThrow({ where: { shop: SHOP } })).toMatchObject({
      concurrencyCap: 5,
      colourGoodMax: 4,
      colourDriftMin: 12.5,
    });
  });

  it("shows a missing default next to its field", async () => {
    const response = await save(SHOP, {
      tryOnBaseUrl: sim().baseUrl,
      includesDefaults: "on",
      ...OPTION_FIELDS,
      mannequinId: "",
    });
    expect(response.status).toBe(400);
    const { fieldErrors } = await jsonOf<{ fieldErrors: Record<string, string> }>(response);
    expect(Object.keys(fieldErrors)).toEqual(["mannequinId"]);
    expect(english(fieldErrors.mannequinId ?? "")).toBe("Choose a model.");
  });

  it("keeps each shop's settings to itself", async () => {
    await save(SHOP, { apiKey: sim().apiKey, tryOnBaseUrl: sim().baseUrl, concurrencyCap: "9" });
    const otherView = await jsonOf<{ settings: Record<string, unknown> }>(
      await respond(loader, await getAs(OTHER, "/app/settings")),
    );
    expect(otherView.settings).toMatchObject({ hasKey: false, keyLast4: null, concurrencyCap: 4 });
    await save(OTHER, { concurrencyCap: "2", tryOnBaseUrl: "" });
    const mine = await app.database.prisma.shopSettings.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(mine.concurrencyCap).toBe(9);
    expect(mine.tryOnApiKeyEncrypted).toBeTruthy();
  });
});
