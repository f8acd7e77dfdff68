import { Tag } from "@shopify/polaris";

/**
 * "Color: Red" beside a product's title, for a render made for one colour (one shot per colour). The option's
 * name and value are the shop's data, in the shop's words: not translated.
 */
export function VariantColourTag({ label }: { label: string | null }) {
  if (!label) return null;
  return (
    <Tag>
      <span translate="no">{label}</span>
    </Tag>
  );
}
