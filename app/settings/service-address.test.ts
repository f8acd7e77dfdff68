import { describe, expect, it } from "vitest";
import { parseServiceAddress } from "./service-address";

const inProduction = (value: string) => parseServiceAddress(value, { production: true });

describe("the try-on service address", () => {
  it("is normalised to one spelling: lower-case host, no default port, no trailing slash", () => {
    expect(inProduction(" HTTPS://TryOn.Example.COM:443/api/ ")).toEqual({
      ok: true,
      url: "https://tryon.example.com/api",
    });
    expect(inProduction("https://tryon.example.com/")).toEqual({ ok: true, url: "https://tryon.example.com" });
  });

  it("is https only in production; http is for the local simulator", () => {
    expect(inProduction("http://tryon.example.com")).toMatchObject({
      ok: false,
      message: "settings:errors.addressMustBeHttps",
    });
    expect(parseServiceAddress("http://127.0.0.1:4010", { production: false })).toEqual({
      ok: true,
      url: "http://127.0.0.1:4010",
    });
  });

  it("refuses a query, a fragment (even an empty one) and a user name or password", () => {
    for (const value of [
      "https://tryon.example.com/?",
      "https://tryon.example.com/#",
      "https://tryon.example.com/api?path=",
      "https://tryon.example.com/#x",
    ]) {
      expect(inProduction(value), value).toMatchObject({ ok: false, message: "settings:errors.addressQuery" });
    }
    expect(inProduction("https://user:pass@tryon.example.com")).toMatchObject({
      ok: false,
      message: "settings:errors.addressCredentials",
    });
    expect(inProduction("ftp://tryon.example.com")).toMatchObject({ ok: false });
    expect(inProduction("not an address")).toMatchObject({ ok: false });
  });
});
