import { Banner, Layout } from "@shopify/polaris";

/** What an action said about the whole form (field errors sit beside their fields), at the top of the page's layout. */
export function FormErrorBanner({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Layout.Section>
      <Banner tone="critical">
        <p>{message}</p>
      </Banner>
    </Layout.Section>
  );
}
