/**
 * What makes a language's translation file complete against English's: the same keys (a plural is one key whose
 * categories follow the language's plural rules), the same {{variables}} in each, no empty value. Used by the
 * completeness tests of the app's and the extensions' locale files.
 */

export type Tree = { [key: string]: string | Tree };

const PLURAL_CATEGORIES = new Set(["zero", "one", "two", "few", "many", "other", "0", "1"]);

const isPlural = (value: Tree): boolean =>
  "other" in value &&
  Object.entries(value).every(([key, item]) => PLURAL_CATEGORIES.has(key) && typeof item === "string");

type Leaf = { kind: "text"; value: string } | { kind: "plural"; values: Record<string, string> };

/** Keys ("nav.home") to their value: a string, or a plural's categories. */
export function leaves(tree: Tree, prefix = ""): Map<string, Leaf> {
  const result = new Map<string, Leaf>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") result.set(path, { kind: "text", value });
    else if (isPlural(value)) result.set(path, { kind: "plural", values: value as Record<string, string> });
    else for (const [inner, leaf] of leaves(value, path)) result.set(inner, leaf);
  }
  return result;
}

export function variablesOf(text: string): string[] {
  return [...text.matchAll(/{{?\s*(\w+)\s*}}?/g)].map((match) => match[1] ?? "");
}

const leafVariables = (leaf: Leaf): Set<string> =>
  new Set(leaf.kind === "text" ? variablesOf(leaf.value) : Object.values(leaf.values).flatMap(variablesOf));

/** Every problem of `translated` (in `locale`) against `english`, one sentence each; empty when complete. */
export function translationProblems(english: Tree, translated: Tree, locale: string): string[] {
  const problems: string[] = [];
  const source = leaves(english);
  const target = leaves(translated);
  const categories = new Set<string>(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
  for (const [key, leaf] of source) {
    const other = target.get(key);
    if (!other) {
      problems.push(`${key}: missing`);
      continue;
    }
    if (other.kind !== leaf.kind) {
      problems.push(`${key}: ${other.kind} where English has ${leaf.kind}`);
      continue;
    }
    if (other.kind === "text" && other.value.trim() === "") problems.push(`${key}: empty`);
    if (other.kind === "plural") {
      for (const needed of ["one", "other"])
        if (categories.has(needed) && !(needed in other.values)) problems.push(`${key}: no "${needed}" form`);
      for (const [category, value] of Object.entries(other.values)) {
        if (!categories.has(category) && category !== "0" && category !== "1")
          problems.push(`${key}: "${category}" is not a plural form of ${locale}`);
        if (value.trim() === "") problems.push(`${key}.${category}: empty`);
      }
    }
    const expected = [...leafVariables(leaf)].sort().join(", ");
    const found = [...leafVariables(other)].sort().join(", ");
    if (expected !== found) problems.push(`${key}: variables {${found}} where English has {${expected}}`);
  }
  for (const key of target.keys()) if (!source.has(key)) problems.push(`${key}: not in English`);
  return problems;
}
