/**
 * Words and numbers as staff read them: costs in credits, times both relative ("3 minutes ago") and absolute
 * ("12 Mar 2026, 14:05 Paris time", in the shop's time zone). Pure functions, used on the server and in the browser.
 */

import { formatRelativeTime as formatRelativeTimeIn } from "~/i18n/intl-format";

export function formatCredits(credits: number): string {
  return `${credits.toLocaleString("en-US")} ${Math.abs(credits) === 1 ? "credit" : "credits"}`;
}

// Formatters are costly to build (a page of 25 rows shows 75 times: 14 % of a document's server time went to
// building them); one per option set, and one absolute formatter per time zone, are kept.
const absoluteFormats = new Map<string, Intl.DateTimeFormat>();

function absoluteFormat(timeZone: string): Intl.DateTimeFormat {
  let format = absoluteFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone,
    });
    absoluteFormats.set(timeZone, format);
  }
  return format;
}

/** "just now", "5 minutes ago", "in 2 hours": rounded to the largest whole unit. */
export function formatRelativeTime(at: Date | string, now: Date | number = Date.now()): string {
  return formatRelativeTimeIn("en", at, now) ?? "just now";
}

/** How a time zone is named after a time: "UTC", or the place of an IANA zone ("Europe/Paris" → "Paris time"). */
export function timeZoneLabel(timeZone: string): string {
  if (timeZone === "UTC" || timeZone === "Etc/UTC") return "UTC";
  const place = timeZone.split("/").pop() ?? timeZone;
  return `${place.replaceAll("_", " ")} time`;
}

/**
 * "12 Mar 2026, 14:05 Paris time" in the shop's time zone: the same text on the server and in the browser (the
 * zone is named from its IANA id, not from the runtime's locale data), so hydration never differs.
 */
export function formatAbsoluteTime(at: Date | string, timeZone = "UTC"): string {
  const date = new Date(at);
  const text = absoluteFormat(timeZone).format(date);
  return `${text} ${timeZoneLabel(timeZone)}`;
}

/** "45 s", "3 min 20 s", "2 h 5 min". */
export function formatDuration(ms: number): string {
  const totalSeconds = Math.max(0, Math.round(ms / 1000));
  if (totalSeconds < 60) return `${totalSeconds} s`;
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  if (minutes < 60) return seconds ? `${minutes} min ${seconds} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const restMinutes = minutes % 60;
  return restMinutes ? `${hours} h ${restMinutes} min` : `${hours} h`;
}
