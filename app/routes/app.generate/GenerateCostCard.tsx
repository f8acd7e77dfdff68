import { BlockStack, Button, Card, Text } from "@shopify/polaris";
import { candidatesCostLine, CandidatesSelect } from "~/components/CandidatesSelect";
import { WhatIsSentList } from "~/components/WhatIsSentList";
import type { WhatIsSent } from "~/looks/what-is-sent";
import { creditsForJob } from "~/tryon/cost";
import { formatCredits } from "~/web/format";

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
  const byColour = props.colourRenders !== null;
  const colourRenders = props.colourRenders ?? 1;
  const candidateCount = Number(props.candidates);
  const renders = colourRenders * candidateCount;
  const cost = formatCredits(creditsForJob(props.resolution) * renders);
  const costLine = byColour
    ? `${colourRenders} colours${candidateCount > 1 ? ` × ${candidateCount} candidates` : ""} × ${formatCredits(creditsForJob(props.resolution))} = ${cost}`
    : candidatesCostLine(candidateCount, creditsForJob(props.resolution));
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Cost
        </Text>
        <CandidatesSelect
          label="Candidates"
          value={props.candidates}
          onChange={props.onCandidates}
          helpText="Several renders to pick the best from; each is charged."
          error={props.candidatesError}
        />
        <Text as="p" variant="headingLg">
          {costLine}
        </Text>
        <WhatIsSentList sent={props.sent} />
        <Text as="p" tone="subdued">
          Charged when the render starts; refunded automatically if the service fails it. Nothing is added to the
          product until you approve it in Review.
        </Text>
        <Button
          variant="primary"
          onClick={props.onGenerate}
          loading={props.generating}
          disabled={!props.canGenerate || props.generating}
        >
          {byColour && renders > 1
            ? `Generate ${renders} shots for ${cost}`
            : candidateCount > 1
              ? `Generate ${candidateCount} candidates for ${cost}`
              : `Generate for ${cost}`}
        </Button>
      </BlockStack>
    </Card>
  );
}
