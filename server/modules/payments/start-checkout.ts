import { eq, sql } from "drizzle-orm";
import type { Answers } from "#contract/event-questions.ts";
import type { HoldView } from "#contract/hold-view.ts";
import { loadHoldView } from "#server/modules/holds/hold-view.ts";
import { checkAnswers } from "#server/modules/questions/check-answers.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { cardBlockedReason, holdEventFacts, priceHold } from "./checkout-quote.ts";
import type { PaymentDeps } from "./payment-deps.ts";
import type { PaymentProvider, StartCheckoutRequest } from "./payment-provider.ts";
import { checkouts } from "./payments.schema.ts";

export type StartCheckoutInput = {
  holdId: string;
  /** One per ticket, in the hold's order, with the attendee's answers (decision 037). */
  attendees: { name: string; answers?: Answers | undefined }[];
  /** The order's answers. */
  answers?: Answers | undefined;
  contactEmail?: string | undefined;
};

export type StartedCheckout = { checkoutId: string; url: string; expiresAt: string };

type CheckoutRow = typeof checkouts.$inferSelect;

/**
 * How long a checkout (and so its hold) lasts: Stripe's 30-minute minimum plus a minute,
 * so the request still meets the minimum after the time it takes to reach Stripe (and its
 * whole-second rounding). A retry sends the row's expiry again, never a new one: the
 * provider answers a repeated idempotency key only for identical parameters.
 */
const CHECKOUT_MINUTES = 31;

const unavailable = () =>
  new FunctionError("UNAVAILABLE", "Could not reach the payment provider. Please try again.");

const refused = (reason: string, message: string) =>
  new FunctionError("FAILED_PRECONDITION", message, { reason });

/** Why a hold that is not live cannot be paid, in the words bookings.confirm uses. */
function notLive(hold: HoldView): FunctionError {
  return hold.status === "active" || hold.status === "expired"
    ? refused(
        "hold-expired",
        "Your hold expired and its tickets went back on sale. Please choose your tickets again.",
      )
    : refused(
        "hold-ended",
        "This hold was let go or replaced by a newer one. Please choose your tickets again.",
      );
}

/**
 * payments.startCheckout: a hosted card checkout of the caller's live hold. Records the
 * `checkouts` row (one per hold; a second start updates the attendees, their answers and
 * the contact and reuses the same provider checkout), extends the hold to the checkout's expiry (the
 * page's countdown reads the hold), then asks the provider, outside any transaction,
 * with the hold's id as idempotency key. A provider failure leaves the row and the hold:
 * a retry sends the same request and gets the same checkout.
 */
export async function startCheckout(
  deps: PaymentDeps,
  userId: string,
  input: StartCheckoutInput,
): Promise<StartedCheckout> {
  const hold = await loadHoldView(deps.db, input.holdId, userId);
  if (!hold.live) throw notLive(hold);
  const facts = await holdEventFacts(deps.db, hold);
  if (facts.eventStatus !== "published") {
    throw refused("event-cancelled", "This event was cancelled.");
  }
  const priced = priceHold(hold, facts, deps.settings);
  if (priced.method !== "card") {
    throw refused("not-card", "These tickets are not paid by card: confirm them without paying.");
  }
  const blocked = cardBlockedReason(priced, deps.settings, deps.provider !== null);
  if (blocked) throw refused(blocked.reason, blocked.message);
  const provider = deps.provider as PaymentProvider;
  if (input.attendees.length !== hold.ticketCount) {
    const message = `Enter one name per ticket (${hold.ticketCount}).`;
    throw new FunctionError("INVALID_ARGUMENT", message, [{ path: "attendees", message }]);
  }
  // Before the row and the provider: a refused answer is never charged for. Kept with the
  // attendees, so whichever path makes the booking once paid writes them (decision 037).
  await checkAnswers(deps.db, hold, input.attendees, input.answers);
  const row = await deps.db.transaction(async (tx) => {
    const recorded = await recordCheckout(tx, provider.name, userId, input, priced);
    if (!recorded) throw notLive({ ...hold, status: "converted" });
    // The hold lasts as long as its checkout; a hold run out meanwhile is not revived.
    const [extended] = await rowsOf<{ id: string }>(
      tx,
      sql`update holds set expires_at = greatest(expires_at, ${recorded.expiresAt})
          where id = ${hold.id}::uuid and status = 'active' and expires_at > now()
          returning id`,
    );
    if (!extended) throw notLive(hold);
    return recorded;
  });
  if (row.url && row.providerCheckoutId) {
    return { checkoutId: row.id, url: row.url, expiresAt: row.expiresAt.toISOString() };
  }
  const started = await askProvider(deps, provider, row, hold, facts.accountId ?? "");
  return { checkoutId: row.id, url: started.url, expiresAt: row.expiresAt.toISOString() };
}

