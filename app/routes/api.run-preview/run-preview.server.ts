import type { PrismaClient } from "@prisma/client";
import { encodeStaffMessage, messageKey } from "~/lib/staff-message";
import type { LookChoice } from "@model-shots/extension-shared/api";
import { describeListing } from "~/renders/runs/listing-progress";
import type { ListingProgress } from "~/renders/runs/plan-scope.server";
import type { PlanSummary } from "~/renders/runs/plan-summary";
import type { AdminRequest } from "~/web/admin-request.server";
import { readJsonBody, refusal, okAnswer } from "~/web/api-response.server";
import {
  runPreviewSchema,
  optionsForExtension,
  planForExtension,
  lookChoices,
  setupProblem,
  noOptionsRefusal,
} from "~/web/extension-api.server";

type Db = PrismaClient;

/** The run's estimate and skipped products, for the bulk actions to show before starting. */
export async function previewRunFromExtension(db: Db, admin: AdminRequest, request: Request) {
  const input = await readJsonBody(request, runPreviewSchema);
  if (!input.ok) return input.answer;
  const options = await optionsForExtension(db, admin.shop, input.data.lookId);
  if (!options) return noOptionsRefusal(input.data.lookId);
  const outcome = await planForExtension(db, admin, {
    scope: input.data.scope,
    options,
    regenerate: input.data.regenerate,
    candidates: input.data.candidates,
    perColour: input.data.perColour,
    garmentChoices: new Map(Object.entries(input.data.garmentChoices)),
  });
  const { choices, hasKey, paused } = await lookChoices(db, admin.shop);
  if (!outcome.ok && outcome.listing) {
    // A large collection read in the background: its progress as the bulk-run page's messages, worded in the
    // dialog's language by apiResponse (ADR 094), and the extension asks again. The counts stay beside the words
    // for extension bundles older than this answer.
    const { sentence, detail, progress } = describeListing(outcome.listing);
    return okAnswer<{
      listing: ListingProgress & { sentence: string; detail: string; progress?: number };
      looks: LookChoice[];
      problem: string | null;
      paused: string | null;
    }>({
      listing: {
        ...outcome.listing,
        sentence: encodeStaffMessage(sentence),
        detail: encodeStaffMessage(detail),
        ...(progress !== null ? { progress } : {}),
      },
      looks: choices,
      problem: setupProblem(hasKey, choices),
      paused,
    });
  }
  if (!outcome.ok) {
    const status = outcome.queueFull ? 409 : 400;
    return refusal(status, outcome.formError ?? messageKey("messages:api.selectionCannot"), outcome.fieldErrors);
  }
  return okAnswer<{ summary: PlanSummary; looks: LookChoice[]; problem: string | null; paused: string | null }>({
    summary: outcome.summary,
    looks: choices,
    problem: setupProblem(hasKey, choices),
    paused,
  });
}
