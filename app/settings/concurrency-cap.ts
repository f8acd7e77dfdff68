/**
 * How many of a shop's renders may be with the try-on service at once (submitting, running, stalled). The one
 * definition of the default: Settings shows it, and the worker's claim applies it to every shop that never chose
 * its own (ShopSettings.concurrencyCap is null then, so changing the default here changes it for them too).
 */
export const DEFAULT_CONCURRENCY_CAP = 4;
export const CONCURRENCY_CAP_MAX = 20;

export const concurrencyCapOf = (settings: { concurrencyCap: number | null } | null | undefined): number =>
  settings?.concurrencyCap ?? DEFAULT_CONCURRENCY_CAP;
