import { BlockStack, Box, Button, Card, InlineGrid, Text } from "@shopify/polaris";
import { intlLocale, type UiLocale } from "~/i18n/locales";
import { useFormat, useTranslation } from "~/i18n/react";
import type { HomeView } from "./home.server";

/**
 * "1 November", "1. November": the day the month's counts start, as a date rather than "3 weeks ago". The month
 * starts at midnight UTC (home.server.ts), so the date is read in UTC too.
 */
export function formatDayMonth(at: string, locale: UiLocale = "en"): string {
  const tag = intlLocale(locale);
  return new Intl.DateTimeFormat(tag === "en" ? "en-GB" : tag, {
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  }).format(new Date(at));
}

function Stat({ title, value, children }: { title: string; value: string; children?: React.ReactNode }) {
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingSm" tone="subdued">
          {title}
        </Text>
        <Text as="p" variant="heading2xl">
          {value}
        </Text>
        {children}
      </BlockStack>
    </Card>
  );
}

/** The four numbers at the top of Home: in progress, awaiting review, published and credits this month. */
export function HomeStats({ view }: { view: HomeView }) {
  const { t } = useTranslation("home");
  const format = useFormat();
  const net = view.credits.charged - view.credits.refunded;
  return (
    <InlineGrid columns={{ xs: 1, sm: 2, md: 4 }} gap="400">
      <Stat title={t("stats.inProgress")} value={format.number(view.inProgress)}>
        <Text as="p" tone="subdued">
          {t("stats.inProgressHelp")}
        </Text>
      </Stat>
      <Stat title={t("stats.awaitingReview")} value={format.number(view.awaitingReview)}>
        <Box>
          {/* A disabled Button with a url renders as an <a> that reads as active text: no url when disabled. */}
          <Button
            {...(view.awaitingReview > 0 ? { url: "/app/review" } : {})}
            variant="primary"
            disabled={view.awaitingReview === 0}
          >
            {t("stats.reviewThem")}
          </Button>
        </Box>
      </Stat>
      <Stat title={t("stats.published")} value={format.number(view.publishedThisMonth)}>
        <Text as="p" tone="subdued">
          {t("stats.since", { day: formatDayMonth(view.monthStart, format.locale) })}
        </Text>
      </Stat>
      <Stat title={t("stats.credits")} value={format.credits(net)}>
        <Text as="p" tone="subdued">
          {t("stats.creditsDetail", {
            charged: format.credits(view.credits.charged),
            refunded: format.credits(view.credits.refunded),
          })}
        </Text>
      </Stat>
    </InlineGrid>
  );
}
