import { Button, Card, EmptyState, IndexTable, InlineStack, Page, Pagination } from "@shopify/polaris";
import { EMPTY_STATE_IMAGE } from "~/components/empty-state";
import { RunStatusBadge } from "~/components/RunStatusBadge";
import { TimeText } from "~/components/TimeText";
import type { RunSummary } from "~/renders/runs/run-summary";
import { formatCredits } from "~/web/format";

export function RunsListPage({
  runs,
  nextCursor,
  previousCursor,
}: {
  runs: RunSummary[];
  nextCursor: string | null;
  previousCursor: string | null;
}) {
  return (
    <Page
      title="Bulk runs"
      backAction={{ content: "Home", url: "/app" }}
      primaryAction={{ content: "New bulk run", url: "/app/runs/new" }}
    >
      <Card padding="0">
        {runs.length === 0 && !previousCursor ? (
          <EmptyState
            heading="Render a whole collection at once"
            action={{ content: "New bulk run", url: "/app/runs/new" }}
            image={EMPTY_STATE_IMAGE}
          >
            <p>
              Pick a collection or several products, see what it will cost, then start. Every image still waits for your
              review.
            </p>
          </EmptyState>
        ) : (
          <>
            <IndexTable
              resourceName={{ singular: "run", plural: "runs" }}
              itemCount={runs.length}
              selectable={false}
              headings={[
                { title: "Run" },
                { title: "Status" },
                { title: "Progress" },
                { title: "Estimate" },
                { title: "Started" },
              ]}
            >
              {runs.map((run, index) => (
                <IndexTable.Row id={run.id} key={run.id} position={index}>
                  <IndexTable.Cell>
                    <Button variant="plain" url={`/app/runs/${run.id}`}>
                      {run.title}
                    </Button>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <RunStatusBadge run={run} />
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    {run.progress.done} of {run.progress.total} done
                  </IndexTable.Cell>
                  <IndexTable.Cell>{formatCredits(run.estimateCredits)}</IndexTable.Cell>
                  <IndexTable.Cell>
                    <TimeText at={run.createdAt} />
                  </IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </IndexTable>
            <InlineStack align="center">
              <Pagination
                hasPrevious={Boolean(previousCursor)}
                previousURL={previousCursor ? `?before=${previousCursor}` : undefined}
                hasNext={Boolean(nextCursor)}
                nextURL={nextCursor ? `?after=${nextCursor}` : undefined}
              />
            </InlineStack>
          </>
        )}
      </Card>
    </Page>
  );
}
