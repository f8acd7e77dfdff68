import { Button, Card, EmptyState, IndexTable, InlineStack, Page, Pagination } from "@shopify/polaris";
import { EMPTY_STATE_IMAGE } from "~/components/empty-state";
import { RunStatusBadge } from "~/components/RunStatusBadge";
import { TimeText } from "~/components/TimeText";
import type { RunSummary } from "~/renders/runs/run-summary";
import { useFormat, useStaffMessage, useTranslation } from "~/i18n/react";

export function RunsListPage({
  runs,
  nextCursor,
  previousCursor,
}: {
  runs: RunSummary[];
  nextCursor: string | null;
  previousCursor: string | null;
}) {
  const { t } = useTranslation("runs");
  const format = useFormat();
  const say = useStaffMessage();
  return (
    <Page
      title={t("title")}
      backAction={{ content: t("common:nav.home"), url: "/app" }}
      primaryAction={{ content: t("newRun"), url: "/app/runs/new" }}
    >
      <Card padding="0">
        {runs.length === 0 && !previousCursor ? (
          <EmptyState
            heading={t("empty.heading")}
            action={{ content: t("newRun"), url: "/app/runs/new" }}
            image={EMPTY_STATE_IMAGE}
          >
            <p>{t("empty.body")}</p>
          </EmptyState>
        ) : (
          <>
            <IndexTable
              resourceName={{ singular: t("table.singular"), plural: t("table.plural") }}
              itemCount={runs.length}
              selectable={false}
              headings={[
                { title: t("table.run") },
                { title: t("table.status") },
                { title: t("table.progress") },
                { title: t("table.estimate") },
                { title: t("table.started") },
              ]}
            >
              {runs.map((run, index) => (
                <IndexTable.Row id={run.id} key={run.id} position={index}>
                  <IndexTable.Cell>
                    <Button variant="plain" url={`/app/runs/${run.id}`}>
                      {say(run.heading)}
                    </Button>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <RunStatusBadge run={run} />
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    {t("progress", {
                      done: format.number(run.progress.done),
                      total: format.number(run.progress.total),
                    })}
                  </IndexTable.Cell>
                  <IndexTable.Cell>{format.credits(run.estimateCredits)}</IndexTable.Cell>
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
