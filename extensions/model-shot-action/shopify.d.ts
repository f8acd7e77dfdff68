// Types of the `shopify` global for this extension's entry module (the shape `shopify app dev` generates).
import "@shopify/ui-extensions";

//@ts-ignore
declare module "./src/ActionExtension.tsx" {
  const shopify: import("@shopify/ui-extensions/admin.product-details.action.render").Api;
  const globalThis: { shopify: typeof shopify };
}
