import { BlockStack, Button, Card, Checkbox, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import { memo } from "react";
import { RenderStateBadge } from "~/components/RenderStateBadge";
import { VariantColourTag } from "~/components/VariantColourTag";
import { useFormat, useStaffMessage, useTranslation } from "~/i18n/react";
import { ColourVerdict } from "./ColourVerdict";
import { EAGER_CARDS, ModelShot, SourcePhoto } from "./GridImages";
import type { ReviewItem } from "./review.server";
import { useReviewWords } from "./use-review-words";

/**
 * One render in the grid: its source photo beside the model shot, its scores, product and options, the colour
 * verdict in words, and Approve and Reject beside it.
 */
export const ReviewCard = memo(function ReviewCard(props: {
  item: ReviewItem;
  index: number;
  focused: boolean;
  selected: boolean;
  selectable: boolean;
  onSelect: (item: ReviewItem) => void;
  onOpen: (item: ReviewItem, index: number) => void;
  onApprove: (item: ReviewItem, index: number) => void;
  onReject: (item: ReviewItem, index: number) => void;
  onFilterProduct: (item: ReviewItem) => void;
}) {
  const { item, index } = props;
  const { t } = useTranslation("review");
  const format = useFormat();
  const say = useStaffMessage();
  const words = useReviewWords();
  const eager = index < EAGER_CARDS;
  const renderedAt = item.renderedAt ?? item.createdAt;
  const asked = words.askedLine(item.asked);
  const onOpen = () => props.onOpen(item, index);
  return (
    <div
      style={{ outline: props.focused ? "2px solid var(--p-color-border-focus)" : "none", borderRadius: 12 }}
      data-render-id={item.id}
    >
      <Card>
        <BlockStack gap="200">
          <InlineStack align="space-between" blockAlign="center" wrap={false}>
            {props.selectable ? (
              <Checkbox
                label={t("card.select")}
                labelHidden
                checked={props.selected}
                onChange={() => props.onSelect(item)}
              />
            ) : (
              <span />
            )}
            <InlineStack gap="100">
              <RenderStateBadge state={item.state} />
            </InlineStack>
          </InlineStack>
          <InlineGrid columns={2} gap="200">
            <SourcePhoto item={item} eager={eager} />
            <BlockStack gap="100">
              <Text as="span" tone="subdued" variant="bodySm">
                {t("card.modelShot")}
              </Text>
              <ModelShot
                item={item}
                alt={t("card.modelShotOf", { title: item.productTitle })}
                openLabel={t("card.openTitle", { title: item.productTitle })}
                eager={eager}
                onOpen={onOpen}
              />
            </BlockStack>
          </InlineGrid>
          <InlineStack gap="200" blockAlign="center">
            {/* The product's title is the shop's data, not our words (translate="no" holds for what is inside). */}
            <span translate="no">
              <Button variant="plain" textAlign="left" onClick={() => props.onFilterProduct(item)}>
                {item.productTitle}
              </Button>
            </span>
            <span translate="no">
              <VariantColourTag label={item.colourLabel} />
            </span>
          </InlineStack>
          <Text as="p" tone="subdued" variant="bodySm">
            {item.candidate
              ? t("card.withCandidate", { candidate: words.candidateLabel(item.candidate), summary: asked })
              : asked}
          </Text>
          {item.staffNote ? (
            <Text as="p" tone="critical" variant="bodySm">
              {say(item.staffNote)}
            </Text>
          ) : null}
          <Text as="p" tone="subdued" variant="bodySm">
            {/* The relative time depends on the clock: the browser may word it differently from the server. */}
            <span title={format.dateTime(renderedAt)} suppressHydrationWarning>
              {t("card.rendered", { time: format.relativeTime(renderedAt) })}
            </span>
          </Text>
          <ColourVerdict colour={item.colour} />
          <InlineStack gap="200">
            {item.state === "in_review" ? (
              <>
                <Button variant="primary" onClick={() => props.onApprove(item, index)}>
                  {t("actions.approve")}
                </Button>
                <Button tone="critical" onClick={() => props.onReject(item, index)}>
                  {t("actions.reject")}
                </Button>
              </>
            ) : null}
            <Button onClick={onOpen}>{t("actions.open")}</Button>
          </InlineStack>
        </BlockStack>
      </Card>
    </div>
  );
});
