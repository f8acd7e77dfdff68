import { Banner, BlockStack, Box, Button, InlineGrid, InlineStack, Modal, Text } from "@shopify/polaris";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { RenderStateBadge } from "~/components/RenderStateBadge";
import { ApproveAndRegenerateSection, type ApproveAndRegenerateProps } from "./ApproveAndRegenerateSection";
import { ColourSwatches, ColourVerdict } from "./ColourVerdict";
import { REVIEW_TEXT as T } from "./review-text";

/** Scrolls a zoomed image's box so its middle, where the garment is on a model shot, is in view. */
export function centreScroll(box: HTMLElement) {
  box.scrollLeft = Math.max(0, (box.scrollWidth - box.clientWidth) / 2);
  box.scrollTop = Math.max(0, (box.scrollHeight - box.clientHeight) / 2);
}

/**
 * An image that is either fitted to its box or shown at full size with scrolling (zoom). Zooming opens on the
 * middle of the image (the garment), not on its empty top-left corner.
 */
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
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (zoomed && box.current) centreScroll(box.current);
  }, [zoomed, url]);
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
    <div
      ref={box}
      data-zoom-box
      style={{ maxHeight: "52vh", overflow: zoomed ? "auto" : "hidden", borderRadius: 8, background: "#f1f1f1" }}
    >
      <button
        type="button"
        onClick={onToggleZoom}
        aria-label={zoomed ? `Fit ${alt} to the window` : `Zoom into ${alt}`}
        style={{ border: 0, padding: 0, background: "none", cursor: zoomed ? "zoom-out" : "zoom-in", display: "block" }}
      >
        <img
          src={url}
          alt={alt}
          // The full-size image arrives after the zoom: centre again once its size is known.
          onLoad={() => {
            if (zoomed && box.current) centreScroll(box.current);
          }}
          style={
            zoomed
              ? { display: "block", maxWidth: "none" }
              : { display: "block", width: "100%", maxHeight: "52vh", objectFit: "contain" }
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
  const [confirmingRevert, setConfirmingRevert] = useState(false);
  useEffect(() => setConfirmingRevert(false), [item.id]);
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
                // Asked first: the banner below says what happens (and that nothing is charged).
                content: confirmingRevert ? T.revertConfirm : T.revert,
                destructive: true,
                onAction: () => (confirmingRevert ? props.onDecide("revert") : setConfirmingRevert(true)),
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
          {confirmingRevert && item.state === "published" ? (
            <Banner tone="warning" title={T.revertQuestion} onDismiss={() => setConfirmingRevert(false)}>
              <p>{T.revertExplained}</p>
            </Banner>
          ) : null}
          <InlineStack align="space-between" blockAlign="center">
            <InlineStack gap="200" blockAlign="center">
              <RenderStateBadge state={item.state} />
              {item.productUrl ? (
                <Button variant="plain" url={item.productUrl} target="_top">
                  Open product in admin
                </Button>
              ) : null}
            </InlineStack>
            <Button onClick={onToggleZoom}>{zoomed ? T.zoomOut : T.zoomIn}</Button>
          </InlineStack>
          {item.colour ? (
            // Above the images, so the verdict and its swatches are read before Approve, without scrolling.
            <div data-colour-summary>
              <BlockStack gap="200">
                <InlineStack gap="200" blockAlign="center" wrap>
                  <ColourVerdict colour={item.colour} />
                </InlineStack>
                <ColourSwatches colour={item.colour} />
              </BlockStack>
            </div>
          ) : null}
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
          position={props.position}
          onPosition={props.onPosition}
          alt={props.alt}
          onAlt={props.onAlt}
          rejectSiblings={props.rejectSiblings}
          onRejectSiblings={props.onRejectSiblings}
          regenerate={props.regenerate}
          fieldErrors={props.fieldErrors}
        />
      ) : null}
    </Modal>
  );
}
