import { sql } from "drizzle-orm";
import type { BookingView } from "#contract/booking-view.ts";
import { brandName } from "#contract/brand.ts";
import { bookingPath } from "#contract/paths.ts";
import { parsePhoneNumber } from "#server/modules/accounts/phone-number.ts";
import type { FunctionContext } from "#server/platform/callable/define-function.ts";
import { FunctionError, fieldError } from "#server/platform/callable/function-error.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { readSignedValue, signValue } from "#server/platform/http/signed-value.ts";
import type { RateRule } from "#server/platform/rate-limit/rate-limiter.ts";
import { normalizeReference } from "./booking-reference.ts";
import { findBookingView } from "./booking-view.ts";

/** Lookups from one address: enough for a family at a kiosk, too few to guess references. */
export const lookupPerIpRule: RateRule = {
  name: "bookings.lookup.ip",
  limit: 20,
  windowSeconds: 15 * 60,
  blockSeconds: 15 * 60,
};

/** Tries at one reference from one address: a guesser there stops, nobody else does. */
export const lookupPerReferenceAndIpRule: RateRule = {
  name: "bookings.lookup.reference_ip",
  limit: 10,
  windowSeconds: 60 * 60,
  blockSeconds: 60 * 60,
};

/**
 * Tries at one reference from anywhere. Past it the reference is under attack: a lookup
 * no longer shows the booking on the page but sends a link to the phone or email used
 * for the booking, when what was typed matches it. Guessers learn nothing; the owner
 * still gets in (OWASP: a lockout must not lock the owner out).
 */
export const lookupTriesPerReferenceRule: RateRule = {
  name: "bookings.lookup.reference",
  limit: 10,
  windowSeconds: 60 * 60,
  blockSeconds: 60 * 60,
};

/** How long the emailed or texted link shows the booking. */
export const ACCESS_LINK_SECONDS = 30 * 60;
const ACCESS_PURPOSE = "booking-access";

/** One answer for a wrong reference and a wrong contact: neither can be probed alone. */
const noMatch = () =>
  new FunctionError(
    "NOT_FOUND",
    "We found no booking with this reference and this phone number or email.",
  );

/** The answer under attack, match or not. */
const linkSent = () =>
  new FunctionError(
    "FAILED_PRECONDITION",
    "This booking has had many lookups, so we do not show it here. If the phone number or email you typed is the one used for the booking, we have just sent it a link to the booking.",
    { reason: "link-sent" },
  );

function contactCondition(contact: string, region: string | undefined) {
  const text = contact.trim();
  if (text.includes("@")) return sql`lower(b.contact_email) = ${text.toLowerCase()}`;
  const parsed = parsePhoneNumber(text, region);
  if (parsed.ok) return sql`b.contact_phone = ${parsed.e164}`;
  // Typed without a country: the digits must be the stored number's, from its end.
  const digits = text.replace(/\D/g, "").replace(/^0+/, "");
  if (digits.length < 6) return null;
  return sql`right(b.contact_phone, ${digits.length}) = ${digits}`;
}

export type LookupInput = {
  reference: string;
  contact?: string | undefined;
  region?: string | undefined;
  /** The signed token of a link sent while the reference was under attack. */
  access?: string | undefined;
};

/**
 * A booking by reference and the phone or email used (bookings.lookup), for anyone:
 * the view without ticket ids. Rate limited per IP, per reference and IP, and per
 * reference (past which a link is sent instead, see lookupTriesPerReferenceRule).
 */
export async function lookupBooking(
  ctx: FunctionContext,
  input: LookupInput,
): Promise<BookingView> {
  const { rateLimiter, settings } = ctx.services;
  await rateLimiter.consume(lookupPerIpRule, ctx.client.ip);
  const reference = normalizeReference(input.reference);
  if (input.access) {
    const granted = readSignedValue(settings.APP_SECRET, ACCESS_PURPOSE, input.access);
    if (!reference || granted?.reference !== reference) {
      throw new FunctionError(
        "FAILED_PRECONDITION",
        "This link has expired or is not valid. Look the booking up again.",
        { reason: "link-expired" },
      );
    }
    const view = await findBookingView(ctx.db, sql`b.reference = ${reference}`, "visitor");
    if (!view) throw noMatch();
    return view;
  }
  if (!input.contact?.trim()) {
    throw fieldError("contact", "Enter the phone number or email used for the booking.");
  }
  const key = reference ?? input.reference.toUpperCase();
  await rateLimiter.consume(lookupPerReferenceAndIpRule, `${key}@${ctx.client.ip}`);
  const tries = await rateLimiter.hit(lookupTriesPerReferenceRule, key);
  const contact = contactCondition(input.contact, input.region);
  const view =
    reference && contact
      ? await findBookingView(ctx.db, sql`b.reference = ${reference} and ${contact}`, "visitor")
      : null;
  if (!tries.allowed) {
    await sendAccessLink(ctx, view, input.contact.trim());
    throw linkSent();
  }
  if (!view) throw noMatch();
  return view;
}

/**
 * Under attack: a link to the booking, to its own contact when what was typed matched.
 * Otherwise the same work, withheld, to what was typed: the time of the answer tells
 * nothing either.
 */
async function sendAccessLink(ctx: FunctionContext, view: BookingView | null, typed: string) {
  const { settings, messages } = ctx.services;
  const byEmail = typed.includes("@");
  const reference = view?.reference ?? "";
  const token = signValue(settings.APP_SECRET, ACCESS_PURPOSE, { reference }, ACCESS_LINK_SECONDS);
  const link = new URL(bookingPath(reference), settings.PUBLIC_URL);
  link.searchParams.set("access", token);
  const text = `Your ${brandName} booking ${reference}: ${link.href} (the link works for 30 minutes). If you did not ask for it, ignore this message.`;
  const contacts = view ? await bookingContacts(ctx, view.id) : null;
  // What was typed matched the booking's own contact of that kind: send it there.
  const to = (byEmail ? contacts?.email : contacts?.phone) ?? typed;
  const withhold = !view;
  if (byEmail) {
    const email = { to, subject: `Your ${brandName} booking`, text };
    await messages.queueEmail(ctx.db, email, { withhold });
  } else {
    await messages.queueSms(ctx.db, to, text, { withhold });
  }
}

async function bookingContacts(ctx: FunctionContext, bookingId: string) {
  const [row] = await rowsOf<{ phone: string | null; email: string | null }>(
    ctx.db,
    sql`select contact_phone as phone, contact_email as email from bookings where id = ${bookingId}::uuid`,
  );
  return row ?? null;
}

/** The signed-in owner's booking by reference (bookings.get); anyone else's is NOT_FOUND. */
export async function ownBookingByReference(
  ctx: FunctionContext & { auth: { userId: string } },
  referenceInput: string,
): Promise<BookingView> {
  const reference = normalizeReference(referenceInput);
  const view = reference
    ? await findBookingView(
        ctx.db,
        sql`b.reference = ${reference} and b.user_id = ${ctx.auth.userId}::uuid`,
        "owner",
      )
    : null;
  if (!view) throw new FunctionError("NOT_FOUND", "Booking not found.");
  return view;
}
