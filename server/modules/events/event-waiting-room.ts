import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  DEFAULT_CHECKOUT_CAPACITY,
  MAX_CHECKOUT_CAPACITY,
  type WaitingRoomSettings,
} from "#contract/waiting-room.ts";
import { fieldError } from "#server/platform/callable/function-error.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import { idInput } from "./event-input.ts";
import { assertNotCancelled, requireOwnedEvent } from "./event-ownership.ts";
import { eventWaitingRooms } from "./events.schema.ts";
import { fromLocalInput, toLocalInput } from "./zoned-time.ts";

/** The organiser's form (decision 033): the sale's start in the event's own zone. */
export const waitingRoomInput = z.object({
  eventId: idInput,
  enabled: z.boolean("Choose whether the waiting room is on."),
  saleStartsLocal: z
    .string()
    .trim()
    .min(1, "Enter when the sale opens.")
    .max(16, "Enter a date and time like 2026-12-05T10:00."),
  checkoutCapacity: z
    .number("Enter how many buyers may choose tickets at once.")
    .int("Enter a whole number.")
    .min(1, "At least 1 buyer at a time.")
    .max(MAX_CHECKOUT_CAPACITY, `At most ${MAX_CHECKOUT_CAPACITY.toLocaleString("en")} at a time.`)
    .default(DEFAULT_CHECKOUT_CAPACITY),
});

type Row = typeof eventWaitingRooms.$inferSelect;

const settingsView = (row: Row, timeZone: string): WaitingRoomSettings => ({
  enabled: row.enabled,
  saleStartsAt: row.saleStartsAt.toISOString(),
  saleStartsLocal: toLocalInput(row.saleStartsAt, timeZone),
  checkoutCapacity: row.checkoutCapacity,
});

/** The event's waiting room settings, or null when it never had one. */
export async function waitingRoomSettings(
  db: Executor,
  eventId: string,
  timeZone: string,
): Promise<WaitingRoomSettings | null> {
  const [row] = await db
    .select()
    .from(eventWaitingRooms)
    .where(eq(eventWaitingRooms.eventId, eventId));
  return row ? settingsView(row, timeZone) : null;
}

/**
 * Turns an event's waiting room on or off (`events.setWaitingRoom`, its owner only). The
 * start is refused in the past when turning it on, so nobody is drawn by surprise; turning
 * it off keeps the places, and turning it on again finds them.
 */
export async function setWaitingRoom(
  db: Database,
  userId: string,
  input: z.output<typeof waitingRoomInput>,
): Promise<WaitingRoomSettings> {
  return db.transaction(async (tx) => {
    const { event } = await requireOwnedEvent(tx, userId, input.eventId, { lock: true });
    assertNotCancelled(event);
    const saleStartsAt = fromLocalInput(input.saleStartsLocal, event.timeZone);
    if (!saleStartsAt) {
      throw fieldError("saleStartsLocal", "Enter a date and time like 2026-12-05T10:00.");
    }
    if (saleStartsAt >= event.endsAt) {
      throw fieldError("saleStartsLocal", "The sale must open before the event ends.");
    }
    const [before] = await tx
      .select()
      .from(eventWaitingRooms)
      .where(eq(eventWaitingRooms.eventId, event.id));
    const moved = before?.saleStartsAt.getTime() !== saleStartsAt.getTime();
    if (input.enabled && moved && saleStartsAt.getTime() < Date.now() - 60_000) {
      throw fieldError("saleStartsLocal", "The sale's start is in the past.");
    }
    const values = {
      enabled: input.enabled,
      saleStartsAt,
      checkoutCapacity: input.checkoutCapacity,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(eventWaitingRooms)
      .values({ eventId: event.id, ...values })
      .onConflictDoUpdate({ target: eventWaitingRooms.eventId, set: values })
      .returning();
    return settingsView(row as Row, event.timeZone);
  });
}
