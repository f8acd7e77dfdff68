/**
 * The pseudo-locale's values, made from English: every string wrapped in ⟦…⟧ with its letters accented, its
 * {{variables}} left as they are so interpolation still works. Text on a page in this locale that is not inside
 * ⟦…⟧ did not come from a translation file (or is data: a product's title, a number).
 */

const ACCENTED: Record<string, string> = {
  a: "à",
  e: "é",
  i: "ï",
  o: "ö",
  u: "ü",
  c: "ç",
  n: "ñ",
  y: "ý",
  A: "Å",
  E: "É",
  I: "Î",
  O: "Ø",
  U: "Ü",
  C: "Ç",
  N: "Ñ",
};

export const PSEUDO_OPEN = "⟦";
export const PSEUDO_CLOSE = "⟧";

function pseudoString(value: string): string {
  // Split on {{variables}} so that their names survive; only the words around them are accented.
  const parts = value.split(/({{?\s*\w+\s*}}?)/g);
  const accented = parts
    .map((part) => (part.startsWith("{") ? part : part.replace(/[a-zA-Z]/g, (letter) => ACCENTED[letter] ?? letter)))
    .join("");
  return `${PSEUDO_OPEN}${accented}${PSEUDO_CLOSE}`;
}

export type TranslationTree = { [key: string]: string | TranslationTree };

/** The same tree with every string value pseudo-localised. */
export function pseudoLocalise(tree: TranslationTree): TranslationTree {
  const result: TranslationTree = {};
  for (const [key, value] of Object.entries(tree)) {
    result[key] = typeof value === "string" ? pseudoString(value) : pseudoLocalise(value);
  }
  return result;
}
