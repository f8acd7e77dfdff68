import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { createTestDatabase, type TestDatabase } from "../../harness/database";
import { makeSecretBox } from "~/lib/secret-box.server";
import { saveSettings, type KeyChecker, type SettingsInput } from "./settings.server";

/** Saves of Settings that the other tests do not make: no key at all, a saved key left without any address. */

const SHOP = "settings-save.myshopify.com";
const box = makeSecretBox(randomBytes(32).toString("base64"));

describe("saving settings without a key, or without an address", () => {
  let database: TestDatabase;
  let checks: string[];
  const checkKey: KeyChecker = async (baseUrl) => {
    checks.push(baseUrl);
    return { ok: true };
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
    await database.prisma.shop.deleteMany();
  });

  it("saves a shop's other settings before it has a key or any address", async () => {
    const result = await save({ concurrencyCap: 3, publishWithoutReview: true });
    expect(result).toMatchObject({
      ok: true,
      keyChecked: false,
      view: { hasKey: false, baseUrl: null, concurrencyCap: 3, publishWithoutReview: true },
    });
    expect(checks).toEqual([]);
  });

  it("asks for an address when the saved key would be left with none (the app's default went away)", async () => {
    await save({ apiKey: "first-key-1234" }, "https://default.example");
    expect(checks).toEqual(["https://default.example"]);
    const result = await save({ concurrencyCap: 6 });
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { tryOnBaseUrl: "settings:errors.enterServiceAddress" },
    });
    const row = await database.prisma.shopSettings.findUniqueOrThrow({ where: { shop: SHOP } });
    expect(row.concurrencyCap).toBe(4);
  });
});
