/**
 * History's words, keyed per screen so they move into the translation files as they are (issue 28, point 5).
 * Functions take the values a sentence needs; plurals go through the caller's formatCredits.
 */
export const HISTORY_TEXT = {
  title: "History",
  subtitle: "Every render, newest first. Times are in the shop's time zone.",
  columnWhatHappened: "What happened",
  onlyThisProduct: "Only this product",
  renderTime: (duration: string) => `Rendered in ${duration}`,
  queued: "Queued",
  finished: "Finished",
  noImage: "No image",
  imageOf: (title: string) => `Model shot of ${title}`,
  photoOf: (title: string) => `Photo of ${title}`,
  retry: "Try again",
  retryTitle: (title: string) => `Try "${title}" again?`,
  retryBody: (cost: string) =>
    `A new render of this product is queued with the same photos and options. It costs ${cost} when the try-on service starts it; this render stays in History as it is.`,
  retryConfirm: (cost: string) => `Try again for ${cost}`,
  retryQueued: "A new render was queued. It appears at the top of History.",
  retryAlreadyQueued: "This new render was already queued.",
  notRetryable: "Only a render that failed, was rejected or was cancelled can be tried again.",
  renderNotFound: "Render not found.",
  revert: "Remove from product",
  revertTitle: (title: string) => `Remove the model shot from "${title}"?`,
  revertBody:
    "The image is taken off the product's media (and off any variants that show it) and goes back to Review, where you can approve it again or reject it. Nothing is charged; the file stays in Shopify Files until it is rejected.",
  revertConfirm: "Remove from product",
  reverted: "Removed from the product and put back in review.",
  cancel: "Cancel",
} as const;
