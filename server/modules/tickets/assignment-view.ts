import { and, desc, eq } from "drizzle-orm";
import { maskPhoneNumber } from "#server/modules/accounts/phone-number.ts";
import type { Executor } from "#server/platform/db/database.ts";
import type { AssignmentStatus } from "./assignment-status.ts";
import { ticketNotFound } from "./ticket-records.ts";
import { ticketAssignments } from "./tickets.schema.ts";

export type AssignmentRow = typeof ticketAssignments.$inferSelect;

/** What the giver sees after passing a ticket on (the confirmation screen). */
export type AssignmentView = {
  id: string;
  ticketId: string;
  recipientName: string;
  /** `account`: in their wallet now; `sms` / `email`: a share link was sent there. */
  channel: "account" | "sms" | "email";
  /** Where the link went (a phone masked), or the account's matched address. */
  destination: string;
  status: AssignmentStatus;
  canUndo: boolean;
  createdAt: string;
};

export function assignmentViewOf(
  row: AssignmentRow,
  ticket: { status: string; holderUserId: string | null },
): AssignmentView {
  const destination = row.recipientPhone
    ? maskPhoneNumber(row.recipientPhone)
    : (row.recipientEmail ?? "");
  return {
    id: row.id,
    ticketId: row.ticketId,
    recipientName: row.recipientName,
    channel: row.channel,
    destination,
    status: row.status,
    canUndo: undoRefusal(row, ticket) === null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Why an assignment can no longer be undone, or null: only while the recipient has not
 * claimed it, used it or passed it on.
 */
export function undoRefusal(
  row: Pick<AssignmentRow, "status" | "recipientUserId">,
  ticket: { status: string; holderUserId: string | null },
): string | null {
  if (row.status === "claimed") return "The recipient has already claimed this ticket.";
  if (row.status === "undone") return "This has already been undone.";
  if (ticket.status === "checked-in") return "This ticket has already been used at the door.";
  if (ticket.status === "cancelled") return "This ticket has been cancelled.";
  if (row.status === "delivered" && ticket.holderUserId !== row.recipientUserId) {
    return "The recipient has passed this ticket on.";
  }
  return null;
}

/** The latest assignment of a ticket (null when never passed on). */
export async function latestAssignment(
  db: Executor,
  ticketId: string,
): Promise<AssignmentRow | null> {
  const [row] = await db
    .select()
    .from(ticketAssignments)
    .where(eq(ticketAssignments.ticketId, ticketId))
    .orderBy(desc(ticketAssignments.createdAt), desc(ticketAssignments.id))
    .limit(1);
  return row ?? null;
}

/** The latest assignment `userId` made of a ticket; NOT_FOUND when they never gave it. */
export async function latestAssignmentBy(
  db: Executor,
  userId: string,
  ticketId: string,
): Promise<AssignmentRow> {
  const [row] = await db
    .select()
    .from(ticketAssignments)
    .where(and(eq(ticketAssignments.ticketId, ticketId), eq(ticketAssignments.fromUserId, userId)))
    .orderBy(desc(ticketAssignments.createdAt), desc(ticketAssignments.id))
    .limit(1);
  if (!row) throw ticketNotFound();
  return row;
}
