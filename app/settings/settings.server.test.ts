import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { makeSecretBox } from "~/lib/secret-box.server";
import { saveSettings, settingsViewOf, type KeyChecker, type SettingsInput } from "./settings.server";

const SHOP = "settings-unit.myshopify.com";
const box = makeSecretBox(randomBytes(32).toString("base64"));

describe("saving settings", () => {
  let database: TestDatabase;
  let checks: Array<{ baseUrl: string; apiKey: string }>;
  let answer: Awaited<ReturnType<KeyChecker>>;
  const checkKey: KeyChecker = async (baseUrl, apiKey) => {
    checks.push({ baseUrl, apiKey });
    return answer;
  };
  const save = (fields: Partial<SettingsInput>, defaultBaseUrl?: string) =>
    saveSettings(database.prisma, { secretBox: box, checkKey, defaultBaseUrl }, SHOP, {
      concurrencyCap: 4,
      publishWithoutReview: false,
      ...fields,
    });

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    checks = [];
    answer = { ok: true };
    await database.prisma.shop.deleteMany();
  });

  it("creates the shop's settings even before the install hook wrote the shop", async () => {
    const result = await save({ apiKey: "first-key-1234", tryOnBaseUrl: "https://tryon.example" });
    expect(result).toMatchObject({ ok: true, keyChecked: true, view: { hasKey: true, keyLast4: "1234" } });
    expect(await database.prisma.shop.count({ where: { domain: SHOP } })).toBe(1);
  });

  it("does not ask the service again when neither the key nor the address changed", async () => {
    await save({ apiKey: "first-key-1234", tryOnBaseUrl: "https://tryon.example" });
    checks = [];
    const result = await save({ tryOnBaseUrl: "https://tryon.example", concurrencyCap: 6 });
    expect(result).toMatchObject({ ok: true, keyChecked: false });
    expect(checks).toEqual([]);
  });

  it("never sends the saved key to a new address: changing the address needs the key typed again", async () => {
    await save({ apiKey: "first-key-1234", tryOnBaseUrl: "https://tryon.example" });
    checks = [];
    const result = await save({ tryOnBaseUrl: "https://attacker.example" });
    expect(checks).toEqual([]);
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { apiKey: "settings:errors.keyAgainForAddress" },
    });
    // Back to the app's default is a change of address too.
    expect(await save({}, "https://default.example")).toMatchObject({
      ok: false,
      fieldErrors: { apiKey: expect.any(String) },
    });
    expect(checks).toEqual([]);
    const row = await database.prisma.shopSettings.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(row.tryOnBaseUrl).toBe("https://tryon.example");
  });

  it("checks the key typed with a new address, and keeps the old address if it fails", async () => {
    await save({ apiKey: "first-key-1234", tryOnBaseUrl: "https://tryon.example" });
    checks = [];
    answer = { ok: false, field: "tryOnBaseUrl", message: "could not be reached" };
    const result = await save({ apiKey: "first-key-1234", tryOnBaseUrl: "https://elsewhere.example" });
    expect(checks).toEqual([{ baseUrl: "https://elsewhere.example", apiKey: "first-key-1234" }]);
    expect(result).toMatchObject({ ok: false, fieldErrors: { tryOnBaseUrl: "could not be reached" } });
    const row = await database.prisma.shopSettings.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(row.tryOnBaseUrl).toBe("https://tryon.example");
  });

  it("uses the app's default address when the shop leaves it empty, and asks for one when there is none", async () => {
    expect(await save({ apiKey: "first-key-1234" }, "https://default.example")).toMatchObject({ ok: true });
    expect(checks.at(-1)?.baseUrl).toBe("https://default.example");
    await database.prisma.shop.deleteMany();
    expect(await save({ apiKey: "first-key-1234" })).toMatchObject({
      ok: false,
      fieldErrors: { tryOnBaseUrl: "settings:errors.enterServiceAddress" },
    });
  });

  it("lifts a pause only when a key was checked in this save", async () => {
    await save({ apiKey: "first-key-1234", tryOnBaseUrl: "https://tryon.example" });
    await database.prisma.shopSettings.update({
      where: { shop: SHOP },
      data: { pausedReason: "out_of_credits", pausedMessage: "No credits", pausedAt: new Date() },
    });
    await save({ tryOnBaseUrl: "https://tryon.example" });
    expect((await database.prisma.shopSettings.findUniqueOrThrow({ where: { shop: SHOP } })).pausedReason).toBe(
      "out_of_credits",
    );
    await save({ apiKey: "second-key-5678", tryOnBaseUrl: "https://tryon.example" });
    expect((await database.prisma.shopSettings.findUniqueOrThrow({ where: { shop: SHOP } })).pausedReason).toBeNull();
  });

  it("never puts the key in the view, only its last four characters", async () => {
    const result = await save({ apiKey: "very-secret-key-9876", tryOnBaseUrl: "https://tryon.example" });
    expect(JSON.stringify(result)).not.toContain("very-secret-key");
    const row = await database.prisma.shopSettings.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(JSON.stringify(settingsViewOf(row, undefined))).not.toContain("very-secret-key");
    expect(box.open(row.tryOnApiKeyEncrypted ?? "", SHOP)).toBe("very-secret-key-9876");
  });

  it("ignores stored defaults that no longer parse instead of failing the page", () => {
    const view = settingsViewOf(
      { shop: SHOP, defaultOptions: { mannequinId: 3 } } as unknown as Parameters<typeof settingsViewOf>[0],
      undefined,
    );
    expect(view.defaults).toBeNull();
  });
});
