import { Text } from "@shopify/polaris";
import { useFormat, useTranslation } from "~/i18n/react";

/**
 * A time as staff want it: relative ("5 minutes ago", "vor 5 Minuten") with the absolute time beside it, in the
 * shop's time zone and the staff member's language. The relative part depends on the clock, so the browser may
 * word it differently from the server without a hydration warning.
 */
export function TimeText({ at, showAbsolute = true }: { at: string | null; showAbsolute?: boolean }) {
  const format = useFormat();
  const { t } = useTranslation("common");
  if (!at)
    return (
      <Text as="span" tone="subdued">
        {t("emptyValue")}
      </Text>
    );
  const absolute = format.dateTime(at);
  return (
    <Text as="span">
      <time dateTime={at} title={absolute} suppressHydrationWarning>
        {format.relativeTime(at)}
      </time>
      {showAbsolute ? (
        <Text as="span" tone="subdued" variant="bodySm">
          {" "}
          ({absolute})
        </Text>
      ) : null}
    </Text>
  );
}
