import { randomUUID } from "node:crypto";
import { alertOnSellThrough } from "#server/modules/alerts/system-alerts.ts";
import { confirmHold } from "#server/modules/bookings/confirm-booking.ts";
import { holdTickets } from "#server/modules/holds/hold-tickets.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import { type DemoGuest, demoName } from "./demo-guests.ts";

/** Who books, and the names on the tickets (the first is the booker's own). */
export type DemoBooking = {
  userId: string;
  eventId: string;
  ticketTypeId: string;
  attendees: string[];
};

/** The demo books as a buyer does: a hold, then its confirmation (pay at the venue). */
export type DemoBooker = {
  book(booking: DemoBooking): Promise<void>;
};

/**
 * Books through the same functions as the checkout (holds.create, bookings.confirm), in
 * the seed's transaction: the tickets, the counters, the bookings and the notifications
 * are the ones a real sale makes, so the console, the report and the desk agree (and the
 * door team hears of its events selling out, as it would). Holds are not batched (a batch
 * runs outside this transaction); no message service: an email a booking sends waits in
 * the outbox for the delivery sweep (decision 005).
 */
export function demoBooker(tx: Executor, publicUrl: string): DemoBooker {
  // The services take a database handle; inside the seed, everything must go through the
  // transaction's (on PGlite, the handle itself would wait for this transaction forever).
  const db = tx as unknown as Database;
  // NODE_ENV only switches the tests' pause inside a confirm: never wanted here.
  const settings = {
    PUBLIC_URL: publicUrl,
    NODE_ENV: "production" as const,
    TEST_CONFIRM_PAUSE_MS: 0,
    // No message service in the seed (messages: null), so no email link is ever signed.
    APP_SECRET: "",
  };
  // As holds.create: the door teams hear of a ticket type crossing 90 % and 100 %.
  const inventory = {
    db,
    holdMinutes: 10,
    batching: false,
    nearFull: async (ids: string[]) => void (await alertOnSellThrough(db, ids)),
  };
  return {
    async book(booking) {
      const hold = await holdTickets(inventory, booking.userId, {
        eventRef: booking.eventId,
        lines: [{ ticketTypeId: booking.ticketTypeId, quantity: booking.attendees.length }],
        idempotencyKey: randomUUID(),
      });
      await confirmHold({ db, messages: null, settings }, booking.userId, {
        holdId: hold.id,
        attendees: booking.attendees.map((name) => ({ name })),
        idempotencyKey: randomUUID(),
      });
    },
  };
}

/** Tickets per booking, in turn: couples, families, groups of friends (at most ten an order). */
const partySizes = [6, 10, 4, 8, 10, 2, 7, 10, 5, 9];

/**
 * Splits each ticket type's sales into bookings by the demo's guests, in turn: the guest's
 * own name on the first ticket, made-up names on the others (the desk's search finds them).
 */
export function demoBookingPlanner(guests: readonly DemoGuest[]) {
  let bookings = 0;
  let names = guests.length;
  return (eventId: string, ticketTypeId: string, tickets: number): DemoBooking[] => {
    const planned: DemoBooking[] = [];
    for (let left = tickets; left > 0; bookings++) {
      const guest = guests[bookings % guests.length] as DemoGuest;
      const size = Math.min(left, partySizes[bookings % partySizes.length] as number);
      const others = Array.from({ length: size - 1 }, () => demoName(names++));
      planned.push({ userId: guest.id, eventId, ticketTypeId, attendees: [guest.name, ...others] });
      left -= size;
    }
    return planned;
  };
}
