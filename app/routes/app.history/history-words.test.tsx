import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { UiLocale } from "~/i18n/locales";
import { WithTranslations } from "~/i18n/WithTranslations";
import { useCostText } from "./history-cost-text";
import { HistoryFilters } from "./HistoryFilters";
import { problemTextOf } from "./history-problem";

const render = (node: React.ReactNode, locale: UiLocale = "en") =>
  renderToString(
    <WithTranslations locale={locale}>
      <AppProvider i18n={en}>{node}</AppProvider>
    </WithTranslations>,
  );

type CostRow = Parameters<ReturnType<typeof useCostText>>[0];
function Cost({ row }: { row: CostRow }) {
  return <span>{useCostText()(row)}</span>;
}

describe("History's words", () => {
  it("says what a render cost in the staff member's language", () => {
    const refunded: CostRow = { creditsCost: 5, creditsCharged: 5, creditsRefunded: 5, state: "failed" };
    expect(render(<Cost row={refunded} />)).toContain("5 credits charged, 5 refunded");
    expect(render(<Cost row={refunded} />, "de")).toContain("5 Credits berechnet, 5 erstattet");
    const queued: CostRow = { creditsCost: 1, creditsCharged: 0, creditsRefunded: 0, state: "queued" };
    expect(render(<Cost row={queued} />)).toContain("1 credit when it starts");
    const rejected: CostRow = { creditsCost: 5, creditsCharged: 0, creditsRefunded: 0, state: "rejected" };
    expect(render(<Cost row={rejected} />, "ja")).toContain("請求なし");
  });

  it("offers every state by its name in the language of states.json", () => {
    const filters = { state: null, productId: "gid://shopify/Product/1", runId: null };
    const html = render(
      <HistoryFilters filters={filters} stateChoices={["failed", "in_review"]} onFilter={() => undefined} />,
      "fr",
    );
    expect(html).toContain("Tous les états");
    expect(html).toContain("Prêt pour la révision");
    expect(html).toContain("Un seul produit");
  });

  it("keeps a stored reason, and gives an error code without one its words by key", () => {
    expect(problemTextOf({ errorCode: "failed_by_service", errorMessage: null })).toBe(
      "history:errorCodes.failed_by_service",
    );
    expect(problemTextOf({ errorCode: "something_new", errorMessage: null })).toBe("history:errorCodes.unknown");
    expect(problemTextOf({ errorCode: null, errorMessage: "It ended.. Its 5 credits were refunded." })).toBe(
      "It ended. Its 5 credits were refunded.",
    );
    expect(problemTextOf({ errorCode: "x", errorMessage: "messages:render.failed?detail=a..b" })).toBe(
      "messages:render.failed?detail=a..b",
    );
  });
});
