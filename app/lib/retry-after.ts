/**
 * `Retry-After` in either form (RFC 9110 §10.2.3): delay-seconds or an HTTP-date. Returns milliseconds from `now`,
 * never negative, or undefined when the header is absent or unreadable. Every client of the app reads it here: the
 * try-on service's, and the Admin API's (Shopify sends seconds with a fraction, "2.0", which RFC 9110's
 * delay-seconds does not allow: `fractionalSeconds` accepts them).
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number,
  options: { fractionalSeconds?: boolean } = {},
): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  if (options.fractionalSeconds && /^\d+\.\d+$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  // Only date-shaped values: Date.parse alone would also accept things like "12.5".
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
