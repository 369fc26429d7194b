import { sql } from "drizzle-orm";
import { isUuid } from "#contract/uuid.ts";
import type { WaitingListEntryView } from "#contract/waiting-list.ts";
import { requireOwnedEvent } from "#server/modules/events/event-ownership.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Database } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { entryRows, entryView } from "./list-overview.ts";
import type { NoticeDeps } from "./offer-notices.ts";
import { holdsTickets, lockType, offerEntry, type WaitingEntry } from "./offer-tickets.ts";

const refused = (reason: string, message: string) =>
  new FunctionError("FAILED_PRECONDITION", message, { reason });

/**
 * The organiser offers tickets to one waiting entry now, out of the line's order
 * (`waitingList.offer`, the event's owner only): min(asked, free). Locks as the tick does
 * (the type's row, then the entry), so the two never give the same ticket twice.
 */
export async function offerByHand(
  db: Database,
  userId: string,
  entryId: string,
  deps: NoticeDeps,
): Promise<WaitingListEntryView> {
  const notFound = new FunctionError("NOT_FOUND", "Waiting list entry not found.");
  if (!isUuid(entryId)) throw notFound;
  // Found only among the caller's own events: anyone else's entry is unknown to them.
  const [found] = await rowsOf<{ event_id: string; ticket_type_id: string }>(
    db,
    sql`select w.event_id, w.ticket_type_id from waiting_list_entries w
      join events e on e.id = w.event_id join businesses b on b.id = e.business_id
      where w.id = ${entryId} and b.owner_id = ${userId}`,
  );
  if (!found) throw notFound;
  // The owner check every owner function makes (a suspended business is refused).
  await requireOwnedEvent(db, userId, found.event_id);
  await db.transaction(async (tx) => {
    const type = await lockType(tx, found.ticket_type_id);
    if (!type) throw notFound;
    if (type.event_status === "cancelled")
      throw refused("event-cancelled", "This event was cancelled.");
    if (type.ended) throw refused("event-ended", "This event has ended.");
    const [entry] = await rowsOf<WaitingEntry & { status: string }>(
      tx,
      sql`select id, user_id, quantity, status from waiting_list_entries
        where id = ${entryId} for update`,
    );
    if (!entry) throw notFound;
    if (entry.status !== "waiting") {
      throw refused("not-waiting", "This person is no longer waiting.");
    }
    if (type.capacity - type.taken <= 0) {
      throw refused(
        "no-free-tickets",
        `No tickets of ${type.name} are free to offer. Raise its capacity first.`,
      );
    }
    const holds = () =>
      refused(
        "holds-tickets",
        "This person is choosing tickets for the event right now. Try again in a few minutes.",
      );
    if (await holdsTickets(tx, entry.user_id, type.event_id)) throw holds();
    const offer = await offerEntry(tx, type, entry, { byHand: true, deps });
    if (!offer) throw holds();
  });
  const [row] = await entryRows(db, sql`w.id = ${entryId}`);
  if (!row) throw notFound;
  return entryView(row);
}
