/**
 * A small subset of Shopify's search syntax for the `query` argument of products/collections/files:
 * space-separated terms (AND), each `field:value` (value may be quoted) or a bare word matched against the
 * resource's title or filename. Anything else (OR, negation, ranges, unsupported fields) is a GraphQL error
 * rather than a silently wrong result.
 */
import { GraphQLError } from "./graphql-js";

export type SearchFields<T> = Record<string, (item: T, value: string) => boolean>;

const TERM = /(?:([a-z_]+):)?(?:"([^"]*)"|'([^']*)'|(\S+))/g;

export function searchFilter<T>(
  query: string | null | undefined,
  resource: string,
  fields: SearchFields<T>,
  bareWord: (item: T, word: string) => boolean,
  /** Fields that take Shopify's range comparisons (`created_at:>=2026-11-01`); their predicate reads the operator. */
  rangeFields: ReadonlySet<string> = new Set(),
): (item: T) => boolean {
  if (!query?.trim()) return () => true;
  const predicates: ((item: T) => boolean)[] = [];
  for (const match of query.matchAll(TERM)) {
    const [, field, doubleQuoted, singleQuoted, plain] = match;
    const value = doubleQuoted ?? singleQuoted ?? plain ?? "";
    if (!field && value === "AND") continue;
    if (
      (!field && (value === "OR" || value === "NOT")) ||
      value.startsWith("-") ||
      (/[<>]/.test(value) && !(field && rangeFields.has(field)))
    ) {
      throw notSupported(`the search syntax "${match[0]}" on ${resource}`);
    }
    if (!field) {
      predicates.push((item) => bareWord(item, value));
      continue;
    }
    const predicate = fields[field];
    if (!predicate) throw notSupported(`the search field "${field}" on ${resource}`);
    predicates.push((item) => predicate(item, value));
  }
  return (item) => predicates.every((p) => p(item));
}

export function notSupported(what: string): GraphQLError {
  return new GraphQLError(`fake-admin does not implement ${what}`, { extensions: { code: "FAKE_NOT_IMPLEMENTED" } });
}

export const matchesText = (text: string, value: string) => {
  const needle = value.toLowerCase();
  return needle.endsWith("*")
    ? text.toLowerCase().startsWith(needle.slice(0, -1))
    : text.toLowerCase().includes(needle);
};

/** A date range term's value (">=2026-11-01", "<2026-11-01T10:00:00Z", or a bare date for equality) against an ISO time. */
export function matchesDateRange(iso: string, value: string): boolean {
  const [, operator = "", date = ""] = /^(>=|<=|>|<)?(.+)$/.exec(value) ?? [];
  const at = Date.parse(iso);
  const bound = Date.parse(date);
  if (Number.isNaN(bound)) throw notSupported(`the date "${date}"`);
  if (operator === ">=") return at >= bound;
  if (operator === ">") return at > bound;
  if (operator === "<=") return at <= bound;
  if (operator === "<") return at < bound;
  return at === bound;
}
