import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { APP_LOCALES } from "~/i18n/locales";
import { leaves, type Tree } from "./translation-check";

/**
 * One word per concept in each language (issue 28 point 6): app/i18n/glossary/<locale>.json names the word for each
 * concept (render, review, approve, credits, colour, run, look, product, collection) and the words that must never
 * stand for it. Every value of the app's translation files and of the extensions' is checked.
 */
const ROOT = join(import.meta.dirname, "../..");

type Glossary = Record<string, { word: string; never: string[] }>;

const readJson = <T>(path: string) => JSON.parse(readFileSync(path, "utf8")) as T;

function glossaryOf(locale: string): Glossary {
  const { $comment: _comment, ...concepts } = readJson<Record<string, unknown>>(
    join(ROOT, "app/i18n/glossary", `${locale}.json`),
  );
  return concepts as Glossary;
}

/** Every translated text of a language: the app's namespaces and each extension's locale file. */
function textsOf(locale: string): Array<{ where: string; text: string }> {
  const texts: Array<{ where: string; text: string }> = [];
  const add = (where: string, tree: Tree) => {
    for (const [key, leaf] of leaves(tree)) {
      const values = leaf.kind === "text" ? [leaf.value] : Object.values(leaf.values);
      for (const text of values) texts.push({ where: `${where}:${key}`, text });
    }
  };
  const appDir = join(ROOT, "app/i18n/locales", locale);
  for (const file of readdirSync(appDir).filter((name) => name.endsWith(".json")))
    add(file.replace(/\.json$/, ""), readJson<Tree>(join(appDir, file)));
  for (const extension of readdirSync(join(ROOT, "extensions"))) {
    const file = join(ROOT, "extensions", extension, "locales", `${locale === "en" ? "en.default" : locale}.json`);
    if (existsSync(file)) add(`extensions/${extension}`, readJson<Tree>(file));
  }
  return texts;
}

/** The places a language's texts use a word the glossary rules out, one line each. */
export function glossaryViolations(glossary: Glossary, texts: Array<{ where: string; text: string }>): string[] {
  const violations: string[] = [];
  for (const [concept, { never }] of Object.entries(glossary))
    for (const pattern of never) {
      const banned = new RegExp(pattern, "iu");
      for (const { where, text } of texts)
        if (banned.test(text)) violations.push(`${where}: "${text}" says /${pattern}/ for ${concept}`);
    }
  return violations;
}

describe("the glossary", () => {
  it("has one file per language with the same concepts", () => {
    const concepts = Object.keys(glossaryOf("en")).sort();
    for (const locale of APP_LOCALES) expect(Object.keys(glossaryOf(locale)).sort(), locale).toEqual(concepts);
  });

  it("catches a second word for a concept", () => {
    const german = glossaryOf("de");
    expect(glossaryViolations(german, [{ where: "x", text: "Dein Guthaben reicht für 3 Renderings." }])).toEqual([
      'x: "Dein Guthaben reicht für 3 Renderings." says /Guthaben/ for credits',
    ]);
    expect(glossaryViolations(glossaryOf("en"), [{ where: "y", text: "One shot per color" }])).toHaveLength(1);
  });

  it.each(APP_LOCALES)("%s: every translation uses the glossary's word for each concept, never another", (locale) => {
    const glossary = glossaryOf(locale);
    const texts = textsOf(locale);
    expect(glossaryViolations(glossary, texts)).toEqual([]);
    // The glossary describes the translations as they are: each concept's word is in use somewhere.
    const unused = Object.entries(glossary)
      .filter(([, { word }]) => !texts.some(({ text }) => new RegExp(word, "iu").test(text)))
      .map(([concept]) => concept);
    expect(unused).toEqual([]);
  });
});
