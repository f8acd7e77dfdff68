import { z } from "zod";
import { messageKey } from "~/lib/staff-message";
import { RESOLUTIONS } from "~/tryon/wire";
import { checkbox } from "~/web/forms";

const MAX_LIST_ENTRIES = 50;
const MAX_NAME_LENGTH = 80;
const MAX_BUDGET = 10_000_000;

/** A comma-separated list as staff type it: trimmed, empty entries dropped, at most 50. */
const list = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim())
      .filter((item) => item.length > 0),
  )
  .pipe(
    z
      .array(z.string().max(255))
      .max(MAX_LIST_ENTRIES, messageKey("automation:errors.tooManyEntries", { max: MAX_LIST_ENTRIES })),
  );

const categoryIds = list.transform((ids) =>
  ids.map((id) => (id.startsWith("gid://") ? id : `gid://shopify/TaxonomyCategory/${id}`)),
);

const wholeNumber = messageKey("automation:errors.wholeNumber", { max: MAX_BUDGET });
/** A budget in credits as typed: empty is no limit. */
const budget = z
  .string()
  .default("")
  .transform((value) => (value.trim() === "" ? null : Number(value)))
  .pipe(z.number({ error: wholeNumber }).int(wholeNumber).min(0, wholeNumber).max(MAX_BUDGET, wholeNumber).nullable());

const candidatesRange = messageKey("automation:errors.candidatesRange", { min: 1, max: 4 });

/** The rule form as posted (save and preview both read it). */
export const ruleFormSchema = z.object({
  ruleId: z.string().max(64).optional().default(""),
  name: z
    .string()
    .trim()
    .min(1, messageKey("automation:errors.nameMissing"))
    .max(MAX_NAME_LENGTH, messageKey("automation:errors.nameTooLong", { max: MAX_NAME_LENGTH })),
  collectionId: z
    .string()
    .default("")
    .refine(
      (value) => value === "" || /^gid:\/\/shopify\/Collection\/\d+$/.test(value),
      messageKey("automation:errors.collectionAgain"),
    ),
  collectionTitle: z.string().max(255).default(""),
  categoryIds,
  productTypes: list,
  tags: list,
  vendors: list,
  lookId: z.string().max(64).default(""),
  resolution: z.enum(RESOLUTIONS, { error: messageKey("automation:errors.resolution") }),
  candidates: z.coerce
    .number({ error: candidatesRange })
    .int(candidatesRange)
    .min(1, candidatesRange)
    .max(4, candidatesRange),
  monthlyBudgetCredits: budget,
  enabled: checkbox,
});
export type RuleForm = z.output<typeof ruleFormSchema>;

/** What a rule would have done needs no name yet: staff try a rule out before naming it. */
export const rulePreviewFormSchema = ruleFormSchema.omit({ name: true });
export const ruleNameFormSchema = ruleFormSchema.pick({ name: true });

export const shopBudgetFormSchema = z.object({ shopBudgetCredits: budget });

export const toggleFormSchema = z.object({ ruleId: z.string().min(1).max(64), enabled: checkbox });

export const deleteFormSchema = toggleFormSchema.pick({ ruleId: true });

export const INTENTS = ["save", "preview", "toggle", "delete", "shop-budget"] as const;
export const intentSchema = z.enum(INTENTS, { error: messageKey("automation:messages.notFound") });
