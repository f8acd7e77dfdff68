import type { ReactNode } from "react";
import type { UiLocale } from "./locales";
import { TranslationsProvider } from "./react";
import { translationsFor } from "./resources.server";

/** A component rendered outside a page (component tests) with one language's translations, English by default. */
export function WithTranslations({ locale = "en", children }: { locale?: UiLocale; children: ReactNode }) {
  return (
    <TranslationsProvider locale={locale} translations={translationsFor(locale)}>
      {children}
    </TranslationsProvider>
  );
}
