import type { StoredColourVerdict } from "~/colour/colour-verdict";

/**
 * Review's words, keyed per screen so they move into the translation files as they are (issue 28, point 5).
 * The colour verdicts are sentences staff act on, shown beside Approve; the badge keeps its short label.
 */
export const REVIEW_TEXT = {
  verdict: {
    good: "Colours match",
    check: "Check the colours: the render looks slightly different",
    drift: "Check the colours: the render looks noticeably different",
    not_scored: "Colours not compared",
  } satisfies Record<StoredColourVerdict, string>,
  /** The colour filter's choices: the same words as the verdicts, short. */
  verdictFilter: {
    good: "Colours match",
    check: "Check the colours: slightly different",
    drift: "Check the colours: noticeably different",
    not_scored: "Colours not compared",
  } satisfies Record<StoredColourVerdict, string>,
  deltaE: (value: string) => `ΔE ${value}`,
  deltaEExplained:
    "ΔE is how different two colours look to the eye: below 2 hardly anyone sees a difference, from about 5 most people do, above 10 they look like different colours. Each pair is the photo's colour, then the render's.",
  deltaEMore: (value: string) => `What ΔE ${value} means`,
  swatchesHeading: "Garment colours: photo, then render",
  notCompared: (reason: string) => `Colours not compared: ${reason}.`,
  notComparedFallback: "the score could not be made",
  approve: "Approve",
  reject: "Reject",
  approveThisOne: "Approve this one",
  open: "Open",
  revert: "Remove from product and review again",
  revertConfirm: "Yes, remove it from the product",
  revertQuestion: "Remove this image from the product?",
  revertExplained:
    "It is taken off the product's media (and off any variants that show it) and comes back here for review. Nothing is charged; the file stays in Shopify Files.",
  positionLabel: "Place among the product's images",
  positionLast: (count: number) =>
    count === 0 ? "The product's only image" : `Last, after its ${count} ${count === 1 ? "image" : "images"}`,
  positionFirst: "First: the image shoppers see first",
  positionNth: (place: number) => `Image ${place}`,
  altLabel: "Alt text",
  altHelp: "What the image shows, read by screen readers and search engines. Written in your store's main language.",
  zoomIn: "Zoom to full size (z)",
  zoomOut: "Fit to window (z)",
} as const;
