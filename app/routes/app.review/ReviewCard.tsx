import { BlockStack, Button, Card, Checkbox, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import { memo } from "react";
import { RenderStateBadge } from "~/components/RenderStateBadge";
import { TimeText } from "~/components/TimeText";
import { VariantColourTag } from "~/components/VariantColourTag";
import { ColourVerdict } from "./ColourVerdict";
import { REVIEW_TEXT as T } from "./review-text";
import { EAGER_CARDS, ModelShot, SourcePhoto } from "./GridImages";
import type { ReviewItem } from "./review.server";

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
  const eager = index < EAGER_CARDS;
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
              <Checkbox label="Select" labelHidden checked={props.selected} onChange={() => props.onSelect(item)} />
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
                Model shot
              </Text>
              <ModelShot
                item={item}
                alt={`Model shot of ${item.productTitle}`}
                openLabel={`Open ${item.productTitle}`}
                eager={eager}
                onOpen={onOpen}
              />
            </BlockStack>
          </InlineGrid>
          <InlineStack gap="200" blockAlign="center">
            <Button variant="plain" textAlign="left" onClick={() => props.onFilterProduct(item)}>
              {item.productTitle}
            </Button>
            <VariantColourTag label={item.colourLabel} />
          </InlineStack>
          <Text as="p" tone="subdued" variant="bodySm">
            {item.candidate ? `${item.candidate.label} · ${item.optionsSummary}` : item.optionsSummary}
          </Text>
          {item.staffNote ? (
            <Text as="p" tone="critical" variant="bodySm">
              {item.staffNote}
            </Text>
          ) : null}
          <Text as="p" tone="subdued" variant="bodySm">
            Rendered <TimeText at={item.renderedAt ?? item.createdAt} showAbsolute={false} />
          </Text>
          <ColourVerdict colour={item.colour} />
          <InlineStack gap="200">
            {item.state === "in_review" ? (
              <>
                <Button variant="primary" onClick={() => props.onApprove(item, index)}>
                  {T.approve}
                </Button>
                <Button tone="critical" onClick={() => props.onReject(item, index)}>
                  {T.reject}
                </Button>
              </>
            ) : null}
            <Button onClick={onOpen}>{T.open}</Button>
          </InlineStack>
        </BlockStack>
      </Card>
    </div>
  );
});
