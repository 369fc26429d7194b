import { sql } from "drizzle-orm";
import type { InvoiceKind } from "#contract/invoice-view.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

/**
 * Takes the next number of a business's invoices or credit notes, in the issuing
 * transaction. The counter row stays locked until that transaction ends: a concurrent
 * issue waits on it, then reads the committed value (or the same one again when this
 * transaction rolled back), so the numbers have no gaps and no repeats. The first issue
 * of a business inserts the row; a concurrent first insert waits on its primary key.
 */
export async function takeInvoiceNumber(
  tx: Executor,
  businessId: string,
  kind: InvoiceKind,
): Promise<number> {
  const [row] = await rowsOf<{ number: number }>(
    tx,
    sql`insert into invoice_counters (business_id, kind, next_number)
        values (${businessId}::uuid, ${kind}, 2)
        on conflict (business_id, kind)
          do update set next_number = invoice_counters.next_number + 1
        returning next_number - 1 as number`,
  );
  if (!row) throw new Error("no invoice number taken");
  return Number(row.number);
}
