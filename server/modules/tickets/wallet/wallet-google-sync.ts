import { sql } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { walletGoogleObjects } from "../tickets.schema.ts";
import type { GoogleWalletApi } from "./google-wallet-api.ts";

const SYNC_BATCH = 100;

/** Notes a Google object a save link was made for, so it can be closed later. */
export async function noteGoogleObject(
  db: Executor,
  object: { objectId: string; ticketId: string; generation: number },
): Promise<void> {
  await db.insert(walletGoogleObjects).values(object).onConflictDoNothing();
}

/**
 * Closes (INACTIVE) the saved Google objects of tickets passed on since (an older
 * generation) or no longer valid; one Google did not take stays open for the next round.
 * Two instances may both close one object: setting INACTIVE twice is harmless.
 * Returns how many were closed.
 */
export async function closeStaleGoogleObjects(
  db: Executor,
  api: GoogleWalletApi,
  batch = SYNC_BATCH,
): Promise<number> {
  const stale = await rowsOf<{ object_id: string }>(
    db,
    sql`select o.object_id from wallet_google_objects o join tickets k on k.id = o.ticket_id
      where o.closed_at is null and (o.generation < k.generation or k.status <> 'valid')
      limit ${batch}`,
  );
  let closed = 0;
  for (const { object_id } of stale) {
    const done = await api.closeObject(object_id).catch(() => false);
    if (!done) continue;
    await db.execute(
      sql`update wallet_google_objects set closed_at = now() where object_id = ${object_id}`,
    );
    closed++;
  }
  return closed;
}
