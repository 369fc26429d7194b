import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { walletDeviceRegistrations } from "../tickets.schema.ts";
import { lastUpdatedSql } from "./wallet-ticket.ts";

type Registration = { deviceLibraryId: string; passTypeId: string; ticketId: string };

/** Registers a device for a pass; true when it is new (Apple wants 201 then, 200 after). */
export async function rememberDevice(
  db: Executor,
  registration: Registration & { pushToken: string },
): Promise<boolean> {
  const rows = await db
    .insert(walletDeviceRegistrations)
    .values(registration)
    .onConflictDoUpdate({
      target: [
        walletDeviceRegistrations.deviceLibraryId,
        walletDeviceRegistrations.passTypeId,
        walletDeviceRegistrations.ticketId,
      ],
      set: { pushToken: registration.pushToken, pushedAt: sql`now()` },
    })
    .returning({ fresh: sql<boolean>`xmax = 0` });
  return Boolean(rows[0]?.fresh);
}

export async function forgetDevice(db: Executor, registration: Registration): Promise<void> {
  await db
    .delete(walletDeviceRegistrations)
    .where(
      and(
        eq(walletDeviceRegistrations.deviceLibraryId, registration.deviceLibraryId),
        eq(walletDeviceRegistrations.passTypeId, registration.passTypeId),
        eq(walletDeviceRegistrations.ticketId, registration.ticketId),
      ),
    );
}

/**
 * The passes of a device that changed after `since` (a tag we gave before: microseconds
 * since 1970, exact to PostgreSQL's clock, so a change in the same millisecond is not lost),
 * and the tag for next time.
 */
export async function ticketsUpdatedSince(
  db: Executor,
  query: { deviceLibraryId: string; passTypeId: string; since: string | null },
): Promise<{ serialNumbers: string[]; lastUpdated: string }> {
  const rows = await rowsOf<{ id: string; tag: string }>(
    db,
    sql`select k.id, (extract(epoch from ${lastUpdatedSql}) * 1000000)::bigint::text as tag
      from wallet_device_registrations r
        join tickets k on k.id = r.ticket_id
        join events e on e.id = k.event_id
      where r.device_library_id = ${query.deviceLibraryId} and r.pass_type_id = ${query.passTypeId}`,
  );
  const since = query.since === null ? null : BigInt(query.since);
  const updated = rows.filter((row) => since === null || BigInt(row.tag) > since);
  const latest = updated.reduce((max, row) => (BigInt(row.tag) > max ? BigInt(row.tag) : max), 0n);
  return { serialNumbers: updated.map((row) => row.id), lastUpdated: String(latest) };
}
