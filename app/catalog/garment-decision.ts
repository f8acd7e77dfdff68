import type { Garment, GarmentMeaning, NotClothingReason } from "./garment-kinds";
import {
  CHILDREN_PREFIXES,
  CHILDREN_WORDS,
  MODIFIER_NOUNS,
  PET_PREFIXES,
  PET_WORDS,
  COMPOUND_ENDINGS,
  CONJUNCTIONS,
  LEXICON,
  LONGEST_PHRASE,
  NEUTRAL_PHRASES,
  normalizeWords,
  PREPOSITIONS,
  WEAK_WORDS,
  type Language,
  type WordMeaning,
} from "./garment-words";
import { meaningOfCategory } from "./taxonomy-garments";

/**
 * What a product is, for the try-on service, decided from Shopify's structured data first: its taxonomy category
 * (by id, so it holds in every admin language), then its product type, then its title, read in English, German,
 * French, Spanish, Italian, Dutch and Portuguese with the head noun deciding ("Dark Denim Top" is a top, "Dress
 * Shoes" are shoes, "Blusa de seda" is a blouse). Every path that spends credits (Generate, the product action,
 * bulk runs and the bulk actions, automation, the catalog check) asks this one function.
 *
 * A product that is not clothing is never rendered by default; one the app cannot place is a choice for staff,
 * never silently some garment (docs/decisions/069-garment-decision.md).
 */

export type DecisionSource = "category" | "type" | "title" | "none";

export interface ProductFacts {
  title: string;
  productType: string | null;
  /** Shopify's taxonomy category (`Product.category`), when the product has one. */
  category?: { id: string; name?: string; fullName?: string } | null;
  /** Shopify's own flag for a gift card product (`Product.isGiftCard`). */
  isGiftCard?: boolean;
}

export type GarmentDecision =
  | { kind: "garment"; garment: Garment; decidedBy: Exclude<DecisionSource, "none">; evidence: string; word: string }
  | {
      kind: "not_clothing";
      reason: NotClothingReason;
      decidedBy: Exclude<DecisionSource, "none">;
      evidence: string;
      word: string;
    }
  | {
      kind: "needs_choice";
      decidedBy: "none";
      /** "unclear": clothing that is not one garment (a suit, a set, swimwear); "nothing": no word says what it is. */
      why: "unclear" | "several_garments" | "nothing";
      /** What was read that was not enough: the unclear category, type or title; null when there was nothing. */
      evidence: string | null;
    };

interface Reading {
  meaning: GarmentMeaning;
  word: string;
  /** Two garments joined ("Skirt and Top"): clothing, but not one garment. */
  several?: boolean;
  /** Only a word like "set" said anything: later words may say more. */
  weak?: boolean;
}

export function decideGarment(product: ProductFacts): GarmentDecision {
  // A gift card is Shopify's own kind of product, whatever its category says (Shopify files them under Gift Cards).
  if (product.isGiftCard)
    return {
      kind: "not_clothing",
      reason: "gift_card",
      decidedBy: "category",
      evidence: "Gift card",
      word: "gift card",
    };
  const category = product.category ?? null;
  const readings: SourcedReading[] = [];
  const categoryMeaning = category ? meaningOfCategory(category.id) : null;
  if (category && categoryMeaning) {
    const evidence = category.name ?? category.fullName?.split(">").pop()?.trim() ?? category.id;
    readings.push({ source: "category", evidence, reading: { meaning: categoryMeaning, word: evidence } });
  }
  const type = product.productType?.trim() ?? "";
  const typeReading = type ? readWords(type) : null;
  if (typeReading) readings.push({ source: "type", evidence: type, reading: typeReading });
  const titleReading = readWords(product.title);
  if (titleReading) readings.push({ source: "title", evidence: product.title, reading: titleReading });

  const deciding = decidingReading(readings);
  if (!deciding) {
    const unclear = readings[0];
    if (!unclear) return { kind: "needs_choice", decidedBy: "none", why: "nothing", evidence: null };
    return {
      kind: "needs_choice",
      decidedBy: "none",
      why: readings.some(({ reading }) => reading.several) ? "several_garments" : "unclear",
      evidence: unclear.evidence,
    };
  }
  const { source, evidence, reading } = deciding;
  const meaning = reading.meaning;
  if (meaning.kind === "not_clothing")
    return { kind: "not_clothing", reason: meaning.reason, decidedBy: source, evidence, word: reading.word };
  if (meaning.kind !== "garment") throw new Error("unreachable");
  return {
    kind: "garment",
    garment: refined(meaning.garment, readings),
    decidedBy: source,
    evidence,
    word: reading.word,
  };
}

