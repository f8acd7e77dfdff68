import { Banner, BlockStack, Button, Text } from "@shopify/polaris";
import { WhatIsSentList } from "~/components/WhatIsSentList";
import { formatCredits } from "~/web/format";
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
  const headline = previewHeadline(preview);
  const budgetNumber = /^\d+$/.test(props.budget.trim()) ? Number(props.budget.trim()) : null;
  return (
    <BlockStack gap="200">
      {stale ? (
        <Banner tone="warning">
          <p>You changed the selection or the options. Preview again before starting.</p>
        </Banner>
      ) : null}
      <Text as="p">
        <Text as="span" fontWeight="semibold">
          {headline.headline}
        </Text>
        {headline.garments ? `: ${headline.garments}.` : "."}
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
          heading={sendsHeading(sent.count, preview.candidatesPerProduct)}
        />
      ))}
      <Text as="p" variant="headingLg">
        About {formatCredits(preview.estimateCredits)}
      </Text>
      <Text as="p" tone="subdued">
        {formatCredits(preview.creditsPerRender)} per render
        {preview.candidatesPerProduct > 1 ? ` × ${preview.renderCount} renders` : ""}, charged as each one starts;
        failed renders are refunded.
        {budgetNumber !== null
          ? ` With your budget, at most ${rendersWithinBudget(budgetNumber, preview.creditsPerRender, preview.renderCount)} renders will start.`
          : ""}
      </Text>
      <Button
        variant="primary"
        onClick={props.onStart}
        loading={props.starting}
        disabled={stale || preview.eligibleCount === 0 || !props.canStart || props.starting}
      >
        {`Start run of ${preview.renderCount} ${preview.renderCount === 1 ? "render" : "renders"}`}
      </Button>
    </BlockStack>
  );
}
