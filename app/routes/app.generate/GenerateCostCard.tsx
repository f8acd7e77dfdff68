import { BlockStack, Button, Card, Text } from "@shopify/polaris";
import { CandidatesSelect } from "~/components/CandidatesSelect";
import { WhatIsSentList } from "~/components/WhatIsSentList";
import { useFormat, useStaffMessage, useTranslation } from "~/i18n/react";
import type { WhatIsSent } from "~/looks/what-is-sent";
import { creditsForJob } from "~/tryon/cost";

/**
 * "Cost": how many candidates, what the renders cost (per colour and per candidate), what is sent to the service,
 * and the Generate button with the price on it.
 */
export function GenerateCostCard(props: {
  resolution: string;
  candidates: string;
  onCandidates: (candidates: string) => void;
  candidatesError: string | undefined;
  /** Renders one per colour: how many colours, else null for one render from the chosen photo. */
  colourRenders: number | null;
  sent: WhatIsSent;
  onGenerate: () => void;
  generating: boolean;
  canGenerate: boolean;
}) {
  const { t } = useTranslation("generate");
  const format = useFormat();
  const say = useStaffMessage();
  const byColour = props.colourRenders !== null;
  const colourRenders = props.colourRenders ?? 1;
  const candidateCount = Number(props.candidates);
  const renders = colourRenders * candidateCount;
  const each = format.credits(creditsForJob(props.resolution));
  const cost = format.credits(creditsForJob(props.resolution) * renders);
  const costLine = byColour
    ? candidateCount > 1
      ? t("cost.byColourCandidates", { count: colourRenders, candidates: candidateCount, each, total: cost })
      : t("cost.byColour", { count: colourRenders, each, total: cost })
    : candidateCount > 1
      ? t("cost.candidatesLine", { candidates: candidateCount, each, total: cost })
      : cost;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("cost.title")}
        </Text>
        <CandidatesSelect
          label={t("cost.candidates")}
          value={props.candidates}
          onChange={props.onCandidates}
          helpText={t("cost.candidatesHelp")}
          error={props.candidatesError ? say(props.candidatesError) : undefined}
        />
        <Text as="p" variant="headingLg">
          {costLine}
        </Text>
        <WhatIsSentList sent={props.sent} />
        <Text as="p" tone="subdued">
          {t("cost.note")}
        </Text>
        <Button
          variant="primary"
          onClick={props.onGenerate}
          loading={props.generating}
          disabled={!props.canGenerate || props.generating}
        >
          {byColour && renders > 1
            ? t("cost.generateShots", { count: renders, cost })
            : candidateCount > 1
              ? t("cost.generateCandidates", { count: candidateCount, cost })
              : t("cost.generate", { cost })}
        </Button>
      </BlockStack>
    </Card>
  );
}