type SourcedReading = { source: Exclude<DecisionSource, "none">; evidence: string; reading: Reading };

/**
 * Which reading decides, in the order Shopify's data is read (category, type, title). When they disagree the
 * app spends nothing on the doubt: anything that says "not clothing" wins over a garment; and when two sources
 * name different garments, the title wins, being the merchant's own words for this very product (a category is
 * often Shopify's suggestion left as it was: a tee filed under Dresses, a jeans jacket under Jeans).
 */
function decidingReading(readings: readonly SourcedReading[]): SourcedReading | undefined {
  const definite = readings.filter(({ reading }) => reading.meaning.kind !== "unclear" && !reading.several);
  const notClothing = definite.find(({ reading }) => reading.meaning.kind === "not_clothing");
  if (notClothing) return notClothing;
  const first = definite[0];
  const title = definite.find(({ source }) => source === "title");
  if (first && title && typeOf(title.reading) !== typeOf(first.reading)) return title;
  return first;
}

const typeOf = (reading: Reading) =>
  reading.meaning.kind === "garment" ? reading.meaning.garment.productType : reading.meaning.kind;

/** A garment without a category ("Clothing Tops") takes one a later source gives for the same type ("Blouse"). */
function refined(garment: Garment, readings: ReadonlyArray<{ reading: Reading }>): Garment {
  if (garment.productCategory) return garment;
  for (const { reading } of readings) {
    const meaning = reading.meaning;
    if (
      meaning.kind === "garment" &&
      meaning.garment.productType === garment.productType &&
      meaning.garment.productCategory
    )
      return meaning.garment;
  }
  return garment;
}

interface Match extends WordMeaning {
  word: string;
  weak: boolean;
}

/** What a free text (a title or a product type) says the product is; null when no word of it is known. */
export function readWords(text: string): Reading | null {
  const words = joinedPhrases(withoutNeutralPhrases(normalizeWords(text)));
  // What follows a preposition describes the noun before it ("Bag for shoes", "Chemise en lin"); a title that
  // only names its garment after one ("Pack of socks") is read from there.
  const phrases = splitAt(words, (word, index) => index > 0 && PREPOSITIONS.has(word));
  const readings = phrases.map(readPhrase).filter((reading): reading is Reading => reading !== null);
  const strong = readings.find((reading) => !reading.weak);
  // "Conjunto de moletom", "Hoodie set": a set of garments is several pieces, for staff to choose how to render.
  if (strong?.meaning.kind === "garment" && words.some((word) => WEAK_WORDS.has(word)))
    return { meaning: { kind: "unclear" }, word: strong.word, several: true };
  // "Kids Rainbow Tee", "T-shirt enfant": a garment made for children is not rendered on an adult model.
  // "Dog raincoat", "Hundemantel": clothes for pets are not for a person.
  if (strong && strong.meaning.kind !== "not_clothing" && words.some(isPetWord))
    return { meaning: { kind: "not_clothing", reason: "not_apparel" }, word: strong.word };
  if (strong && strong.meaning.kind !== "not_clothing" && words.some(isChildrenWord))
    return { meaning: { kind: "not_clothing", reason: "childrens_clothing" }, word: strong.word };
  return strong ?? readings[0] ?? null;
}

const isPetWord = (word: string) =>
  PET_WORDS.has(word) || PET_PREFIXES.some((prefix) => word.length > prefix.length + 2 && word.startsWith(prefix));

const isChildrenWord = (word: string) =>
  CHILDREN_WORDS.has(word) ||
  CHILDREN_PREFIXES.some((prefix) => word.length > prefix.length + 2 && word.startsWith(prefix));

/**
 * Phrases of the lexicon that hold a preposition ("robe de chambre", "abito da uomo") made one word, so that cutting
 * at prepositions does not split them.
 */
function joinedPhrases(words: string[]): string[] {
  const result: string[] = [];
  for (let index = 0; index < words.length;) {
    const found = longestPhraseAt(words, index);
    if (found && found.match.word.split(" ").some((word) => PREPOSITIONS.has(word))) {
      result.push(found.match.word.replaceAll(" ", "_"));
      index += found.length;
    } else {
      result.push(words[index] as string);
      index += 1;
    }
  }
  return result;
}

