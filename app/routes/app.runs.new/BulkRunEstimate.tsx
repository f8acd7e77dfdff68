import { Banner, BlockStack, Button, Text } from "@shopify/polaris";
import { WhatIsSentList } from "~/components/WhatIsSentList";
import { useFormat, useLocale, useTranslation } from "~/i18n/react";
import { previewHeadline, rendersWithinBudget, sendsHeading } from "./bulk-run-form";
import type { BulkRunActionResult } from "./bulk-run.server";

/** What a preview found: the renders, their garments, what they send and what they cost. */
export type PreviewSummary = Extract<BulkRunActionResult, { intent: "preview" }>["summary"];

/**
 * The preview's answer: how many renders of how many products, as which garments, sending what, for about how
 * many credits (and how many fit the budget), with the button that starts the run; a warning when the form has
 * changed since.
 */
export function BulkRunEstimate(props: {
  preview: PreviewSummary;
  stale: boolean;
  budget: string;
  onStart: () => void;
  starting: boolean;
  canStart: boolean;
}) {
  const { preview, stale } = props;
  const { t } = useTranslation("bulkRun");
  const locale = useLocale();
  const format = useFormat();
  const headline = previewHeadline(t, locale, preview);
  const renders = (count: number) => t("estimate.renders", { count });
  const budgetNumber = /^\d+$/.test(props.budget.trim()) ? Number(props.budget.trim()) : null;
  const cost =
    preview.candidatesPerProduct > 1
      ? t("estimate.perRenderTimes", {
          credits: format.credits(preview.creditsPerRender),
          renders: renders(preview.renderCount),
        })
      : t("estimate.perRender", { credits: format.credits(preview.creditsPerRender) });
  const withinBudget =
    budgetNumber !== null
      ? t("estimate.withinBudget", {
          renders: renders(rendersWithinBudget(budgetNumber, preview.creditsPerRender, preview.renderCount)),
        })
      : null;
  return (
    <BlockStack gap="200">
      {stale ? (
        <Banner tone="warning">
          <p>{t("estimate.stale")}</p>
        </Banner>
      ) : null}
      <Text as="p">
        <Text as="span" fontWeight="semibold">
          {headline.headline}
        </Text>
        {headline.garments ? t("estimate.garmentsAfter", { garments: headline.garments }) : t("estimate.headlineEnd")}
      </Text>
      {headline.details.map((detail) => (
        <Text as="p" key={detail}>
          {detail}
        </Text>
      ))}
      {preview.sends.map((sent) => (
        <WhatIsSentList
          key={JSON.stringify(sent)}
          sent={sent}
          heading={sendsHeading(t, sent.count, preview.candidatesPerProduct)}
        />
      ))}
      <Text as="p" variant="headingLg">
        {t("estimate.about", { credits: format.credits(preview.estimateCredits) })}
      </Text>
      <Text as="p" tone="subdued">
        {withinBudget ? `${cost} ${withinBudget}` : cost}
      </Text>
      <Button
        variant="primary"
        onClick={props.onStart}
        loading={props.starting}
        disabled={stale || preview.eligibleCount === 0 || !props.canStart || props.starting}
      >
        {t("estimate.start", { renders: renders(preview.renderCount) })}
      </Button>
    </BlockStack>
  );
}
