import { Banner, Layout } from "@shopify/polaris";

/**
 * On the pages that queue renders: the shop's work is paused (see app/shops/pause.server.ts), what that means for
 * what staff are about to start, and the way to Home, where the pause is explained and lifted.
 */
export function PausedBanner({ paused, consequence }: { paused: { message: string } | null; consequence: string }) {
  if (!paused) return null;
  return (
    <Layout.Section>
      <Banner tone="warning" title="Rendering is paused for your shop" action={{ content: "Go to Home", url: "/app" }}>
        <p>
          {paused.message} {consequence}
        </p>
      </Banner>
    </Layout.Section>
  );
}
