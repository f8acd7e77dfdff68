/**
 * The sentences History's actions answer with (shown as toasts and form errors). The page's own words are in
 * app/i18n/locales/<locale>/history.json; these still wait for the server's messages to become keys.
 */
export const HISTORY_TEXT = {
  retryQueued: "A new render was queued. It appears at the top of History.",
  retryAlreadyQueued: "This new render was already queued.",
  notRetryable: "Only a render that failed, was rejected or was cancelled can be tried again.",
  renderNotFound: "Render not found.",
  reverted: "Removed from the product and put back in review.",
} as const;
