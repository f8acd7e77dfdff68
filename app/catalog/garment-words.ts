/**
 * How the word groups of `garment-word-groups.ts` are read: one lexicon of words and phrases, the endings of
 * German and Dutch compounds, and the small words around a head noun (sets, prepositions, children's and pets').
 */
import { UNCLEAR, type GarmentMeaning } from "./garment-kinds";
import { GARMENT_WORD_GROUPS, type Language } from "./garment-word-groups";

export type { Language };

// Clothing words that say a product is several pieces, but only when nothing else in the title says more ("Gift
// set", "Outfit"): a set is something staff choose how to render.
export const WEAK_WORDS: ReadonlyMap<string, GarmentMeaning> = new Map(
  "set sets outfit outfits co ord ensemble conjunto completo kit".split(" ").map((word) => [word, UNCLEAR]),
);

// Phrases whose words would mislead ("Pull-On Shorts" is not a French pullover followed by "on").
export const NEUTRAL_PHRASES: readonly string[][] = [
  "pull on",
  "slip on",
  "slip in",
  "tie dye",
  "rock and roll",
  "rock n roll",
  "made in",
  "in stock",
].map((phrase) => phrase.split(" "));

// Words that make a garment children's clothing, which is not dressed on an adult model by default ("Kids Rainbow
// Tee", "T-shirt enfant", "Kinderjurkje").
export const CHILDREN_WORDS = new Set(
  (
    "kid kids child children childrens toddler toddlers infant infants junior kinder kinderen enfant boys girls " +
    "enfants bebe nino nina ninos ninas infantil bambino bambina bambini crianca criancas menino menina " +
    "girl boy fille garcon communion comunion comunione"
  ).split(" "),
);
// German and Dutch write it into the word ("Kinderkleid", "kinderjurkje"). Not "baby": a baby tee and a babydoll
// dress are women's styles, and baby blue is a colour.
export const CHILDREN_PREFIXES = ["kinder", "meisjes", "jongens"];

// Clothes for pets are not dressed on a person ("Dog raincoat", "Hundemantel").
export const PET_WORDS = new Set(
  "dog dogs pet pets cat cats puppy hund hunde chien chiens perro perros cane cani hond honden cachorro".split(" "),
);
export const PET_PREFIXES = ["hunde", "honden"];

// Words that are also everyday modifiers ("Light Wash", "Cream Knit"): as a title's head they lose to a garment in
// the same phrase ("Jorts Light Wash" are shorts), and decide only when nothing else does ("Copper Light").
export const MODIFIER_NOUNS = new Set(["light", "lights", "cream", "throw", "can", "case", "print", "wash"]);

/** Words that end a noun phrase: what follows describes it ("Bag for shoes", "Blusa de seda"). */
export const PREPOSITIONS = new Set(
  (
    "with for in from of by on featuring w mit aus fur von im avec pour en de du des a au aux d l con para del " +
    "sin per di da al alla met voor van uit com do em na no"
  ).split(" "),
);

/** Words that join two noun phrases ("Striped Skirt and Top"). */
export const CONJUNCTIONS = new Set("and und et y e en plus".split(" "));

export interface WordMeaning {
  meaning: GarmentMeaning;
  languages: ReadonlySet<Language>;
}

function buildLexicon(): Map<string, WordMeaning> {
  const lexicon = new Map<string, WordMeaning>();
  for (const [language, meaning, words] of GARMENT_WORD_GROUPS) {
    for (const word of words.split(/\s+/)) {
      const key = word.replaceAll("_", " ");
      const existing = lexicon.get(key);
      // The same word in two languages keeps its first meaning ("costume": a French suit, never a costume here).
      if (existing) (existing.languages as Set<Language>).add(language);
      else lexicon.set(key, { meaning, languages: new Set([language]) });
    }
  }
  return lexicon;
}

export const LEXICON: ReadonlyMap<string, WordMeaning> = buildLexicon();

/** The longest phrase in the lexicon, in words. */
export const LONGEST_PHRASE = Math.max(...[...LEXICON.keys()].map((key) => key.split(" ").length));

const SHORT_ENDINGS = new Set(["jas", "rok", "tas"]);

/** German and Dutch nouns that may end a compound ("sommer|kleid", "spijker|broek"), longest first. */
export const COMPOUND_ENDINGS: readonly [string, WordMeaning][] = [...LEXICON]
  .filter(([key, word]) => !key.includes(" ") && isCompoundEnding(key, word))
  .sort(([a], [b]) => b.length - a.length);

// Short endings are taken only where they are safe ("regen|jas", "mini|rok"): "car|pet" is not a Dutch cap.
function isCompoundEnding(key: string, word: WordMeaning): boolean {
  if (word.languages.has("de") || word.languages.has("nl")) return key.length >= 4 || SHORT_ENDINGS.has(key);
  // Borrowed words end German and Dutch compounds too ("Woll|pullover", "Board|shorts"), if long enough not to
  // end English words by chance ("lap|top").
  return word.languages.has("any") && key.length >= 5;
}

/** Lower case, accents and apostrophes dropped, hyphens and punctuation as spaces: "T-Shirt à manches" → "t shirt a manches". */
export function normalizeWords(text: string): string[] {
  return text
    .replace(/ß/g, "ss")
    .replace(/&|\+/g, " and ")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, " ")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}
