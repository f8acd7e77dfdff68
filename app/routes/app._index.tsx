import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Card, Layout, Page, Text } from "@shopify/polaris";
import prisma from "../db.server";
import { authenticate } from "../shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const shop = await prisma.shop.findUnique({ where: { domain: session.shop } });
  return { shop: session.shop, installedAt: shop?.installedAt.toISOString() ?? null };
};

export default function Home() {
  const { shop, installedAt } = useLoaderData<typeof loader>();
  return (
    <Page title="Model Shots">
      <Layout>
        <Layout.Section>
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                Welcome
              </Text>
              <Text as="p">
                Model Shots is installed on {shop}
                {installedAt ? ` since ${new Date(installedAt).toLocaleDateString()}` : ""}.
              </Text>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
