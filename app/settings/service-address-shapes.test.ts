import { describe, expect, it } from "vitest";
import { parseServiceAddress } from "./service-address";

/** Address shapes the first tests of parseServiceAddress do not try: one spelling for paths, half credentials. */

const inProduction = (value: string) => parseServiceAddress(value, { production: true });

describe("the try-on service address, more shapes", () => {
  it("keeps a path of several segments and drops any number of trailing slashes", () => {
    expect(inProduction("https://tryon.example.com/api/v1//")).toEqual({
      ok: true,
      url: "https://tryon.example.com/api/v1",
    });
    expect(inProduction("https://tryon.example.com///")).toEqual({ ok: true, url: "https://tryon.example.com" });
  });

  it("refuses a user name alone, or a password alone", () => {
    for (const value of ["https://user@tryon.example.com", "https://:secret@tryon.example.com"]) {
      expect(inProduction(value), value).toEqual({ ok: false, message: "settings:errors.addressCredentials" });
    }
  });

  it("names what is wrong: not an address at all, or not https", () => {
    expect(inProduction("tryon.example.com")).toEqual({ ok: false, message: "settings:errors.addressStartHttps" });
    expect(parseServiceAddress("ftp://tryon.example.com", { production: false })).toEqual({
      ok: false,
      message: "settings:errors.addressMustBeHttps",
    });
    expect(parseServiceAddress("https://tryon.example.com", { production: false })).toEqual({
      ok: true,
      url: "https://tryon.example.com",
    });
  });
});
