import { randomBytes, randomUUID } from "node:crypto";
import type { Executor } from "#server/platform/db/database.ts";
import { newManualCode } from "./manual-code.ts";
import { tickets } from "./tickets.schema.ts";

export type TicketsToIssue = {
  bookingId: string;
  eventId: string;
  holderUserId: string;
  /** One per admission, in the attendees' order. */
  admissions: { ticketTypeId: string; attendeeName: string }[];
};

/**
 * Issues a booking's tickets, in the booking's transaction. Each gets 256 random bits of
 * secret: its QR token is signed over it, so replacing the secret kills the old QR.
 * Returns the tickets' ids in the admissions' order (the attendees' answers go on them).
 */
export async function issueTickets(tx: Executor, order: TicketsToIssue): Promise<string[]> {
  const now = Date.now();
  const ids = order.admissions.map(() => randomUUID());
  await tx.insert(tickets).values(
    order.admissions.map((admission, index) => ({
      id: ids[index] as string,
      bookingId: order.bookingId,
      eventId: order.eventId,
      ticketTypeId: admission.ticketTypeId,
      holderUserId: order.holderUserId,
      attendeeName: admission.attendeeName,
      secret: randomBytes(32).toString("base64url"),
      manualCode: newManualCode(),
      // Distinct times keep the attendees' order when listed.
      createdAt: new Date(now + index),
    })),
  );
  return ids;
}