function readPhrase(words: string[]): Reading | null {
  const parts = splitAt(words, (word) => CONJUNCTIONS.has(word)).map(headOf);
  const heads = parts.filter((head): head is Match => head !== null);
  const clothing = heads.filter((head) => head.meaning.kind !== "not_clothing" && !head.weak);
  if (clothing.length >= 2)
    return { meaning: { kind: "unclear" }, word: clothing.map((h) => h.word).join(" + "), several: true };
  const head = clothing[0] ?? heads.find((candidate) => !candidate.weak) ?? heads[0];
  return head ? { meaning: head.meaning, word: head.word, ...(head.weak ? { weak: true } : {}) } : null;
}

const ROMANCE: ReadonlySet<Language> = new Set(["fr", "es", "it", "pt"]);

/**
 * The noun a phrase is about. English, German and Dutch put it last ("Dress Shoes"); French, Spanish, Italian
 * and Portuguese first ("Vestido camisero"). Words every language borrows (top, jeans) follow the English order.
 */
function headOf(words: string[]): Match | null {
  const matches = matchesIn(words);
  // A word that is also a modifier ("light", "cream") is a head only when no garment stands beside it.
  const garmentBeside = matches.some((match) => match.meaning.kind === "garment");
  const strong = matches.filter((match) => !match.weak && !(garmentBeside && MODIFIER_NOUNS.has(match.word)));
  const candidates = strong.length > 0 ? strong : matches;
  if (candidates.length === 0) return null;
  // The phrase's language is the one its words share ("any" words fit every language); mixed or English: last.
  const shared = candidates.reduce<Set<Language> | null>((common, match) => {
    if (match.languages.has("any")) return common;
    const languages = new Set(match.languages);
    return common ? new Set([...common].filter((language) => languages.has(language))) : languages;
  }, null);
  const headInitial = shared !== null && shared.size > 0 && [...shared].every((language) => ROMANCE.has(language));
  return (headInitial ? candidates[0] : candidates[candidates.length - 1]) ?? null;
}

function matchesIn(words: string[]): Match[] {
  const matches: Match[] = [];
  for (let index = 0; index < words.length;) {
    const found = longestPhraseAt(words, index);
    if (found) {
      matches.push(found.match);
      index += found.length;
      continue;
    }
    const word = words[index] as string;
    const single = lookUp(word);
    if (single) matches.push(single);
    index += 1;
  }
  return matches;
}

function longestPhraseAt(words: string[], index: number): { match: Match; length: number } | null {
  for (let length = Math.min(LONGEST_PHRASE, words.length - index); length >= 2; length--) {
    const phrase = words.slice(index, index + length).join(" ");
    const meaning = LEXICON.get(phrase);
    if (meaning) return { match: { ...meaning, word: phrase, weak: false }, length };
  }
  return null;
}

function lookUp(word: string): Match | null {
  const exact = LEXICON.get(word.replaceAll("_", " ")) ?? LEXICON.get(singularOf(word));
  if (exact) return { ...exact, word, weak: false };
  const weak = WEAK_WORDS.get(word);
  if (weak) return { meaning: weak, languages: new Set<Language>(["any"]), word, weak: true };
  // German and Dutch compounds end in the noun they are ("Sommerkleid", "spijkerbroek").
  for (const [ending, meaning] of COMPOUND_ENDINGS) {
    if (word.length > ending.length + 2 && word.endsWith(ending)) return { ...meaning, word, weak: false };
  }
  return null;
}

// English plurals the lexicon does not list ("Blazers", "Wedges" are listed; "Chinos" too).
function singularOf(word: string): string {
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.endsWith("ses") || word.endsWith("xes") || word.endsWith("ches") || word.endsWith("shes"))
    return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

function withoutNeutralPhrases(words: string[]): string[] {
  const result: string[] = [];
  for (let index = 0; index < words.length;) {
    const neutral = NEUTRAL_PHRASES.find((phrase) => phrase.every((word, offset) => words[index + offset] === word));
    // A longer phrase of the lexicon wins: "Tie-Dye Kit" is a craft kit, not "kit" after a neutral "tie dye".
    const longer = neutral ? longestPhraseAt(words, index) : null;
    if (neutral && !(longer && longer.length > neutral.length)) {
      index += neutral.length;
      continue;
    }
    result.push(words[index] as string);
    index += 1;
  }
  return result;
}

function splitAt(words: string[], isBoundary: (word: string, index: number) => boolean): string[][] {
  const parts: string[][] = [[]];
  words.forEach((word, index) => {
    if (isBoundary(word, index)) parts.push([]);
    else parts[parts.length - 1]?.push(word);
  });
  return parts.filter((part) => part.length > 0);
}
