import { useFetcher, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import {
  BlockStack,
  Box,
  Button,
  Card,
  EmptyState,
  IndexTable,
  InlineStack,
  Link,
  Modal,
  Page,
  Select,
  Tag,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useState } from "react";
import type { HistoryActionResult, HistoryRow } from "./history.server";
import { formatDuration } from "~/web/format";
import { CursorPagination } from "~/components/CursorPagination";
import { EMPTY_STATE_IMAGE } from "~/components/empty-state";
import { RenderStateBadge } from "~/components/RenderStateBadge";
import { TimeText } from "~/components/TimeText";
import { VariantColourTag } from "~/components/VariantColourTag";
import { rowsWhileFiltering, withListFilter, type RowFilterFields } from "~/web/list-filters";

const FILTERABLE: RowFilterFields<HistoryRow> = { productId: (row) => row.productId, state: (row) => row.state };

export interface HistoryView {
  filters: { state: string | null; productId: string | null; runId: string | null };
  rows: HistoryRow[];
  nextCursor: string | null;
  previousCursor: string | null;
  stateChoices: Array<{ value: string; label: string }>;
}

/**
 * Ends a render whose job the service never finished (stalled, or past its maximum age): the app stops checking
 * and never sends it again. Posted to the render's own route (app.renders.$renderId, intent=stop-waiting).
 */
function StopWaitingModal({ row, onClose }: { row: HistoryRow; onClose: () => void }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const shopify = useAppBridge();
  const result = fetcher.data;
  useEffect(() => {
    if (result?.ok) {
      shopify.toast.show(result.message);
      onClose();
    }
  }, [result, shopify, onClose]);
  const busy = fetcher.state !== "idle";
  return (
    <Modal
      open
      title={`Stop waiting for "${row.productTitle}"?`}
      onClose={onClose}
      primaryAction={{
        content: "Stop waiting",
        destructive: true,
        loading: busy,
        onAction: () =>
          fetcher.submit({ intent: "stop-waiting" }, { method: "post", action: `/app/renders/${row.id}` }),
      }}
      secondaryActions={[{ content: "Keep waiting", onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">
            The try-on service has not finished this render. If you stop waiting, the app stops checking on it and never
            sends it again. Its credits ({row.costText.toLowerCase()}) may have been charged: the service's dashboard
            shows whether the job ran.
          </Text>
          {result && !result.ok ? (
            <Text as="p" tone="critical">
              {result.message}
            </Text>
          ) : null}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

/** Decides a render whose submit was never confirmed: it started (with its job id) or it did not. */
function ResolveModal({ row, onClose }: { row: HistoryRow; onClose: () => void }) {
  const fetcher = useFetcher<HistoryActionResult>();
  const shopify = useAppBridge();
  const [jobId, setJobId] = useState("");
  const result = fetcher.data;
  useEffect(() => {
    if (result?.ok) {
      shopify.toast.show(result.message);
      onClose();
    }
  }, [result, shopify, onClose]);
  const busy = fetcher.state !== "idle";
  return (
    <Modal
      open
      title={`Did "${row.productTitle}" start at the try-on service?`}
      onClose={onClose}
      primaryAction={{
        content: "It started: follow this job",
        disabled: !jobId.trim() || busy,
        loading: busy && fetcher.formData?.get("intent") === "resolve-started",
        onAction: () =>
          fetcher.submit({ intent: "resolve-started", renderId: row.id, externalJobId: jobId }, { method: "post" }),
      }}
      secondaryActions={[
        {
          content: "It never started",
          destructive: true,
          loading: busy && fetcher.formData?.get("intent") === "resolve-not-started",
          onAction: () => fetcher.submit({ intent: "resolve-not-started", renderId: row.id }, { method: "post" }),
        },
      ]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Text as="p">
            The service did not confirm this render, so the app did not send it again (that could pay twice). Look for a
            job started <TimeText at={row.submittedAt ?? row.createdAt} /> in the try-on service's dashboard.
          </Text>
          <TextField
            label="Job id from the dashboard"
            value={jobId}
            onChange={setJobId}
            autoComplete="off"
            error={result && !result.ok ? (result.fieldErrors.externalJobId ?? result.formError) : undefined}
          />
          <Text as="p" tone="subdued">
            If there is no such job, choose "It never started": the render is closed and its credits are not counted.
          </Text>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

export function HistoryPage({ view }: { view: HistoryView }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [resolving, setResolving] = useState<HistoryRow | null>(null);
  const [stopping, setStopping] = useState<HistoryRow | null>(null);
  const setFilter = (name: string, value: string | null) =>
    navigate(`?${withListFilter(searchParams, name, value).toString()}`);
  const filtered = Boolean(view.filters.state || view.filters.productId || view.filters.runId);
  const navigation = useNavigation();
  const pendingSearch =
    navigation.location?.pathname === "/app/history" ? new URLSearchParams(navigation.location.search) : null;
  const rows = rowsWhileFiltering(view.rows, searchParams, pendingSearch, FILTERABLE);

  return (
    <Page
      title="History"
      subtitle="Every render, newest first. Times are in the shop's time zone."
      backAction={{ content: "Home", url: "/app" }}
      fullWidth
    >
      <Card padding="0">
        <Box padding="300">
          <InlineStack gap="300" blockAlign="end">
            <Box minWidth="240px">
              <Select
                label="State"
                options={[{ value: "", label: "All states" }, ...view.stateChoices]}
                value={view.filters.state ?? ""}
                onChange={(value) => setFilter("state", value || null)}
              />
            </Box>
            {view.filters.productId ? <Tag onRemove={() => setFilter("productId", null)}>Only one product</Tag> : null}
            {view.filters.runId ? <Tag onRemove={() => setFilter("runId", null)}>Only one run</Tag> : null}
          </InlineStack>
        </Box>
        {rows.length === 0 ? (
          <EmptyState
            heading={filtered ? "No renders match" : "No renders yet"}
            image={EMPTY_STATE_IMAGE}
            action={{ content: "Generate for a product", url: "/app/generate" }}
          >
            <p>{filtered ? "Try another filter." : "Renders appear here as soon as they are queued."}</p>
          </EmptyState>
        ) : (
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
                      <Button variant="plain" onClick={() => setFilter("productId", row.productId)}>
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
                        <Button onClick={() => setResolving(row)}>Decide</Button>
                      </InlineStack>
                    ) : null}
                    {row.state === "stalled" ? (
                      <InlineStack>
                        <Button onClick={() => setStopping(row)}>Stop waiting</Button>
                      </InlineStack>
                    ) : null}
                  </BlockStack>
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        )}
        <Box padding="300">
          <CursorPagination previousCursor={view.previousCursor} nextCursor={view.nextCursor} onPage={setFilter} />
        </Box>
      </Card>
      {resolving ? <ResolveModal row={resolving} onClose={() => setResolving(null)} /> : null}
      {stopping ? <StopWaitingModal row={stopping} onClose={() => setStopping(null)} /> : null}
    </Page>
  );
}
