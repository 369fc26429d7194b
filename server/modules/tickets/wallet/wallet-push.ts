import { sql } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import type { ApnsClient } from "./apns-client.ts";
import { lastUpdatedSql } from "./wallet-ticket.ts";

const PUSH_BATCH = 200;

type Due = {
  device_library_id: string;
  pass_type_id: string;
  ticket_id: string;
  push_token: string;
  before: string | Date;
};

/**
 * Pushes every registered device whose pass changed since its last push (given away,
 * cancelled, event moved: `lastUpdatedSql` sees them all, so no writer has to call this).
 * Rows are claimed first (`skip locked`, so instances share the work); a push that does
 * not get through hands its row back for the next round; a device APNs no longer knows
 * (410) is forgotten. Returns how many pushes APNs accepted.
 */
export async function pushWalletUpdates(
  db: Executor,
  apns: ApnsClient,
  batch = PUSH_BATCH,
): Promise<number> {
  const due = await rowsOf<Due>(
    db,
    sql`with due as (
        select r.device_library_id, r.pass_type_id, r.ticket_id, r.pushed_at as before,
          ${lastUpdatedSql} as tag
        from wallet_device_registrations r
          join tickets k on k.id = r.ticket_id
          join events e on e.id = k.event_id
        where ${lastUpdatedSql} > r.pushed_at
        limit ${batch}
        for update of r skip locked)
      update wallet_device_registrations r set pushed_at = due.tag
      from due
      where r.device_library_id = due.device_library_id and r.pass_type_id = due.pass_type_id
        and r.ticket_id = due.ticket_id
      returning r.device_library_id, r.pass_type_id, r.ticket_id, r.push_token, due.before`,
  );
  let accepted = 0;
  for (const row of due) {
    const where = sql`device_library_id = ${row.device_library_id}
      and pass_type_id = ${row.pass_type_id} and ticket_id = ${row.ticket_id}::uuid`;
    const answer = await apns.push(row.push_token, row.pass_type_id).catch(() => null);
    if (answer?.status === 200) {
      accepted++;
    } else if (answer?.status === 410) {
      await db.execute(sql`delete from wallet_device_registrations where ${where}`);
    } else {
      await db.execute(
        sql`update wallet_device_registrations set pushed_at = ${new Date(row.before)} where ${where}`,
      );
    }
  }
  return accepted;
}
