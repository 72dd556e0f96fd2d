// Folios from the company's CAF ranges. A folio is taken inside the transaction that moves the document from draft
// to 'sending', under the row locks of the type's ranges (taken in folio order, so two issuers never deadlock): a
// concurrent issuer waits for the COMMIT and then gets the next folio, a rolled-back transaction gives its folio back
// (the range's next_folio update rolls back with it), and the unique index (company, type, folio) refuses a second
// use whatever the code does. The provider is called only after that COMMIT (issue-document.ts says why).
import { dteTypeName, FOLIOS_LOW_THRESHOLD } from "@taller/core";
import { queryRows, type Db } from "@taller/db";
import { TRPCError } from "@taller/trpc";
import { sql } from "drizzle-orm";

interface RangeRow {
  id: number;
  first_folio: number;
  last_folio: number;
  next_folio: number;
  caf_xml: string;
}

/** The next folio of the type and its CAF; CONFLICT in Spanish when every range is used up. Inside a transaction. */
export async function takeFolio(db: Db, companyId: number, dteType: number): Promise<{ folio: number; caf: string }> {
  const ranges = await queryRows<RangeRow>(
    db,
    sql`SELECT id, first_folio, last_folio, next_folio, caf_xml FROM invoice_folio_ranges
        WHERE company_id = ${companyId} AND dte_type = ${dteType} ORDER BY first_folio FOR UPDATE`,
  );
  const range = ranges.find((r) => r.next_folio <= r.last_folio);
  if (!range)
    throw new TRPCError({
      code: "CONFLICT",
      message: `No quedan folios autorizados para ${dteTypeName(dteType)}: sube un nuevo CAF del SII antes de emitir`,
    });
  await db.execute(sql`UPDATE invoice_folio_ranges SET next_folio = next_folio + 1 WHERE id = ${range.id}`);
  return { folio: range.next_folio, caf: range.caf_xml };
}

/** The CAF a folio came from (a retry sends the same one). */
export async function cafOf(db: Db, companyId: number, dteType: number, folio: number): Promise<string> {
  const [row] = await queryRows<{ caf_xml: string }>(
    db,
    sql`SELECT caf_xml FROM invoice_folio_ranges WHERE company_id = ${companyId} AND dte_type = ${dteType}
          AND ${folio} BETWEEN first_folio AND last_folio`,
  );
  return row?.caf_xml ?? "";
}

export interface FolioStock {
  dte_type: number;
  /** Folios still to give, over every range of the type. */
  left: number;
  /** Fewer than FOLIOS_LOW_THRESHOLD left: the screens warn. */
  low: boolean;
  ranges: { id: number; first_folio: number; last_folio: number; next_folio: number; authorized_on: string | null }[];
}

/** Folios left per document type the company has ranges for. */
export async function folioStock(db: Db, companyId: number): Promise<FolioStock[]> {
  const rows = await queryRows<FolioStock["ranges"][number] & { dte_type: number }>(
    db,
    sql`SELECT id, dte_type, first_folio, last_folio, next_folio, authorized_on::text AS authorized_on
        FROM invoice_folio_ranges WHERE company_id = ${companyId} ORDER BY dte_type, first_folio`,
  );
  const byType = new Map<number, FolioStock>();
  for (const { dte_type, ...range } of rows) {
    const stock = byType.get(dte_type) ?? { dte_type, left: 0, low: false, ranges: [] };
    stock.left += range.last_folio - range.next_folio + 1;
    stock.ranges.push(range);
    byType.set(dte_type, stock);
  }
  return [...byType.values()].map((s) => ({ ...s, low: s.left < FOLIOS_LOW_THRESHOLD }));
}
