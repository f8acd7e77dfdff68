import { BlockStack, Box, Button, InlineGrid, InlineStack, Modal, Text } from "@shopify/polaris";
import { RenderStateBadge } from "~/components/RenderStateBadge";
import { ApproveAndRegenerateSection, type ApproveAndRegenerateProps } from "./ApproveAndRegenerateSection";
import { ColourBadge, ColourSwatches } from "./ColourBadge";

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

/**
 * The large view: the source photo beside the model shot (zoomable), with approve (variants, first image),
 * reject, revert and regenerate with other options. The page owns the state, so the shortcuts act on it too.
 */
export function SideBySideModal(
  props: ApproveAndRegenerateProps & {
    hasPrevious: boolean;
    hasNext: boolean;
    zoomed: boolean;
    onToggleZoom: () => void;
    onClose: () => void;
    onDecide: (intent: "approve" | "reject" | "revert") => void;
    onPrevious: () => void;
    onNext: () => void;
  },
) {
  const { item, busy, zoomed, onToggleZoom } = props;
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
        <ApproveAndRegenerateSection
          item={item}
          busy={busy}
          detail={props.detail}
          variantIds={props.variantIds}
          onVariantIds={props.onVariantIds}
          makeFirst={props.makeFirst}
          onMakeFirst={props.onMakeFirst}
          rejectSiblings={props.rejectSiblings}
          onRejectSiblings={props.onRejectSiblings}
          regenerate={props.regenerate}
          fieldErrors={props.fieldErrors}
        />
      ) : null}
    </Modal>
  );
}
