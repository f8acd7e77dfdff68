import { intlLocale, type UiLocale } from "./locales";

/**
 * Numbers, dates and durations in a language, through Intl. Formatters are costly to build (a page of 25 rows
 * shows 75 times), so one per language and option set is kept. Words (credits, "just now", a zone's name) come
 * from the translation files through `useFormat` in ./react.tsx.
 */

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format as T;
}

export function formatNumber(locale: UiLocale, value: number): string {
  const tag = intlLocale(locale);
  return cached(`n:${tag}`, () => new Intl.NumberFormat(tag)).format(value);
}

export function formatPercent(locale: UiLocale, fraction: number): string {
  const tag = intlLocale(locale);
  return cached(`p:${tag}`, () => new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 0 })).format(
    fraction,
  );
}

const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/**
 * "5 minutes ago", "vor 5 Minuten", "in 2 hours", rounded to the largest whole unit; null under 45 seconds (the
 * caller says "just now" in its own words).
 */
export function formatRelativeTime(
  locale: UiLocale,
  at: Date | string,
  now: Date | number = Date.now(),
): string | null {
  const seconds = Math.round((new Date(at).getTime() - new Date(now).getTime()) / 1000);
  if (Math.abs(seconds) < 45) return null;
  const tag = intlLocale(locale);
  const format = cached(`r:${tag}`, () => new Intl.RelativeTimeFormat(tag, { numeric: "auto" }));
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(Math.trunc(seconds / 60) || Math.sign(seconds), "minute");
}

// English dates read day-first, as the app always showed them ("27 Nov 2026"), not in the US order.
const dateTag = (locale: UiLocale) => {
  const tag = intlLocale(locale);
  return tag === "en" ? "en-GB" : tag;
};

/** "27 Nov 2026, 14:05" / "27.11.2026, 14:05" in the shop's time zone (the zone's name is added by the caller). */
export function formatDateTime(locale: UiLocale, at: Date | string, timeZone = "UTC"): string {
  const tag = dateTag(locale);
  const format = cached(
    `d:${tag}:${timeZone}`,
    () =>
      new Intl.DateTimeFormat(tag, {
        day: "numeric",
        month: "short",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        timeZone,
      }),
  );
  return format.format(new Date(at));
}

/** "27 Nov 2026" / "27. Nov. 2026". */
export function formatDate(locale: UiLocale, at: Date | string, timeZone = "UTC"): string {
  const tag = dateTag(locale);
  const format = cached(
    `day:${tag}:${timeZone}`,
    () => new Intl.DateTimeFormat(tag, { day: "numeric", month: "short", year: "numeric", timeZone }),
  );
  return format.format(new Date(at));
}

/** "45 s", "3 min, 20 s", "2 h, 5 min" in the language's own units and list style. */
export function formatDuration(locale: UiLocale, ms: number): string {
  const tag = intlLocale(locale);
  const unit = (name: "hour" | "minute" | "second") =>
    cached(`u:${tag}:${name}`, () => new Intl.NumberFormat(tag, { style: "unit", unit: name, unitDisplay: "narrow" }));
  const totalSeconds = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const parts: string[] = [];
  if (hours) parts.push(unit("hour").format(hours));
  if (minutes) parts.push(unit("minute").format(minutes));
  if (!hours && (seconds || !minutes)) parts.push(unit("second").format(seconds));
  return parts.join(" ");
}
