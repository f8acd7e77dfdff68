/** The illustration of Polaris's empty states, from Shopify's CDN: one for every page's "nothing here yet". */
export const EMPTY_STATE_IMAGE = "https://cdn.shopify.com/s/files/1/0262/4071/2726/files/emptystate-files.png";
