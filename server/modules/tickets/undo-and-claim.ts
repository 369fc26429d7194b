import { eq, sql } from "drizzle-orm";
import { notifyUser } from "#server/modules/notifications/notifications.service.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Database } from "#server/platform/db/database.ts";
import type { PassOnDeps } from "./assign-ticket.ts";
import {
  type AssignmentView,
  assignmentViewOf,
  latestAssignment,
  latestAssignmentBy,
  undoRefusal,
} from "./assignment-view.ts";
import { handOver } from "./pass-on.ts";
import { shareTokenHash } from "./share-link.ts";
import { findTicket, ticketNotFound } from "./ticket-records.ts";
import { ticketAssignments } from "./tickets.schema.ts";

/**
 * Takes a ticket back (`tickets.undoAssign`): only its giver, and only while the
 * recipient has not claimed, used or passed it on. The giver gets it back under a fresh
 * QR (the recipient's, or the share link's, dies); a recipient with an account is told.
 */
export async function undoAssignment(
  db: Database,
  deps: PassOnDeps,
  giver: { userId: string },
  ticketId: string,
): Promise<AssignmentView> {
  return db.transaction(async (tx) => {
    const ticket = await findTicket(tx, ticketId, { lock: true });
    if (!ticket) throw ticketNotFound();
    const row = await latestAssignmentBy(tx, giver.userId, ticket.id);
    const latest = await latestAssignment(tx, ticket.id);
    const refusal =
      latest?.id !== row.id ? "The recipient has passed this ticket on." : undoRefusal(row, ticket);
    if (refusal) throw new FunctionError("FAILED_PRECONDITION", refusal, { reason: "undo-closed" });
    await handOver(tx, ticket, {
      holderUserId: giver.userId,
      attendeeName: row.previousAttendeeName,
    });
    const [undone] = await tx
      .update(ticketAssignments)
      .set({ status: "undone", settledAt: sql`now()` })
      .where(eq(ticketAssignments.id, row.id))
      .returning();
    if (!undone) throw new Error("assignment vanished");
    if (row.status === "delivered" && row.recipientUserId) {
      await notifyUser(
        tx,
        {
          userId: row.recipientUserId,
          kind: "ticket-taken-back",
          title: `${row.fromName} took a ticket back`,
          body: `${row.fromName} took back the ticket for ${ticket.event.title} they gave you. It is no longer in your wallet.`,
          link: null,
          key: `ticket-taken-back:${row.id}`,
        },
        { messages: deps.messages, publicUrl: deps.publicUrl },
      );
    }
    return assignmentViewOf(undone, { status: ticket.status, holderUserId: giver.userId });
  });
}

/**
 * Claims a ticket with the share link's token (`tickets.claim`) into the caller's
 * account, while that link is the ticket's latest, unclaimed passing-on. A wrong or spent
 * token answers NOT_FOUND, as for a ticket that does not exist.
 */
export async function claimTicket(
  db: Database,
  claimer: { userId: string },
  input: { ticketId: string; shareToken: string },
): Promise<{ ticketId: string }> {
  return db.transaction(async (tx) => {
    const ticket = await findTicket(tx, input.ticketId, { lock: true });
    if (!ticket) throw ticketNotFound();
    const latest = await latestAssignment(tx, ticket.id);
    if (
      latest?.status !== "pending" ||
      latest.shareTokenHash !== shareTokenHash(input.shareToken)
    ) {
      throw ticketNotFound();
    }
    if (ticket.status !== "valid") {
      throw new FunctionError("FAILED_PRECONDITION", "This ticket can no longer be claimed.", {
        reason: ticket.status,
      });
    }
    const [me] = await tx
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, claimer.userId));
    await handOver(tx, ticket, {
      holderUserId: claimer.userId,
      attendeeName: latest.recipientName || me?.name || ticket.attendeeName,
    });
    await tx
      .update(ticketAssignments)
      .set({ status: "claimed", recipientUserId: claimer.userId, settledAt: sql`now()` })
      .where(eq(ticketAssignments.id, latest.id));
    return { ticketId: ticket.id };
  });
}
