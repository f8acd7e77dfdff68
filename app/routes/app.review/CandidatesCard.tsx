import { BlockStack, Button, Card, Checkbox, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import { memo } from "react";
import { RenderStateBadge } from "~/components/RenderStateBadge";
import { useStaffMessage, useTranslation } from "~/i18n/react";
import { ColourVerdict } from "./ColourVerdict";
import { EAGER_CARDS, ModelShot, SourcePhoto } from "./GridImages";
import type { ReviewItem } from "./review.server";
import { useReviewWords } from "./use-review-words";

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
  const { t } = useTranslation("review");
  const say = useStaffMessage();
  const words = useReviewWords();
  const first = props.members[0]?.item;
  if (!first) return null;
  const labelOf = (item: ReviewItem) => (item.candidate ? words.candidateLabel(item.candidate) : t("card.modelShot"));
  const eager = (props.members[0]?.index ?? 0) < EAGER_CARDS;
  return (
    <div style={{ gridColumn: "1 / -1" }} data-candidate-group={first.candidate?.group}>
      <Card>
        <BlockStack gap="300">
          <InlineStack align="space-between" blockAlign="center">
            {/* The product's title is the shop's data, not our words (translate="no" holds for what is inside). */}
            <span translate="no">
              <Button variant="plain" textAlign="left" onClick={() => props.onFilterProduct(first)}>
                {first.productTitle}
              </Button>
            </span>
            <Text as="span" tone="subdued">
              {t("candidates.pickTheBest", { count: props.members.length })}
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
                      label={item.candidate ? labelOf(item) : t("card.select")}
                      checked={props.selected.has(item.id)}
                      onChange={() => props.onSelect(item)}
                    />
                  ) : (
                    <Text as="span" tone="subdued" variant="bodySm">
                      {labelOf(item)}
                    </Text>
                  )}
                  <InlineStack gap="100">
                    <RenderStateBadge state={item.state} />
                  </InlineStack>
                  <ModelShot
                    item={item}
                    alt={t("candidates.shotOf", { candidate: labelOf(item), title: item.productTitle })}
                    openLabel={t("candidates.open", { candidate: labelOf(item), title: item.productTitle })}
                    eager={eager}
                    onOpen={() => props.onOpen(item, index)}
                  />
                  {item.staffNote ? (
                    <Text as="p" tone="critical" variant="bodySm">
                      {say(item.staffNote)}
                    </Text>
                  ) : null}
                  <ColourVerdict colour={item.colour} />
                  <InlineStack gap="200">
                    {item.state === "in_review" ? (
                      <>
                        <Button variant="primary" onClick={() => props.onApprove(item, index)}>
                          {t("actions.approveThisOne")}
                        </Button>
                        <Button tone="critical" onClick={() => props.onReject(item, index)}>
                          {t("actions.reject")}
                        </Button>
                      </>
                    ) : null}
                    <Button onClick={() => props.onOpen(item, index)}>{t("actions.open")}</Button>
                  </InlineStack>
                </BlockStack>
              </div>
            ))}
          </InlineGrid>
          <Text as="p" tone="subdued" variant="bodySm">
            {words.askedLine(first.asked)}
          </Text>
        </BlockStack>
      </Card>
    </div>
  );
});
