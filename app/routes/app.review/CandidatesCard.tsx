import { BlockStack, Button, Card, Checkbox, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import { memo } from "react";
import { RenderStateBadge } from "~/components/RenderStateBadge";
import { ColourVerdict } from "./ColourVerdict";
import { REVIEW_TEXT as T } from "./review-text";
import { EAGER_CARDS, ModelShot, SourcePhoto } from "./GridImages";
import type { ReviewItem } from "./review.server";

/** What the grid and its cards do with staff's clicks, and what is focused and selected. */
export interface GridControls {
  focus: number;
  selected: ReadonlySet<string>;
  selectable: boolean;
  onSelect: (item: ReviewItem) => void;
  onOpen: (item: ReviewItem, index: number) => void;
  onApprove: (item: ReviewItem, index: number) => void;
  onReject: (item: ReviewItem, index: number) => void;
  onFilterProduct: (item: ReviewItem) => void;
}

/**
 * A product's candidates side by side in one card the width of the grid: its photo once, then each model shot
 * with its number, scores and a quick "Approve this one" (which offers to reject the others).
 */
export const CandidatesCard = memo(function CandidatesCard(
  props: GridControls & { members: Array<{ item: ReviewItem; index: number }> },
) {
  const first = props.members[0]?.item;
  if (!first) return null;
  const eager = (props.members[0]?.index ?? 0) < EAGER_CARDS;
  return (
    <div style={{ gridColumn: "1 / -1" }} data-candidate-group={first.candidate?.group}>
      <Card>
        <BlockStack gap="300">
          <InlineStack align="space-between" blockAlign="center">
            <Button variant="plain" textAlign="left" onClick={() => props.onFilterProduct(first)}>
              {first.productTitle}
            </Button>
            <Text as="span" tone="subdued">
              {`${props.members.length} candidates: pick the best`}
            </Text>
          </InlineStack>
          <InlineGrid columns={{ xs: 2, md: Math.min(props.members.length + 1, 5) }} gap="300">
            <SourcePhoto item={first} eager={eager} />
            {props.members.map(({ item, index }) => (
              <div
                key={item.id}
                data-render-id={item.id}
                style={{
                  outline: index === props.focus ? "2px solid var(--p-color-border-focus)" : "none",
                  outlineOffset: 4,
                  borderRadius: 8,
                }}
              >
                <BlockStack gap="100">
                  {props.selectable ? (
                    <Checkbox
                      label={item.candidate?.label ?? "Select"}
                      checked={props.selected.has(item.id)}
                      onChange={() => props.onSelect(item)}
                    />
                  ) : (
                    <Text as="span" tone="subdued" variant="bodySm">
                      {item.candidate?.label}
                    </Text>
                  )}
                  <InlineStack gap="100">
                    <RenderStateBadge state={item.state} />
                  </InlineStack>
                  <ModelShot
                    item={item}
                    alt={`${item.candidate?.label ?? "Model shot"} of ${item.productTitle}`}
                    openLabel={`Open ${item.candidate?.label ?? ""} of ${item.productTitle}`}
                    eager={eager}
                    onOpen={() => props.onOpen(item, index)}
                  />
                  {item.staffNote ? (
                    <Text as="p" tone="critical" variant="bodySm">
                      {item.staffNote}
                    </Text>
                  ) : null}
                  <ColourVerdict colour={item.colour} />
                  <InlineStack gap="200">
                    {item.state === "in_review" ? (
                      <>
                        <Button variant="primary" onClick={() => props.onApprove(item, index)}>
                          {T.approveThisOne}
                        </Button>
                        <Button tone="critical" onClick={() => props.onReject(item, index)}>
                          {T.reject}
                        </Button>
                      </>
                    ) : null}
                    <Button onClick={() => props.onOpen(item, index)}>{T.open}</Button>
                  </InlineStack>
                </BlockStack>
              </div>
            ))}
          </InlineGrid>
          <Text as="p" tone="subdued" variant="bodySm">
            {first.optionsSummary}
          </Text>
        </BlockStack>
      </Card>
    </div>
  );
});
