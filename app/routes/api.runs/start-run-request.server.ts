import type { PrismaClient } from "@prisma/client";
import { messageKey } from "~/lib/staff-message";
import { appQueueLimits, QueueFullError } from "~/renders/lifecycle/queue-renders.server";
import { budgetSchema } from "~/renders/runs/run-request";
import { readJsonBody, okAnswer, refusal } from "~/web/api-response.server";
import type { AdminRequest } from "~/web/admin-request.server";
import { runForRequestKey, startRun } from "~/renders/runs/start-run.server";
import {
  runPathFor,
  planForExtension,
  optionsForExtension,
  runPreviewSchema,
  noOptionsRefusal,
} from "~/web/extension-api.server";
import { requestKeySchema } from "~/web/forms";

type Db = PrismaClient;

const startRunSchema = runPreviewSchema.extend({
  requestKey: requestKeySchema,
  budgetCredits: budgetSchema.nullable().optional(),
});

/** Starts the run; the same requestKey always answers with the same run. */
export async function startRunFromExtension(db: Db, admin: AdminRequest, request: Request) {
  const input = await readJsonBody(request, startRunSchema);
  if (!input.ok) return input.answer;
  const { scope, lookId, regenerate, requestKey, candidates, perColour } = input.data;
  const budgetCredits = input.data.budgetCredits ?? null;
  const existing = await runForRequestKey(db, admin.shop, requestKey);
  if (existing) return okAnswer({ runId: existing.id, created: false, runPath: runPathFor(existing.id) });

  const options = await optionsForExtension(db, admin.shop, lookId);
  if (!options) return noOptionsRefusal(lookId);
  const outcome = await planForExtension(db, admin, {
    scope,
    options,
    regenerate,
    candidates,
    perColour,
    garmentChoices: new Map(Object.entries(input.data.garmentChoices)),
  });
  if (!outcome.ok) {
    const status = outcome.queueFull ? 409 : 400;
    return refusal(status, outcome.formError ?? messageKey("messages:api.selectionCannot"), outcome.fieldErrors);
  }
  if (outcome.plan.eligible.length === 0) return refusal(400, messageKey("messages:api.nothingRenderable"));
  if (budgetCredits !== null && budgetCredits < outcome.plan.creditsPerRender) {
    return refusal(400, messageKey("messages:api.budgetTooSmall"), {
      budgetCredits: messageKey("messages:api.oneRenderCosts", { count: outcome.plan.creditsPerRender }),
    });
  }
  try {
    const { run, created } = await startRun(db, {
      shop: admin.shop,
      plan: outcome.plan,
      options,
      scope: outcome.scopeRecord,
      budgetCredits,
      requestKey,
      createdBy: admin.staff,
      limits: appQueueLimits(),
    });
    return okAnswer({ runId: run.id, created, runPath: runPathFor(run.id), estimateCredits: run.estimateCredits });
  } catch (error) {
    // The plan had room; the queue filled up since (another request, another tab): refused like the plan would be.
    if (error instanceof QueueFullError) return refusal(409, error.message);
    throw error;
  }
}
