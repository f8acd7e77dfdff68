import { BlockStack, Button, Card, ProgressBar, Text, TextField } from "@shopify/polaris";
import type { ReactNode } from "react";
import { CandidatesSelect } from "~/components/CandidatesSelect";
import type { FieldErrors } from "~/lib/validation";
import type { describeListing } from "~/renders/runs/listing-progress";

/**
 * "Preview and cost": candidates per product, the budget cap and the Preview button; while a large collection is
 * read, how far that has got; then `children` (the estimate and the start button, once there is a preview).
 */
export function BulkRunPreviewCard(props: {
  candidates: string;
  onCandidates: (candidates: string) => void;
  budget: string;
  onBudget: (budget: string) => void;
  errors: FieldErrors;
  onPreview: () => void;
  previewing: boolean;
  canPreview: boolean;
  listing: ReturnType<typeof describeListing> | null;
  children: ReactNode;
}) {
  const { errors, listing } = props;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Preview and cost
        </Text>
        <CandidatesSelect
          label="Candidates per product"
          value={props.candidates}
          onChange={props.onCandidates}
          helpText="Several renders of each product to pick the best from in Review; each is charged."
          error={errors.candidates}
        />
        <TextField
          label="Budget cap (optional)"
          type="number"
          min={1}
          suffix="credits"
          autoComplete="off"
          value={props.budget}
          onChange={props.onBudget}
          helpText="The run stops starting new renders once it has spent this much."
          error={errors.budgetCredits}
        />
        <Button onClick={props.onPreview} loading={props.previewing} disabled={!props.canPreview}>
          Preview
        </Button>
        {listing ? (
          <BlockStack gap="200">
            <Text as="p">{listing.sentence}</Text>
            {listing.progress !== null ? <ProgressBar progress={listing.progress} size="small" /> : null}
            <Text as="p" tone="subdued">
              {listing.detail}
            </Text>
          </BlockStack>
        ) : null}
        {props.children}
      </BlockStack>
    </Card>
  );
}
