import { Tag } from "@shopify/polaris";

/** "Color: Red" beside a product's title, for a render made for one colour (one shot per colour). */
export function VariantColourTag({ label }: { label: string | null }) {
  if (!label) return null;
  return <Tag>{label}</Tag>;
}
