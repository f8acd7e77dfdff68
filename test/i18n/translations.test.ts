import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { APP_LOCALES } from "~/i18n/locales";
import { translationProblems, type Tree } from "./translation-check";

const ROOT = join(import.meta.dirname, "../..");
const APP_LOCALES_DIR = join(ROOT, "app/i18n/locales");
const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Tree;
const namespacesOf = (locale: string) =>
  readdirSync(join(APP_LOCALES_DIR, locale))
    .filter((file) => file.endsWith(".json"))
    .sort();

describe("the checker", () => {
  const english: Tree = {
    title: "Settings",
    credits: { one: "{{count}} credit", other: "{{count}} credits" },
    saved: "Saved {{name}}",
  };

  it("passes a complete translation, with Japanese's single plural form", () => {
    const japanese: Tree = {
      title: "設定",
      credits: { other: "{{count}} クレジット" },
      saved: "{{name}} を保存しました",
    };
    expect(translationProblems(english, japanese, "ja")).toEqual([]);
  });

  it("names a missing key, an extra key, a missing plural form and different variables", () => {
    const german: Tree = {
      credits: { other: "{{count}} Credits" },
      saved: "{{title}} gespeichert",
      extra: "Nicht im Englischen",
    };
    expect(translationProblems(english, german, "de")).toEqual([
      "title: missing",
      'credits: no "one" form',
      "saved: variables {title} where English has {name}",
      "extra: not in English",
    ]);
  });

  it("refuses an empty value and a plural form the language does not have", () => {
    const french: Tree = {
      title: " ",
      credits: { one: "{{count}} crédit", two: "x", other: "{{count}} crédits" },
      saved: "{{name}}",
    };
    expect(translationProblems(english, french, "fr")).toEqual([
      "title: empty",
      'credits: "two" is not a plural form of fr',
    ]);
  });
});

describe("the app's translation files", () => {
  const namespaces = namespacesOf("en");

  it("have a common namespace and one folder per language, with no other folder", () => {
    expect(namespaces).toContain("common.json");
    expect(readdirSync(APP_LOCALES_DIR).sort()).toEqual([...APP_LOCALES].sort());
  });

  it.each(APP_LOCALES.filter((locale) => locale !== "en"))(
    "%s has every namespace English has, and no other",
    (locale) => {
      expect(namespacesOf(locale)).toEqual(namespaces);
    },
  );

  it.each(APP_LOCALES.filter((locale) => locale !== "en"))(
    "%s has every key of English, no other, and the same variables",
    (locale) => {
      const problems = namespaces.flatMap((file) =>
        translationProblems(
          readJson(join(APP_LOCALES_DIR, "en", file)),
          readJson(join(APP_LOCALES_DIR, locale, file)),
          locale,
        ).map((problem) => `${file.replace(/\.json$/, "")}:${problem}`),
      );
      expect(problems).toEqual([]);
    },
  );
});
