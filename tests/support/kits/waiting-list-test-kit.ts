import { sql } from "drizzle-orm";
import type { WaitingListStatus } from "#contract/waiting-list.ts";
import { bookingFunctions } from "#server/modules/bookings/bookings.functions.ts";
import { holdFunctions } from "#server/modules/holds/holds.functions.ts";
import { buyerCancellationFunctions } from "#server/modules/orders/buyer-cancellation.functions.ts";
import { waitingListFunctions } from "#server/modules/waiting-list/waiting-list.functions.ts";
import { offerReleasedTickets } from "#server/modules/waiting-list/waiting-list-worker.ts";
import { createRegistry } from "#server/platform/callable/registry.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { viewerFunctions } from "#server/steps/viewer.ts";
import type { TestDatabase } from "#tests/support/databases.ts";
import { newKey } from "#tests/support/kits/holds-test-kit.ts";
import { functionContext, type ProfileTestKit } from "#tests/support/kits/profile-test-kit.ts";

const registry = createRegistry([
  ...waitingListFunctions,
  ...holdFunctions,
  ...bookingFunctions,
  ...buyerCancellationFunctions,
  ...viewerFunctions,
]);

export type Refusal = { status?: string; message?: string; details?: unknown };

/** Calls as a person, the way the pages do (through the registry, with its checks). */
export function waitingListCalls(database: TestDatabase, kit: ProfileTestKit) {
  // biome-ignore lint/suspicious/noExplicitAny: each test checks the shape it needs
  const call = (userId: string, name: string, data: unknown): Promise<any> =>
    registry.invoke(
      name,
      data,
      functionContext(kit.services, { userId, sessionId: "s1", roles: [] }),
    );
  const fail = (userId: string, name: string, data: unknown): Promise<Refusal> =>
    call(userId, name, data).then(
      (result) => {
        throw new Error(`expected a refusal, got ${JSON.stringify(result)}`);
      },
      (error: Refusal) => ({
        status: error.status,
        message: error.message,
        details: error.details,
      }),
    );
  const deps = { messages: kit.services.messages, publicUrl: kit.services.settings.PUBLIC_URL };
  return {
    call,
    fail,
    deps,
    tick: () => offerReleasedTickets(database.db, deps),
    join: (userId: string, ticketTypeId: string, quantity = 1) =>
      call(userId, "waitingList.join", { ticketTypeId, quantity }),
    hold: (userId: string, eventId: string, ticketTypeId: string, quantity = 1) =>
      call(userId, "holds.create", {
        eventId,
        items: [{ ticketTypeId, quantity }],
        idempotencyKey: newKey(),
      }),
    confirm: (userId: string, holdId: string, quantity = 1) =>
      call(userId, "bookings.confirm", {
        holdId,
        attendees: Array.from({ length: quantity }, (_, i) => ({ name: `Guest ${i + 1}` })),
        idempotencyKey: newKey(),
      }),
  };
}

export type EntryRow = {
  id: string;
  user_id: string;
  status: WaitingListStatus;
  hold_id: string | null;
  offered_quantity: number | null;
  offer_expires_at: string | Date | null;
  offered_by_hand: boolean;
};

/** An entry as stored. */
export async function entryOf(db: Executor, entryId: string): Promise<EntryRow> {
  const [row] = await rowsOf<EntryRow>(
    db,
    sql`select id, user_id, status, hold_id, offered_quantity, offer_expires_at, offered_by_hand
      from waiting_list_entries where id = ${entryId}`,
  );
  if (!row) throw new Error(`no entry ${entryId}`);
  return row;
}

/** A hold as stored. */
export async function holdOf(db: Executor, holdId: string) {
  const [row] = await rowsOf<{ user_id: string; status: string; expires_at: string | Date }>(
    db,
    sql`select user_id, status, expires_at from holds where id = ${holdId}`,
  );
  if (!row) throw new Error(`no hold ${holdId}`);
  return row;
}

/** The person's notifications of one kind. */
export async function noticesOf(db: Executor, userId: string, kind: string) {
  return rowsOf<{ title: string; body: string; link: string | null }>(
    db,
    sql`select title, body, link from notifications where user_id = ${userId} and kind = ${kind}`,
  );
}
