import { and, desc, eq, isNotNull, or, sql } from "drizzle-orm";
import type { PaymentIssueView } from "#contract/payment-issue-view.ts";
import type { CheckoutStatus } from "#contract/payment-options.ts";
import { requireOwnedEvent } from "#server/modules/events/event-ownership.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { checkouts } from "./payments.schema.ts";

function whatHappened(problem: string | null, disputed: boolean, status: CheckoutStatus): string {
  const parts: string[] = [];
  // The settling code writes the problem as a sentence (paid-checkout.ts, late-refund.ts).
  if (problem) parts.push(problem.endsWith(".") ? problem : `${problem}.`);
  else if (status === "flagged") parts.push("Not confirmed: check the payment in Stripe.");
  if (disputed) parts.push("The buyer disputed the payment with their bank.");
  return parts.join(" ");
}

function refundOf(status: CheckoutStatus): PaymentIssueView["refund"] {
  return status === "refunding" || status === "refunded" ? status : null;
}

/** Enough for a console section; an event with more has a bigger problem than a list. */
const maxIssues = 200;

/**
 * The event's paid checkouts with a problem (late and sold out, a mismatched amount) or a
 * dispute, newest first. The caller's event only: NOT_FOUND otherwise.
 */
export async function listEventPaymentIssues(
  db: Executor,
  userId: string,
  eventId: string,
): Promise<{ items: PaymentIssueView[] }> {
  const { event } = await requireOwnedEvent(db, userId, eventId);
  const at = sql<Date>`coalesce(${checkouts.disputedAt}, ${checkouts.settledAt}, ${checkouts.createdAt})`;
  const rows = await db
    .select({
      id: checkouts.id,
      // The buyer's account name; the first attendee's for an account without one.
      buyerName: sql<string>`coalesce(${users.name}, ${checkouts.attendees}->0->>'name', 'A buyer')`,
      totalMinor: checkouts.totalMinor,
      paidAmountMinor: checkouts.paidAmountMinor,
      currency: checkouts.currency,
      paidCurrency: checkouts.paidCurrency,
      status: checkouts.status,
      problem: checkouts.problem,
      disputedAt: checkouts.disputedAt,
      at: at.mapWith(checkouts.createdAt),
    })
    .from(checkouts)
    .innerJoin(users, eq(users.id, checkouts.userId))
    .where(
      and(
        eq(checkouts.eventId, event.id),
        or(isNotNull(checkouts.problem), isNotNull(checkouts.disputedAt)),
      ),
    )
    .orderBy(desc(at), desc(checkouts.id))
    .limit(maxIssues);
  return {
    items: rows.map((row) => ({
      checkoutId: row.id,
      buyerName: row.buyerName,
      amountMinor: row.paidAmountMinor ?? row.totalMinor,
      currency: row.paidCurrency ?? row.currency,
      whatHappened: whatHappened(row.problem, row.disputedAt !== null, row.status),
      refund: refundOf(row.status),
      disputedAt: row.disputedAt?.toISOString() ?? null,
      at: row.at.toISOString(),
    })),
  };
}
