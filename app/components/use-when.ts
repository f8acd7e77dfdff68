import { useFormat, useTranslation } from "~/i18n/react";

/**
 * A time inside a translated sentence ("Paused {{time}}"): "5 minutes ago (27 Nov 2026, 14:05 Paris time)" as one
 * string, so the sentence stays one text in one language. The relative part depends on the clock: the element that
 * shows it needs suppressHydrationWarning. Standalone times use TimeText.
 */
export function useWhen(): (at: string) => string {
  const format = useFormat();
  const { t } = useTranslation("common");
  return (at) => t("time.when", { relative: format.relativeTime(at), absolute: format.dateTime(at) });
}
