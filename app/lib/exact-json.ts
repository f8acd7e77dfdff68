/** What Node 22's JSON.parse passes a reviver for a primitive: the value's text as it was written. */
interface ReviverContext {
  source?: string;
}

/**
 * JSON.parse, except that an integer past Number.MAX_SAFE_INTEGER is kept as its digits (a string). Shopify sends
 * ids as JSON numbers and they pass 2^53: plain JSON.parse reads products/delete's documented
 * `{"id": 788032119674292922}` as 788032119674292900, another product.
 */
export function parseJsonKeepingLargeIntegers(text: string): unknown {
  return JSON.parse(text, (_key: string, value: unknown, context?: ReviverContext) =>
    typeof value === "number" && !Number.isSafeInteger(value) && context?.source && /^-?\d+$/.test(context.source)
      ? context.source
      : value,
  );
}
