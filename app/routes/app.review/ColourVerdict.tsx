import { BlockStack, InlineStack, Text, Tooltip } from "@shopify/polaris";
import type { StoredColourVerdict } from "~/colour/colour-verdict";
import type { ReviewColour } from "./review.server";
import { REVIEW_TEXT as T } from "./review-text";

const TEXT_TONES: Record<StoredColourVerdict, "success" | "caution" | "critical" | "subdued"> = {
  good: "success",
  check: "caution",
  drift: "critical",
  not_scored: "subdued",
};

/** "ΔE 12.3", explained in a tooltip on hover and on keyboard focus (the explanation is also its description). */
export function DeltaE({ value }: { value: number }) {
  const figure = value.toFixed(1);
  return (
    <Tooltip content={T.deltaEExplained} preferredPosition="above">
      <span
        // Focusable so keyboard users reach the explanation; the label carries it for screen readers.
        tabIndex={0}
        data-delta-e
        aria-label={`${T.deltaE(figure)}. ${T.deltaEExplained}`}
        style={{ textDecoration: "underline dotted", cursor: "help" }}
      >
        <Text as="span" variant="bodySm">
          {T.deltaE(figure)}
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
  if (!colour) return null;
  return (
    <InlineStack gap="200" blockAlign="center" wrap>
      <Text as="p" fontWeight="semibold" tone={TEXT_TONES[colour.verdict]}>
        <span data-colour-verdict={colour.verdict}>{T.verdict[colour.verdict]}</span>
      </Text>
      {colour.deltaE !== null ? <DeltaE value={colour.deltaE} /> : null}
    </InlineStack>
  );
}

function Swatch({ hex, label }: { hex: string; label: string }) {
  return (
    <span
      role="img"
      aria-label={`${label} ${hex}`}
      title={`${label} ${hex}`}
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
  if (!colour) return null;
  if (colour.verdict === "not_scored") {
    return (
      <Text as="p" tone="subdued">
        {T.notCompared(colour.reason ?? T.notComparedFallback)}
      </Text>
    );
  }
  return (
    <BlockStack gap="100">
      <Text as="h3" variant="headingSm">
        {T.swatchesHeading}
      </Text>
      <InlineStack gap="400" wrap>
        {colour.matched.map((match, index) => (
          <InlineStack key={index} gap="100" blockAlign="center">
            <Swatch hex={match.source} label="Photo" />
            <Swatch hex={match.render} label="Render" />
            <DeltaE value={match.deltaE} />
          </InlineStack>
        ))}
      </InlineStack>
    </BlockStack>
  );
}
