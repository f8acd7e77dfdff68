import { Text } from "@shopify/polaris";
import { formatAbsoluteTime, formatRelativeTime } from "~/web/format";
import { useShopTimeZone } from "./ShopTimeZone";

/**
 * A time as staff want it: relative ("5 minutes ago") with the absolute time beside it, in the shop's time zone. The relative part
 * depends on the clock, so the browser may word it differently from the server without a hydration warning.
 */
export function TimeText({ at, showAbsolute = true }: { at: string | null; showAbsolute?: boolean }) {
  const timeZone = useShopTimeZone();
  if (!at)
    return (
      <Text as="span" tone="subdued">
        —
      </Text>
    );
  const absolute = formatAbsoluteTime(at, timeZone);
  return (
    <Text as="span">
      <time dateTime={at} title={absolute} suppressHydrationWarning>
        {formatRelativeTime(at)}
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
