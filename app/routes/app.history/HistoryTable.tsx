import { BlockStack, Button, IndexTable, InlineStack, Link, Text } from "@shopify/polaris";
import { RenderStateBadge } from "~/components/RenderStateBadge";
import { TimeText } from "~/components/TimeText";
import { VariantColourTag } from "~/components/VariantColourTag";
import { formatDuration } from "~/web/format";
import type { HistoryRow } from "./history.server";

/**
 * Every render of the page as a row: product (and the way to only its renders), state, cost, when it was queued,
 * how long it rendered, and what happened, with the decisions a stuck render waits for.
 */
export function HistoryTable(props: {
  rows: readonly HistoryRow[];
  onFilterProduct: (productId: string) => void;
  onResolve: (row: HistoryRow) => void;
  onStopWaiting: (row: HistoryRow) => void;
}) {
  const { rows } = props;
  return (
    <IndexTable
      resourceName={{ singular: "render", plural: "renders" }}
      itemCount={rows.length}
      selectable={false}
      headings={[
        { title: "Product" },
        { title: "State" },
        { title: "Cost" },
        { title: "Queued" },
        { title: "Render time" },
        { title: "What happened" },
      ]}
    >
      {rows.map((row, index) => (
        <IndexTable.Row id={row.id} key={row.id} position={index}>
          <IndexTable.Cell>
            <BlockStack gap="100">
              <InlineStack gap="200" blockAlign="center">
                {row.productUrl ? (
                  <Link url={row.productUrl} target="_top" removeUnderline>
                    {row.productTitle}
                  </Link>
                ) : (
                  <Text as="span">{row.productTitle}</Text>
                )}
                <VariantColourTag label={row.colourLabel} />
              </InlineStack>
              {row.candidateLabel ? (
                <Text as="span" tone="subdued" variant="bodySm">
                  {row.candidateLabel}
                </Text>
              ) : null}
              <InlineStack gap="200">
                <Button variant="plain" onClick={() => props.onFilterProduct(row.productId)}>
                  Only this product
                </Button>
              </InlineStack>
            </BlockStack>
          </IndexTable.Cell>
          <IndexTable.Cell>
            <RenderStateBadge state={row.state} />
          </IndexTable.Cell>
          <IndexTable.Cell>
            <Text as="span" tone={row.creditsRefunded > 0 ? "success" : undefined}>
              {row.costText}
            </Text>
          </IndexTable.Cell>
          <IndexTable.Cell>
            <TimeText at={row.createdAt} />
          </IndexTable.Cell>
          <IndexTable.Cell>{row.renderMs !== null ? formatDuration(row.renderMs) : "—"}</IndexTable.Cell>
          <IndexTable.Cell>
            <BlockStack gap="100">
              {row.problem ? (
                <Text as="p" tone={row.state === "failed" ? "critical" : undefined} breakWord>
                  {row.problem}
                </Text>
              ) : null}
              {row.finishedAt ? (
                <Text as="p" tone="subdued" variant="bodySm">
                  Finished <TimeText at={row.finishedAt} />
                </Text>
              ) : null}
              {row.state === "submit_unknown" ? (
                <InlineStack>
                  <Button onClick={() => props.onResolve(row)}>Decide</Button>
                </InlineStack>
              ) : null}
              {row.state === "stalled" ? (
                <InlineStack>
                  <Button onClick={() => props.onStopWaiting(row)}>Stop waiting</Button>
                </InlineStack>
              ) : null}
            </BlockStack>
          </IndexTable.Cell>
        </IndexTable.Row>
      ))}
    </IndexTable>
  );
}
