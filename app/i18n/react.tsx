import type { i18n } from "i18next";
import { useMemo, type ReactNode } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { useShopTimeZone } from "~/components/ShopTimeZone";
import type { StaffMessage } from "~/lib/staff-message";
import { translateMessage, translateText } from "./translate-message";
import {
  formatDate,
  formatDateTime,
  formatDuration,
  formatNumber,
  formatPercent,
  formatRelativeTime,
} from "./intl-format";
import { createI18n } from "./i18n-instance";
import type { UiLocale } from "./locales";
import type { Translations } from "./resources.server";

/**
 * How a screen gets its words: `const { t } = useTranslation("settings")` reads
 * app/i18n/locales/<locale>/settings.json (`t("common:save")` reaches the shared namespace); numbers, credits,
 * dates and durations come from `useFormat()`, a message from code below the screens from `useStaffMessage()`.
 */
export { Trans, useTranslation } from "react-i18next";
export { translateMessage, translateText } from "./translate-message";

/** Made once per page from the root loader's language and translations. */
export function TranslationsProvider(props: { locale: UiLocale; translations: Translations; children: ReactNode }) {
  const { locale, translations } = props;
  const instance = useMemo(() => createI18n(locale, translations), [locale, translations]);
  return <I18nextProvider i18n={instance}>{props.children}</I18nextProvider>;
}

export const useLocale = (): UiLocale => useTranslation().i18n.language as UiLocale;

/**
 * Turns messages from code below the screens (stored failure reasons, refusals, API errors, field errors) into
 * words: a StaffMessage, or a string that encodes one; other strings are shown as they are.
 */
export function useStaffMessage(): (message: StaffMessage | string) => string {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (message) =>
    typeof message === "string" ? translateText(t, message, locale) : translateMessage(t, message, locale);
}

/** Field errors (each possibly an encoded message) in words, for a form's fields. */
export function useFieldErrors(errors: Record<string, string | undefined>): Record<string, string | undefined> {
  const say = useStaffMessage();
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error ? say(error) : error]));
}

export type Formatters = ReturnType<typeof formattersFor>;

function formattersFor(instance: i18n, timeZone: string) {
  const locale = instance.language as UiLocale;
  const t = instance.getFixedT(locale, "common");
  const zone = () =>
    timeZone === "UTC" || timeZone === "Etc/UTC"
      ? "UTC"
      : t("time.zone", { place: (timeZone.split("/").pop() ?? timeZone).replaceAll("_", " ") });
  return {
    locale,
    number: (value: number) => formatNumber(locale, value),
    percent: (fraction: number) => formatPercent(locale, fraction),
    /** "1 credit", "1,250 credits", "5 Credits", "5 クレジット": plural rules of the language. */
    credits: (count: number) => t("credits", { count }),
    /** "just now", "5 minutes ago", "vor 5 Minuten". */
    relativeTime: (at: Date | string, now?: Date | number) => formatRelativeTime(locale, at, now) ?? t("time.justNow"),
    /** "27 Nov 2026, 14:05 Paris time" in the shop's time zone. */
    dateTime: (at: Date | string) => t("time.atZone", { time: formatDateTime(locale, at, timeZone), zone: zone() }),
    date: (at: Date | string) => formatDate(locale, at, timeZone),
    duration: (ms: number) => formatDuration(locale, ms),
  };
}

/** Numbers, credits, dates and durations in the page's language and the shop's time zone. */
export function useFormat(): Formatters {
  const { i18n: instance } = useTranslation();
  const timeZone = useShopTimeZone();
  return useMemo(() => formattersFor(instance, timeZone), [instance, timeZone]);
}
