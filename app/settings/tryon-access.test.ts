import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes, randomUUID } from "node:crypto";
import type { ShopSettings } from "@prisma/client";
import { hashServiceKey, keyringFromEnv, makeSecretBox, SecretUnreadableError } from "~/lib/secret-box.server";
import { TryOnUnavailableError } from "~/tryon";
import { DEFAULT_TEST_OPTIONS } from "../../harness/render-fixtures";
import { checkKeyAgainstService, settingsViewOf } from "./settings.server";
import { makeTryOnClientFor, tryOnAccessOf, tryOnClientFor } from "./tryon-client.server";

/**
 * The Settings key check and the try-on clients the app builds, against a small local service whose answers each
 * test chooses: what each answer means for the check, and how patient each caller's client is.
 */

const SHOP = "tryon-access.myshopify.com";
const LISTING = JSON.stringify({ data: [{ id: "mnq_one", name: "One" }] });

describe("the try-on service as Settings and the pages reach it", () => {
  let server: Server;
  let baseUrl: string;
  /** Status codes to answer with, in order; 200 with a listing once they run out. */
  let answers: number[];
  let requests: Array<{ path: string; authorization: string | undefined }>;

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push({ path: request.url ?? "", authorization: request.headers.authorization });
      const status = answers.shift() ?? 200;
      response.writeHead(status, { "content-type": "application/json" });
      response.end(status === 200 ? LISTING : JSON.stringify({ error: { message: `status ${status}` } }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise<void>((resolve) => server?.close(() => resolve())));
  beforeEach(() => {
    answers = [];
    requests = [];
  });

  // A key of its own per test: the pages' and the worker's clients share the process's catalog cache.
  const freshKey = () => `key-${randomUUID()}`;

  describe("checking a key in Settings", () => {
    it("accepts a key the service lists its mannequins for, sending it as the bearer", async () => {
      const key = freshKey();
      expect(await checkKeyAgainstService(baseUrl, key)).toEqual({ ok: true });
      expect(requests).toEqual([{ path: "/api/v1/mannequins", authorization: `Bearer ${key}` }]);
    });

    it("refuses a key the service refuses, next to the key field", async () => {
      answers = [401];
      expect(await checkKeyAgainstService(baseUrl, freshKey())).toEqual({
        ok: false,
        field: "apiKey",
        message: "settings:errors.keyRefused",
      });
    });

    it("accepts a key whose account has no credits left: the key works, the balance is another matter", async () => {
      answers = [402];
      expect(await checkKeyAgainstService(baseUrl, freshKey())).toEqual({ ok: true });
    });

    it("blames the address when the service fails, after one attempt: a person is waiting", async () => {
      answers = [503, 503, 503];
      expect(await checkKeyAgainstService(baseUrl, freshKey())).toEqual({
        ok: false,
        field: "tryOnBaseUrl",
        message: "settings:errors.serviceUnreachable",
      });
      expect(requests).toHaveLength(1);
    });

    it("says the address is not a try-on service when no client can be made for it", async () => {
      expect(await checkKeyAgainstService("ftp://tryon.example", freshKey())).toEqual({
        ok: false,
        field: "tryOnBaseUrl",
        message: "settings:errors.notAService",
      });
    });

    it("asks the service every time: an earlier success for the same key does not stand in for the check", async () => {
      const key = freshKey();
      expect(await checkKeyAgainstService(baseUrl, key)).toEqual({ ok: true });
      answers = [401];
      expect(await checkKeyAgainstService(baseUrl, key)).toMatchObject({ ok: false, field: "apiKey" });
      expect(requests).toHaveLength(2);
    });
  });

  describe("the clients each caller gets", () => {
    it("gives a page one retry of a failed read, and no more: a person is waiting", async () => {
      answers = [503];
      const client = makeTryOnClientFor("page", { baseUrl, apiKey: freshKey() });
      expect(await client.listMannequins()).toMatchObject([{ id: "mnq_one" }]);
      expect(requests).toHaveLength(2);

      requests = [];
      answers = [503, 503];
      const second = makeTryOnClientFor("page", { baseUrl, apiKey: freshKey() });
      await expect(second.listMannequins()).rejects.toBeInstanceOf(TryOnUnavailableError);
      expect(requests).toHaveLength(2);
    });

    it("gives the worker one attempt per read: it reschedules failures itself", async () => {
      answers = [503];
      const client = makeTryOnClientFor("worker", { baseUrl, apiKey: freshKey() });
      await expect(client.listMannequins()).rejects.toBeInstanceOf(TryOnUnavailableError);
      expect(requests).toHaveLength(1);
    });

    it("lets the worker's listings come from the process's catalog cache, unlike a key check", async () => {
      const apiKey = freshKey();
      await makeTryOnClientFor("worker", { baseUrl, apiKey }).listMannequins();
      await makeTryOnClientFor("worker", { baseUrl, apiKey }).listMannequins();
      expect(requests).toHaveLength(1);
    });

    it("builds a page's client from the shop's saved key and address, and none without a key", async () => {
      const key = freshKey();
      const box = keyringFromEnv(process.env);
      const settings = {
        shop: SHOP,
        tryOnBaseUrl: baseUrl,
        tryOnApiKeyEncrypted: box.seal(key, SHOP),
      } as unknown as ShopSettings;
      const client = tryOnClientFor(settings);
      expect(client).not.toBeNull();
      await client?.listMannequins();
      expect(requests).toEqual([{ path: "/api/v1/mannequins", authorization: `Bearer ${key}` }]);

      expect(tryOnClientFor(null)).toBeNull();
      expect(tryOnClientFor({ ...settings, tryOnApiKeyEncrypted: null })).toBeNull();
      // A key sealed by a key the ring does not hold: the page carries on as if none were saved.
      const stranger = makeSecretBox(randomBytes(32).toString("base64"));
      expect(tryOnClientFor({ ...settings, tryOnApiKeyEncrypted: stranger.seal(key, SHOP) })).toBeNull();
    });
  });
});

describe("a shop's access to the try-on service", () => {
  const box = makeSecretBox(randomBytes(32).toString("base64"));
  const row = (fields: Partial<ShopSettings>) => ({ shop: SHOP, ...fields }) as unknown as ShopSettings;
  const keys = { secretBox: box, defaultBaseUrl: "https://default.example" };

  it("is the shop's own address, or the app's default, with the key opened and its hash", () => {
    const sealed = box.seal("shop-key-1234", SHOP);
    expect(tryOnAccessOf(row({ tryOnApiKeyEncrypted: sealed, tryOnBaseUrl: "https://own.example" }), keys)).toEqual({
      baseUrl: "https://own.example",
      apiKey: "shop-key-1234",
      keyHash: hashServiceKey("shop-key-1234"),
    });
    expect(tryOnAccessOf(row({ tryOnApiKeyEncrypted: sealed, tryOnBaseUrl: null }), keys)).toMatchObject({
      baseUrl: "https://default.example",
    });
  });

  it("is none without a key, or without any address", () => {
    expect(tryOnAccessOf(null, keys)).toBeNull();
    expect(tryOnAccessOf(row({ tryOnApiKeyEncrypted: null, tryOnBaseUrl: "https://own.example" }), keys)).toBeNull();
    const sealed = box.seal("shop-key-1234", SHOP);
    expect(
      tryOnAccessOf(row({ tryOnApiKeyEncrypted: sealed, tryOnBaseUrl: null }), { ...keys, defaultBaseUrl: undefined }),
    ).toBeNull();
  });

  it("opens the key only for the shop it was saved for", () => {
    const sealed = box.seal("shop-key-1234", "other.myshopify.com");
    expect(() => tryOnAccessOf(row({ tryOnApiKeyEncrypted: sealed, tryOnBaseUrl: null }), keys)).toThrow(
      SecretUnreadableError,
    );
  });
});

describe("the Settings view", () => {
  it("shows the defaults for a shop that never saved settings", () => {
    expect(settingsViewOf(null, "https://default.example")).toEqual({
      hasKey: false,
      keyLast4: null,
      baseUrl: null,
      defaultBaseUrl: "https://default.example",
      concurrencyCap: 4,
      publishWithoutReview: false,
      colour: { goodMax: 5, driftMin: 10, holdDrift: true },
      defaults: null,
      paused: null,
    });
    expect(settingsViewOf(null, undefined).defaultBaseUrl).toBeNull();
  });

  it("shows the shop's own address and its saved defaults", () => {
    // A copy: the view must hand back the shop's own saved object's values, not the shared constant.
    const defaults = { ...DEFAULT_TEST_OPTIONS };
    const row = {
      shop: SHOP,
      tryOnBaseUrl: "https://own.example",
      defaultOptions: defaults,
    } as unknown as ShopSettings;
    expect(settingsViewOf(row, "https://default.example")).toMatchObject({
      baseUrl: "https://own.example",
      defaultBaseUrl: "https://default.example",
      defaults,
    });
  });

  it("shows no last four once the key itself is gone", () => {
    const row = { shop: SHOP, tryOnApiKeyEncrypted: null, tryOnApiKeyLast4: "1234" } as unknown as ShopSettings;
    expect(settingsViewOf(row, undefined)).toMatchObject({ hasKey: false, keyLast4: null });
  });
});
