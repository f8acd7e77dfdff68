import { Banner, BlockStack, Box, Button, InlineGrid, InlineStack, Modal, Text } from "@shopify/polaris";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { RenderStateBadge } from "~/components/RenderStateBadge";
import { ApproveAndRegenerateSection, type ApproveAndRegenerateProps } from "./ApproveAndRegenerateSection";
import { useFormat, useTranslation } from "~/i18n/react";
import { ColourSwatches, ColourVerdict } from "./ColourVerdict";
import { useReviewWords } from "./use-review-words";

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
  const { t } = useTranslation("review");
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (zoomed && box.current) centreScroll(box.current);
  }, [zoomed, url]);
  if (!url) {
    return (
      <Box padding="800" background="bg-fill-secondary" borderRadius="200">
        <Text as="p" tone="subdued" alignment="center">
          {t("largeView.imageNotAvailable")}
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
        aria-label={t(zoomed ? "largeView.fitImage" : "largeView.zoomImage", { image: alt })}
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
  const { t } = useTranslation("review");
  const format = useFormat();
  const words = useReviewWords();
  const [confirmingRevert, setConfirmingRevert] = useState(false);
  const product = item.colourLabel
    ? t("largeView.titleWithColour", { title: item.productTitle, colour: item.colourLabel })
    : item.productTitle;
  useEffect(() => setConfirmingRevert(false), [item.id]);
  return (
    <Modal
      open
      size="large"
      title={
        item.candidate ? (
          t("largeView.titleWithCandidate", { title: product, candidate: words.candidateLabel(item.candidate) })
        ) : item.colourLabel ? (
          product
        ) : (
          // The product's title alone is the shop's data, not our words.
          <span translate="no">{product}</span>
        )
      }
      onClose={props.onClose}
      primaryAction={
        item.state === "in_review"
          ? { content: t("largeView.approve"), onAction: () => props.onDecide("approve"), loading: busy }
          : item.state === "published"
            ? {
                // Asked first: the banner below says what happens (and that nothing is charged).
                content: t(confirmingRevert ? "largeView.revertConfirm" : "largeView.revert"),
                destructive: true,
                onAction: () => (confirmingRevert ? props.onDecide("revert") : setConfirmingRevert(true)),
                loading: busy,
              }
            : undefined
      }
      secondaryActions={[
        ...(item.state === "in_review"
          ? [
              {
                content: t("largeView.reject"),
                destructive: true,
                onAction: () => props.onDecide("reject"),
                disabled: busy,
              },
            ]
          : []),
        { content: t("largeView.previous"), onAction: props.onPrevious, disabled: !props.hasPrevious },
        { content: t("largeView.next"), onAction: props.onNext, disabled: !props.hasNext },
      ]}
    >
      <Modal.Section>
        <BlockStack gap="400">
          {confirmingRevert && item.state === "published" ? (
            <Banner tone="warning" title={t("largeView.revertQuestion")} onDismiss={() => setConfirmingRevert(false)}>
              <p>{t("largeView.revertExplained")}</p>
            </Banner>
          ) : null}
          <InlineStack align="space-between" blockAlign="center">
            <InlineStack gap="200" blockAlign="center">
              <RenderStateBadge state={item.state} />
              {item.productUrl ? (
                <Button variant="plain" url={item.productUrl} target="_top">
                  {t("largeView.openProduct")}
                </Button>
              ) : null}
            </InlineStack>
            <Button onClick={onToggleZoom}>{t(zoomed ? "largeView.zoomOut" : "largeView.zoomIn")}</Button>
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
                {t("largeView.yourPhoto")}
              </Text>
              <ReviewImage
                url={item.sourceUrl}
                alt={t("largeView.photoOf", { title: item.productTitle })}
                zoomed={zoomed}
                onToggleZoom={onToggleZoom}
              />
            </BlockStack>
            <BlockStack gap="100">
              <Text as="h3" variant="headingSm">
                {t("largeView.modelShot")}
              </Text>
              <ReviewImage
                url={item.result?.url ?? null}
                alt={t("largeView.modelShotOf", { title: item.productTitle })}
                zoomed={zoomed}
                onToggleZoom={onToggleZoom}
              />
            </BlockStack>
          </InlineGrid>
          <Text as="p" tone="subdued">
            {t("largeView.summaryAndCost", {
              summary: words.askedLine(item.asked),
              cost: format.credits(item.creditsCost),
            })}
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
