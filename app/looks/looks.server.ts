import { type Prisma, type PrismaClient } from "@prisma/client";
import { z } from "zod";
import { renderOptionsSchema, type RenderOptions } from "./render-options";
import { messageKey } from "~/lib/staff-message";

/**
 * Looks: named sets of render options (model, pose, background and the rest) saved once and reused, so a whole
 * season's products wear the same model. One name per shop; saving under an existing name updates that look.
 */

type Db = Pick<PrismaClient, "look">;

export const MAX_LOOKS_PER_SHOP = 100;

export const lookNameSchema = z
  .string({ error: messageKey("messages:field.lookName") })
  .trim()
  .min(1, messageKey("messages:field.lookName"))
  .max(60, messageKey("messages:field.lookNameTooLong", { max: 60 }));

export interface LookView {
  id: string;
  name: string;
  options: RenderOptions;
  updatedAt: string;
}

export async function listLooks(db: Db, shop: string): Promise<LookView[]> {
  const rows = await db.look.findMany({ where: { shop }, orderBy: { name: "asc" }, take: MAX_LOOKS_PER_SHOP });
  // A look whose stored options no longer parse (an option the service dropped) is hidden, not fatal.
  return rows.flatMap((row) => {
    const options = renderOptionsSchema.safeParse(row.options);
    return options.success
      ? [{ id: row.id, name: row.name, options: options.data, updatedAt: row.updatedAt.toISOString() }]
      : [];
  });
}

export async function findLook(db: Db, shop: string, lookId: string): Promise<LookView | null> {
  const row = await db.look.findFirst({ where: { id: lookId, shop } });
  if (!row) return null;
  const options = renderOptionsSchema.safeParse(row.options);
  return options.success
    ? { id: row.id, name: row.name, options: options.data, updatedAt: row.updatedAt.toISOString() }
    : null;
}

export type SaveLookResult = { ok: true; look: LookView; created: boolean } | { ok: false; error: string };

export async function saveLook(
  db: Db,
  shop: string,
  input: { name: string; options: RenderOptions },
): Promise<SaveLookResult> {
  const name = lookNameSchema.parse(input.name);
  const options = renderOptionsSchema.parse(input.options) as unknown as Prisma.InputJsonValue;
  const existing = await db.look.findUnique({ where: { shop_name: { shop, name } } });
  if (!existing && (await db.look.count({ where: { shop } })) >= MAX_LOOKS_PER_SHOP) {
    return { ok: false, error: `A shop can keep ${MAX_LOOKS_PER_SHOP} looks. Delete one you no longer use first.` };
  }
  const row = await db.look.upsert({
    where: { shop_name: { shop, name } },
    create: { shop, name, options },
    update: { options },
  });
  return {
    ok: true,
    created: !existing,
    look: {
      id: row.id,
      name: row.name,
      options: renderOptionsSchema.parse(row.options),
      updatedAt: row.updatedAt.toISOString(),
    },
  };
}

/** Deletes one of the shop's looks; another shop's id deletes nothing. */
export async function deleteLook(db: Db, shop: string, lookId: string): Promise<boolean> {
  const result = await db.look.deleteMany({ where: { id: lookId, shop } });
  return result.count === 1;
}