/**
 * The checkout row of the hold: inserted, or (a second start) its attendees, answers and
 * contact updated while it is still open; the amounts and expiry of the first start are kept.
 * Null when the hold's checkout is no longer open (paid, expired).
 */
async function recordCheckout(
  tx: Executor,
  providerName: string,
  userId: string,
  input: StartCheckoutInput,
  priced: ReturnType<typeof priceHold>,
): Promise<CheckoutRow | null> {
  const [row] = await tx
    .insert(checkouts)
    .values({
      holdId: input.holdId,
      userId,
      eventId: priced.facts.eventId,
      businessId: priced.facts.businessId,
      provider: providerName,
      attendees: input.attendees.map((attendee) =>
        attendee.answers
          ? { name: attendee.name, answers: attendee.answers }
          : { name: attendee.name },
      ),
      orderAnswers: input.answers ?? {},
      contactEmail: input.contactEmail ?? null,
      currency: (priced.currency ?? "").toLowerCase(),
      ticketsMinor: priced.ticketsMinor,
      feesMinor: priced.feesMinor,
      taxMinor: priced.taxMinor,
      includedTaxMinor: priced.includedTaxMinor,
      totalMinor: priced.totalMinor,
      applicationFeeMinor: priced.feesMinor,
      expiresAt: sql`now() + make_interval(mins => ${CHECKOUT_MINUTES})`,
    })
    .onConflictDoUpdate({
      target: checkouts.holdId,
      set: {
        attendees: sql`excluded.attendees`,
        orderAnswers: sql`excluded.order_answers`,
        contactEmail: sql`excluded.contact_email`,
      },
      setWhere: sql`${checkouts.status} = 'open'`,
    })
    .returning();
  return row ?? null;
}

/** What the provider is sent for a checkout row: the same every time for one row. */
export function checkoutRequestOf(
  row: CheckoutRow,
  hold: HoldView,
  connectedAccountId: string,
  publicUrl: string,
  eventShortId: string,
): StartCheckoutRequest {
  const page = new URL(`/booking/${eventShortId}`, publicUrl);
  page.searchParams.set("checkout", row.id);
  const successUrl = page.href;
  page.searchParams.set("back", "1");
  const lines = hold.items.map((item) => ({
    name: item.name,
    unitAmountMinor: item.unitPriceMinor,
    quantity: item.quantity,
  }));
  if (row.feesMinor > 0)
    lines.push({ name: "Booking fee", unitAmountMinor: row.feesMinor, quantity: 1 });
  if (row.taxMinor > 0) lines.push({ name: "Tax", unitAmountMinor: row.taxMinor, quantity: 1 });
  return {
    checkoutId: row.id,
    idempotencyKey: row.holdId,
    currency: row.currency,
    lines,
    totalMinor: row.totalMinor,
    applicationFeeMinor: row.applicationFeeMinor,
    connectedAccountId,
    expiresAt: row.expiresAt,
    successUrl,
    cancelUrl: page.href,
    // Not the contact typed on the page: it may change between two starts, and the
    // provider answers a repeated key only for identical parameters.
    customerEmail: null,
    metadata: { checkoutId: row.id, holdId: row.holdId, eventId: row.eventId },
  };
}

/**
 * Asks the provider for the row's checkout (the first time, or again after a failure or
 * a crash: the same key and parameters give the same checkout) and records it.
 */
export async function askProvider(
  deps: PaymentDeps,
  provider: PaymentProvider,
  row: CheckoutRow,
  hold: HoldView,
  connectedAccountId: string,
): Promise<{ url: string; providerCheckoutId: string }> {
  const [event] = await rowsOf<{ short_id: string }>(
    deps.db,
    sql`select short_id from events where id = ${row.eventId}::uuid`,
  );
  const request = checkoutRequestOf(
    row,
    hold,
    connectedAccountId,
    deps.settings.PUBLIC_URL,
    event?.short_id ?? "",
  );
  let answer: Awaited<ReturnType<PaymentProvider["startCheckout"]>>;
  try {
    answer = await provider.startCheckout(request);
  } catch (error) {
    deps.log.warn({ err: error, checkoutId: row.id }, "the provider did not start a checkout");
    throw unavailable();
  }
  await deps.db
    .update(checkouts)
    .set({ providerCheckoutId: answer.providerCheckoutId, url: answer.url })
    .where(eq(checkouts.id, row.id));
  return { url: answer.url, providerCheckoutId: answer.providerCheckoutId };
}
