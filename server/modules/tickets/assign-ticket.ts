import { and, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { ticketPath } from "#contract/paths.ts";
import { isEmailAddress, normaliseEmail } from "#server/modules/accounts/identifiers.ts";
import { parsePhoneNumber } from "#server/modules/accounts/phone-number.ts";
import { notifyUser, sendEmail } from "#server/modules/notifications/notifications.service.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { FunctionError, fieldError } from "#server/platform/callable/function-error.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import type { MessageService } from "#server/platform/messages/message-service.ts";
import { type AssignmentView, assignmentViewOf } from "./assignment-view.ts";
import { handOver } from "./pass-on.ts";
import { newShareToken, sharePath } from "./share-link.ts";
import { findTicket, type TicketRecord, ticketNotFound } from "./ticket-records.ts";
import { ticketAssignments } from "./tickets.schema.ts";

export type AssignInput = {
  ticketId: string;
  name: string;
  phone?: string | undefined;
  region?: string | undefined;
  email?: string | undefined;
  idempotencyKey: string;
};

export type PassOnDeps = { messages: MessageService; publicUrl: string };

type Recipient = { name: string; phone: string | null; email: string | null };

function recipientOf(input: AssignInput): Recipient {
  const phoneText = input.phone?.trim() ?? "";
  const emailText = input.email?.trim() ?? "";
  if (!phoneText && !emailText) {
    throw fieldError("phone", "Enter the recipient's phone number or email address.");
  }
  let phone: string | null = null;
  if (phoneText) {
    const parsed = parsePhoneNumber(phoneText, input.region);
    if (!parsed.ok) throw fieldError("phone", parsed.message);
    phone = parsed.e164;
  }
  if (emailText && !isEmailAddress(emailText)) {
    throw fieldError("email", "This email address is not valid.");
  }
  return { name: input.name.trim(), phone, email: emailText ? normaliseEmail(emailText) : null };
}

/** The live account whose verified phone or email is the recipient's. */
async function accountOf(tx: Executor, recipient: Recipient) {
  const matches = [
    recipient.phone
      ? and(eq(users.phone, recipient.phone), isNotNull(users.phoneVerifiedAt))
      : undefined,
    recipient.email
      ? and(eq(sql`lower(${users.email})`, recipient.email), isNotNull(users.emailVerifiedAt))
      : undefined,
  ].filter(Boolean);
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(or(...matches), isNull(users.deletedAt)))
    .limit(1);
  return user ?? null;
}

function assertCanPassOn(ticket: TicketRecord) {
  const refuse = (message: string, reason: string) => {
    throw new FunctionError("FAILED_PRECONDITION", message, { reason });
  };
  if (ticket.status === "checked-in")
    refuse("This ticket has been used at the door.", "checked-in");
  if (ticket.status === "cancelled") refuse("This ticket has been cancelled.", "cancelled");
  if (ticket.event.status === "cancelled") refuse("This event has been cancelled.", "cancelled");
  if (new Date(ticket.event.endsAt).getTime() <= Date.now()) {
    refuse("This event has ended.", "ended");
  }
}

/**
 * Gives a ticket to someone (`tickets.assign`). A recipient whose verified phone or email
 * is an account's gets it in their wallet at once, with a notification; anyone else gets
 * a share link by SMS (or email) and the ticket waits, held by nobody, until claimed. The
 * giver keeps nothing: the old QR dies. A retry with the same key answers the same.
 */
export async function assignTicket(
  db: Database,
  deps: PassOnDeps,
  giver: { userId: string },
  input: AssignInput,
): Promise<AssignmentView> {
  return db.transaction(async (tx) => {
    // The ticket row is locked first: a double submit waits here, then finds the first
    // one's assignment under its key and answers with it.
    const locked = await findTicket(tx, input.ticketId, { lock: true });
    const [earlier] = await tx
      .select()
      .from(ticketAssignments)
      .where(
        and(
          eq(ticketAssignments.fromUserId, giver.userId),
          eq(ticketAssignments.idempotencyKey, input.idempotencyKey),
        ),
      );
    if (earlier) {
      if (!locked || earlier.ticketId !== locked.id) {
        throw new FunctionError(
          "ALREADY_EXISTS",
          "This request was already used for another ticket.",
        );
      }
      return assignmentViewOf(earlier, locked);
    }
    if (!locked || locked.holderUserId !== giver.userId) throw ticketNotFound();
    const ticket = locked;
    assertCanPassOn(ticket);
    const recipient = recipientOf(input);
    const account = await accountOf(tx, recipient);
    if (account?.id === giver.userId) {
      throw fieldError(
        recipient.phone ? "phone" : "email",
        "This is you: the ticket is already yours.",
      );
    }
    const [from] = await tx
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, giver.userId));
    const fromName = from?.name ?? "Someone";
    const share = account ? null : newShareToken();
    const channel = account ? "account" : recipient.phone ? "sms" : "email";
    await handOver(tx, ticket, {
      holderUserId: account?.id ?? null,
      attendeeName: recipient.name,
    });
    const [row] = await tx
      .insert(ticketAssignments)
      .values({
        ticketId: ticket.id,
        fromUserId: giver.userId,
        fromName,
        previousAttendeeName: ticket.attendeeName,
        recipientName: recipient.name,
        recipientPhone: recipient.phone,
        recipientEmail: recipient.email,
        recipientUserId: account?.id ?? null,
        channel,
        shareTokenHash: share?.hash ?? null,
        status: account ? "delivered" : "pending",
        idempotencyKey: input.idempotencyKey,
      })
      .returning();
    if (!row) throw new Error("assignment not inserted");
    const what = `a ticket for ${ticket.event.title}`;
    const options = { messages: deps.messages, publicUrl: deps.publicUrl };
    if (account) {
      await notifyUser(
        tx,
        {
          userId: account.id,
          kind: "ticket-received",
          title: `${fromName} gave you a ticket`,
          body: `${fromName} gave you ${what} (${ticket.ticketTypeName}). It is in your wallet.`,
          link: ticketPath(ticket.id),
          key: `ticket-received:${row.id}`,
        },
        options,
      );
    } else if (share) {
      const link = new URL(sharePath(ticket.id, share.token), deps.publicUrl).href;
      const text = `${fromName} gave you ${what}. Open it and add it to your account: ${link}`;
      // No account to tell (notifyUser needs one): the address given, once by its key.
      const key = `ticket-shared:${row.id}`;
      if (recipient.phone) {
        await deps.messages.queueSms(tx, recipient.phone, text, { key: `${key}:sms` });
      } else if (recipient.email) {
        await sendEmail(
          tx,
          options,
          { to: recipient.email, subject: `${fromName} gave you ${what}`, text },
          { key: `${key}:email` },
        );
      }
    }
    return assignmentViewOf(row, {
      status: ticket.status,
      holderUserId: account?.id ?? null,
    });
  });
}
