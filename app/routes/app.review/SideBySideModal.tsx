import { ColourBadge, ColourSwatches } from "./ColourBadge";
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  Checkbox,
  ChoiceList,
  Collapsible,
  InlineGrid,
  InlineStack,
  Modal,
  Spinner,
  Text,
} from "@shopify/polaris";
import { RenderOptionsFields } from "~/components/RenderOptionsFields";
import { RenderStateBadge } from "~/components/RenderStateBadge";
import type { RenderOptionsFormValues } from "~/web/render-options-form";
import { creditsForJob } from "~/tryon/cost";
import { formatCredits } from "~/web/format";
import type { FieldErrors } from "~/lib/validation";
import type { RenderDetailView } from "../app.renders.$renderId/render-detail.server";
import type { ReviewItem } from "./review.server";
import { otherCandidatesLabel } from "./candidate-cards";

/** An image that is either fitted to its box or shown at full size with scrolling (zoom). */
function ReviewImage({
  url,
  alt,
  zoomed,
  onToggleZoom,
}: {
  url: string | null;
  alt: string;
  zoomed: boolean;
  onToggleZoom: () => void;
}) {
  if (!url) {
    return (
      <Box padding="800" background="bg-fill-secondary" borderRadius="200">
        <Text as="p" tone="subdued" alignment="center">
          Image not available yet
        </Text>
      </Box>
    );
  }
  return (
    <div style={{ maxHeight: "70vh", overflow: zoomed ? "auto" : "hidden", borderRadius: 8, background: "#f1f1f1" }}>
      <button
        type="button"
        onClick={onToggleZoom}
        aria-label={zoomed ? `Fit ${alt} to the window` : `Zoom into ${alt}`}
        style={{ border: 0, padding: 0, background: "none", cursor: zoomed ? "zoom-out" : "zoom-in", display: "block" }}
      >
        <img
          src={url}
          alt={alt}
          style={
            zoomed
              ? { display: "block", maxWidth: "none" }
              : { display: "block", width: "100%", maxHeight: "70vh", objectFit: "contain" }
          }
        />
      </button>
    </div>
  );
}

/** What the large view knows of the render's product and catalog, loaded when it opens. */
export interface RenderDetailState {
  loading: boolean;
  detail: RenderDetailView | null;
  /** Why it could not be loaded, in words for staff. */
  problem: string | null;
}

/**
 * The large view: the source photo beside the model shot (zoomable), with approve (variants, first image),
 * reject, revert and regenerate with other options. The page owns the state, so the shortcuts act on it too.
 */
export function SideBySideModal(props: {
  item: ReviewItem;
  hasPrevious: boolean;
  hasNext: boolean;
  busy: boolean;
  zoomed: boolean;
  onToggleZoom: () => void;
  onClose: () => void;
  onDecide: (intent: "approve" | "reject" | "revert") => void;
  onPrevious: () => void;
  onNext: () => void;
  detail: RenderDetailState;
  variantIds: string[];
  onVariantIds: (variantIds: string[]) => void;
  makeFirst: boolean;
  onMakeFirst: (makeFirst: boolean) => void;
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
}) {
  const { item, busy, zoomed, onToggleZoom, detail: detailState, regenerate, fieldErrors } = props;
  const detail = detailState.detail;
  const regenerateCost = formatCredits(creditsForJob(regenerate.options?.resolution));
  return (
    <Modal
      open
      size="large"
      title={[
        item.colourLabel ? `${item.productTitle} (${item.colourLabel})` : item.productTitle,
        item.candidate?.label,
      ]
        .filter(Boolean)
        .join(": ")}
      onClose={props.onClose}
      primaryAction={
        item.state === "in_review"
          ? { content: "Approve (a)", onAction: () => props.onDecide("approve"), loading: busy }
          : item.state === "published"
            ? {
                content: "Remove from product and review again",
                destructive: true,
                onAction: () => props.onDecide("revert"),
                loading: busy,
              }
            : undefined
      }
      secondaryActions={[
        ...(item.state === "in_review"
          ? [{ content: "Reject (r)", destructive: true, onAction: () => props.onDecide("reject"), disabled: busy }]
          : []),
        { content: "Previous (k)", onAction: props.onPrevious, disabled: !props.hasPrevious },
        { content: "Next (j)", onAction: props.onNext, disabled: !props.hasNext },
      ]}
    >
      <Modal.Section>
        <BlockStack gap="400">
          <InlineStack align="space-between" blockAlign="center">
            <InlineStack gap="200" blockAlign="center">
              <RenderStateBadge state={item.state} />
              {item.productUrl ? (
                <Button variant="plain" url={item.productUrl} target="_top">
                  Open product in admin
                </Button>
              ) : null}
            </InlineStack>
            <Button onClick={onToggleZoom}>{zoomed ? "Fit to window (z)" : "Zoom to full size (z)"}</Button>
          </InlineStack>
          <InlineGrid columns={2} gap="400">
            <BlockStack gap="100">
              <Text as="h3" variant="headingSm">
                Your photo
              </Text>
              <ReviewImage
                url={item.sourceUrl}
                alt={`photo of ${item.productTitle}`}
                zoomed={zoomed}
                onToggleZoom={onToggleZoom}
              />
            </BlockStack>
            <BlockStack gap="100">
              <Text as="h3" variant="headingSm">
                Model shot
              </Text>
              <ReviewImage
                url={item.result?.url ?? null}
                alt={`model shot of ${item.productTitle}`}
                zoomed={zoomed}
                onToggleZoom={onToggleZoom}
              />
            </BlockStack>
          </InlineGrid>
          <InlineStack gap="200" blockAlign="center">
            <ColourBadge colour={item.colour} />
          </InlineStack>
          <ColourSwatches colour={item.colour} />
          <Text as="p" tone="subdued">
            {item.optionsSummary} · {item.creditsCost} credits
          </Text>
        </BlockStack>
      </Modal.Section>
      {item.state === "in_review" ? (
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
              <Checkbox
                label="Make it the product's first image"
                checked={props.makeFirst}
                onChange={props.onMakeFirst}
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
      ) : null}
    </Modal>
  );
}
