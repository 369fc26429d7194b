import { sql } from "drizzle-orm";
import type { FunctionContext } from "../../platform/callable/define-function.ts";
import { FunctionError } from "../../platform/callable/function-error.ts";
import type { RateRule } from "../../platform/rate-limit/rate-limiter.ts";
import { parsePhoneNumber } from "../accounts/phone-number.ts";
import { normalizeReference } from "./booking-reference.ts";
import { type BookingView, findBookingView } from "./booking-view.ts";

/** Lookups from one address: enough for a family at a kiosk, too few to guess references. */
export const lookupPerIpRule: RateRule = {
  name: "bookings.lookup.ip",
  limit: 20,
  windowSeconds: 15 * 60,
  blockSeconds: 15 * 60,
};

/** Tries at one reference, from anywhere: guessing its contact from many addresses stops too. */
export const lookupPerReferenceRule: RateRule = {
  name: "bookings.lookup.reference",
  limit: 10,
  windowSeconds: 60 * 60,
  blockSeconds: 60 * 60,
};

/** One answer for a wrong reference and a wrong contact: neither can be probed alone. */
const noMatch = () =>
  new FunctionError(
    "NOT_FOUND",
    "We found no booking with this reference and this phone number or email.",
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

/**
 * A booking by reference and the phone or email used (bookings.lookup), for anyone:
 * the view without ticket ids. Rate limited per IP and per reference.
 */
export async function lookupBooking(
  ctx: FunctionContext,
  input: { reference: string; contact: string; region?: string },
): Promise<BookingView> {
  const { rateLimiter } = ctx.services;
  await rateLimiter.consume(lookupPerIpRule, ctx.client.ip);
  const reference = normalizeReference(input.reference);
  await rateLimiter.consume(lookupPerReferenceRule, reference ?? input.reference.toUpperCase());
  const contact = contactCondition(input.contact, input.region);
  if (!reference || !contact) throw noMatch();
  const view = await findBookingView(
    ctx.db,
    sql`b.reference = ${reference} and ${contact}`,
    "visitor",
  );
  if (!view) throw noMatch();
  return view;
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
