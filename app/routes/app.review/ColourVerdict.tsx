import { BlockStack, InlineStack, Text, Tooltip } from "@shopify/polaris";
import type { StoredColourVerdict } from "~/colour/colour-verdict";
import { useFormat, useStaffMessage, useTranslation } from "~/i18n/react";
import type { ReviewColour } from "./review.server";
import { VERDICT_KEYS } from "./review-text";

const TEXT_TONES: Record<StoredColourVerdict, "success" | "caution" | "critical" | "subdued"> = {
  good: "success",
  check: "caution",
  drift: "critical",
  not_scored: "subdued",
};

/** "ΔE 12.3", explained in a tooltip on hover and on keyboard focus (the explanation is also its description). */
export function DeltaE({ value }: { value: number }) {
  const { t } = useTranslation("review");
  const format = useFormat();
  // One decimal, in the language's own digits and separator ("12.3", "12,3").
  const figure = t("deltaE", { value: format.number(Math.round(value * 10) / 10) });
  const explained = t("deltaEExplained");
  return (
    <Tooltip content={explained} preferredPosition="above">
      <span
        // Focusable so keyboard users reach the explanation; the label carries it for screen readers.
        tabIndex={0}
        data-delta-e
        aria-label={`${figure}. ${explained}`}
        style={{ textDecoration: "underline dotted", cursor: "help" }}
      >
        <Text as="span" variant="bodySm">
          {figure}
        </Text>
      </span>
    </Tooltip>
  );
}

/**
 * The verdict in words ("Colours match", "Check the colours: the render looks noticeably different") with its
 * figure explained: what staff read next to Approve.
 */
export function ColourVerdict({ colour }: { colour: ReviewColour | null }) {
  const { t } = useTranslation("review");
  if (!colour) return null;
  return (
    <InlineStack gap="200" blockAlign="center" wrap>
      <Text as="p" fontWeight="semibold" tone={TEXT_TONES[colour.verdict]}>
        <span data-colour-verdict={colour.verdict}>{t(VERDICT_KEYS[colour.verdict])}</span>
      </Text>
      {colour.deltaE !== null ? <DeltaE value={colour.deltaE} /> : null}
    </InlineStack>
  );
}

/** A colour's square; `label` names it with its hex ("Photo #1f2a44"). */
function Swatch({ hex, label }: { hex: string; label: string }) {
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      style={{
        display: "inline-block",
        width: 28,
        height: 28,
        borderRadius: 6,
        background: hex,
        border: "1px solid var(--p-color-border)",
      }}
    />
  );
}

/** The photo's garment colours beside what the render made of each, with their ΔE: why the verdict is what it is. */
export function ColourSwatches({ colour }: { colour: ReviewColour | null }) {
  const { t } = useTranslation("review");
  const say = useStaffMessage();
  if (!colour) return null;
  if (colour.verdict === "not_scored") {
    return (
      <Text as="p" tone="subdued">
        {t("notCompared", { reason: colour.reason ? say(colour.reason) : t("notComparedFallback") })}
      </Text>
    );
  }
  return (
    <BlockStack gap="100">
      <Text as="h3" variant="headingSm">
        {t("swatchesHeading")}
      </Text>
      <InlineStack gap="400" wrap>
        {colour.matched.map((match, index) => (
          <InlineStack key={index} gap="100" blockAlign="center">
            <Swatch hex={match.source} label={t("swatchPhoto", { hex: match.source })} />
            <Swatch hex={match.render} label={t("swatchRender", { hex: match.render })} />
            <DeltaE value={match.deltaE} />
          </InlineStack>
        ))}
      </InlineStack>
    </BlockStack>
  );
}
