import { BlockStack, Button, Card, ProgressBar, Text, TextField } from "@shopify/polaris";
import type { ReactNode } from "react";
import { CandidatesSelect } from "~/components/CandidatesSelect";
import { useFieldErrors, useTranslation } from "~/i18n/react";
import type { FieldErrors } from "~/lib/validation";
import type { ListingInWords } from "~/renders/runs/listing-progress";

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
  listing: ListingInWords | null;
  children: ReactNode;
}) {
  const { listing } = props;
  const { t } = useTranslation("bulkRun");
  const errors = useFieldErrors(props.errors);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("preview.heading")}
        </Text>
        <CandidatesSelect
          label={t("preview.candidates")}
          value={props.candidates}
          onChange={props.onCandidates}
          helpText={t("preview.candidatesHelp")}
          error={errors.candidates}
        />
        <TextField
          label={t("preview.budget")}
          type="number"
          min={1}
          suffix={t("preview.budgetSuffix")}
          autoComplete="off"
          value={props.budget}
          onChange={props.onBudget}
          helpText={t("preview.budgetHelp")}
          error={errors.budgetCredits}
        />
        <Button onClick={props.onPreview} loading={props.previewing} disabled={!props.canPreview}>
          {t("preview.button")}
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
