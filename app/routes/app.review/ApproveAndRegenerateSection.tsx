import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Checkbox,
  ChoiceList,
  Select,
  TextField,
  Collapsible,
  InlineStack,
  Modal,
  Spinner,
  Text,
} from "@shopify/polaris";
import { RenderOptionsFields } from "~/components/RenderOptionsFields";
import type { FieldErrors } from "~/lib/validation";
import { creditsForJob } from "~/tryon/cost";
import { formatCredits } from "~/web/format";
import type { RenderOptionsFormValues } from "~/web/render-options-form";
import type { RenderDetailView } from "../app.renders.$renderId/render-detail.server";
import { otherCandidatesLabel } from "./candidate-cards";
import { REVIEW_TEXT as T } from "./review-text";
import type { ReviewItem } from "./review.server";

/** What the large view knows of the render's product and catalog, loaded when it opens. */
export interface RenderDetailState {
  loading: boolean;
  detail: RenderDetailView | null;
  /** Why it could not be loaded, in words for staff. */
  problem: string | null;
}

/** How a render in review is approved (variants, first image, its sibling candidates) or regenerated. */
export interface ApproveAndRegenerateProps {
  item: ReviewItem;
  busy: boolean;
  detail: RenderDetailState;
  variantIds: string[];
  onVariantIds: (variantIds: string[]) => void;
  /** "1" = the product's first image; "" = after the images it has. */
  position: string;
  onPosition: (position: string) => void;
  alt: string;
  onAlt: (alt: string) => void;
  rejectSiblings: boolean;
  onRejectSiblings: (rejectSiblings: boolean) => void;
  regenerate: {
    open: boolean;
    onToggle: () => void;
    options: RenderOptionsFormValues | null;
    onOptions: (options: RenderOptionsFormValues) => void;
    onSubmit: () => void;
  };
  fieldErrors: FieldErrors;
}

/** The places the image can take among the product's `count` images: first, each after one of them, or last. */
export function positionChoices(count: number): Array<{ label: string; value: string }> {
  const choices = [{ label: T.positionLast(count), value: "" }];
  if (count > 0) choices.push({ label: T.positionFirst, value: "1" });
  for (let place = 2; place <= Math.min(count, 20); place++)
    choices.push({ label: T.positionNth(place), value: String(place) });
  return choices;
}

/**
 * The large view's section for a render in review, once its product's detail is loaded: which variants show the
 * image, whether it becomes the first image, whether approving rejects the other candidates, and regenerating
 * with other options at the price of a new render.
 */
export function ApproveAndRegenerateSection(props: ApproveAndRegenerateProps) {
  const { item, busy, detail: detailState, regenerate, fieldErrors } = props;
  const detail = detailState.detail;
  const regenerateCost = formatCredits(creditsForJob(regenerate.options?.resolution));
  return (
    <Modal.Section>
      {detailState.loading && !detail ? (
        <Spinner size="small" accessibilityLabel="Loading the product's variants" />
      ) : detail ? (
        <BlockStack gap="300">
          {item.colourLabel ? (
            <Text as="p">
              {`Approving makes it the image of the ${item.colourLabel} variants, in place of the image they show now (which stays in the product's media).`}
            </Text>
          ) : null}
          {detail.variants.length > 1 ? (
            <ChoiceList
              allowMultiple
              title="Show this image on these variants (optional)"
              choices={detail.variants.map((variant) => ({ value: variant.id, label: variant.title }))}
              selected={props.variantIds}
              onChange={props.onVariantIds}
              error={fieldErrors.variantIds}
            />
          ) : null}
          <Select
            label={T.positionLabel}
            options={positionChoices(detail.mediaCount)}
            value={props.position}
            onChange={props.onPosition}
            error={fieldErrors.position}
          />
          <TextField
            label={T.altLabel}
            helpText={T.altHelp}
            value={props.alt}
            onChange={props.onAlt}
            maxLength={512}
            autoComplete="off"
            error={fieldErrors.alt}
          />
          {item.candidate && item.candidate.othersInReview > 0 ? (
            <Checkbox
              label={`When approving, ${otherCandidatesLabel(item.candidate.othersInReview).toLowerCase()}`}
              helpText="Their files are deleted from Shopify."
              checked={props.rejectSiblings}
              onChange={props.onRejectSiblings}
            />
          ) : null}
          <InlineStack gap="200" blockAlign="center">
            <Button disclosure={regenerate.open ? "up" : "down"} onClick={regenerate.onToggle}>
              Regenerate with other options
            </Button>
            <Badge>{`A new render costs ${regenerateCost}`}</Badge>
          </InlineStack>
          <Collapsible id="regenerate-options" open={regenerate.open}>
            {regenerate.options ? (
              <BlockStack gap="300">
                <RenderOptionsFields
                  values={regenerate.options}
                  onChange={regenerate.onOptions}
                  catalog={detail.catalog}
                  errors={fieldErrors}
                />
                <InlineStack>
                  <Button
                    variant="primary"
                    onClick={regenerate.onSubmit}
                    loading={busy}
                    disabled={!detail.catalog.ok || !detail.productExists}
                  >
                    {`Regenerate for ${regenerateCost}`}
                  </Button>
                </InlineStack>
              </BlockStack>
            ) : null}
          </Collapsible>
        </BlockStack>
      ) : detailState.problem !== null ? (
        <Banner tone="warning">
          <p>{detailState.problem}</p>
        </Banner>
      ) : null}
    </Modal.Section>
  );
}
