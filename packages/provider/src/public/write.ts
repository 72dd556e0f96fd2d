// The supplier's writes: autosave and the final send share one way to apply the form, under the document's row lock.
import { PROVIDER_TEXTS, providerAbilities, type ProviderSaveInput } from "@taller/core";
import { intArray, queryRows } from "@taller/db";
import { fieldError, userError, type Transaction } from "@taller/trpc";
import { sql } from "drizzle-orm";
import { lockAction, type ActionRow } from "../action";

/** The locked document, refused when its state blocks the supplier's writes (the link is spent for writing). */
export async function lockForWrite(
  tx: Transaction,
  companyId: number,
  id: number,
  what: "save" | "send",
): Promise<ActionRow> {
  const row = await lockAction(tx.db, companyId, id);
  const abilities = providerAbilities(row);
  if (what === "save" ? !abilities.canSave : !abilities.canSend) throw userError("CONFLICT", PROVIDER_TEXTS.locked);
  return row;
}

/** Writes what the form carries (absent fields stay as they are). */
export async function applyForm(
  tx: Transaction,
  companyId: number,
  row: ActionRow,
  input: Omit<ProviderSaveInput, "token">,
) {
  if (input.warehouse_id != null) {
    const [warehouse] = await queryRows<{ id: number }>(
      tx.db,
      sql`SELECT id FROM warehouses WHERE company_id = ${companyId} AND id = ${input.warehouse_id}`,
    );
    if (!warehouse) throw fieldError("BAD_REQUEST", "warehouse_id", PROVIDER_TEXTS.unknownWarehouse);
  }
  const lines = input.inventory_action_products_attributes;
  if (lines?.length) {
    // The workshop decides a buy order's lines; the supplier answers a pricing's.
    if (row.kind !== "pricing")
      throw fieldError("BAD_REQUEST", "inventory_action_products_attributes", PROVIDER_TEXTS.unknownLine);
    const ids = lines.map((l) => l.id);
    if (new Set(ids).size !== ids.length)
      throw fieldError("BAD_REQUEST", "inventory_action_products_attributes", PROVIDER_TEXTS.unknownLine);
    const owned = await queryRows<{ id: number }>(
      tx.db,
      sql`SELECT id FROM provider_action_products WHERE company_id = ${companyId} AND action_id = ${row.id} AND id = ANY (${intArray(ids)})`,
    );
    if (owned.length !== ids.length)
      throw fieldError("BAD_REQUEST", "inventory_action_products_attributes", PROVIDER_TEXTS.unknownLine);
    const values = lines.map(
      (l) => sql`(${l.id}::int, ${l.quantity}::int, ${l.price ?? null}::int, ${l._destroy ?? false}::boolean)`,
    );
    await tx.db.execute(
      sql`UPDATE provider_action_products l SET quantity = v.quantity, price = v.price, removed = v.removed
          FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, quantity, price, removed)
          WHERE l.company_id = ${companyId} AND l.action_id = ${row.id} AND l.id = v.id`,
    );
  }
  const set = [sql`updated_at = now()`];
  if (input.comment !== undefined) set.push(sql`comment = ${input.comment || null}`);
  if (input.estimated_completion_date !== undefined)
    set.push(sql`estimated_completion_date = ${input.estimated_completion_date}::date`);
  if (input.expiration_date !== undefined) set.push(sql`expiration_date = ${input.expiration_date}::date`);
  if (input.warehouse_id !== undefined) set.push(sql`warehouse_id = ${input.warehouse_id}`);
  await tx.db.execute(
    sql`UPDATE provider_actions SET ${sql.join(set, sql`, `)} WHERE company_id = ${companyId} AND id = ${row.id}`,
  );
}
